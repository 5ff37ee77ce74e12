import path from 'node:path';
import * as XLSX from '@e965/xlsx';
import ExcelJS from 'exceljs';
import JSZip from 'jszip';
import { AppError } from '../../platform/http/app-error.js';
import { CONTACT_IMPORT_MAX_UNPACKED_BYTES } from './contacts.schema.js';

/** One data row of an import file: its row number in the file (the header is row 1) and the known columns. */
export interface ContactSheetRow {
  row: number;
  name: string;
  number: string;
  email: string;
  tags: string;
}

type Column = 'name' | 'number' | 'email' | 'tags';

/** Header spellings accepted for each column, compared without case, accents, spaces or punctuation. */
const headers: Record<string, Column> = {
  name: 'name',
  nome: 'name',
  number: 'number',
  numero: 'number',
  telefone: 'number',
  phone: 'number',
  celular: 'number',
  whatsapp: 'number',
  email: 'email',
  mail: 'email',
  tags: 'tags',
  tag: 'tags',
  etiquetas: 'tags',
};

export const importExtensions = ['.xlsx', '.xls', '.csv'];
const workbookExtensions = ['.xlsx', '.xls'];

/** A real workbook has a few dozen parts; a zip of thousands is not one. */
const MAX_ZIP_ENTRIES = 1000;
/** Cells a contact row may average (its columns, whatever the sheet holds besides the known four). */
const MAX_CELLS_PER_ROW = 50;

function invalidFile(message: string): AppError {
  return new AppError('ERR_INVALID_FILE', 400, { message, fields: { file: message } });
}

function tooLarge(message: string): AppError {
  return new AppError('ERR_SPREADSHEET_TOO_LARGE', 413, { message, fields: { file: message } });
}

/** What a reader accepts: the file names, the rows, and how far an .xlsx may unpack. */
export interface ContactSheetLimits {
  maxRows: number;
  maxUnpackedBytes?: number;
  /** Only workbooks (.xls, .xlsx), read by their content: CSV text is refused whatever the file is called. */
  workbooksOnly?: boolean;
}

/**
 * Reads an uploaded contact spreadsheet (the contacts import, and a campaign's contact list): .xlsx with exceljs, .csv
 * (comma, semicolon or tab separated, UTF-8 or Windows-1252) with our own RFC 4180 reader, a legacy binary .xls
 * (Excel 97-2003) with SheetJS. A .xls that really holds xlsx or CSV content is read as such.
 */
export async function readContactSheet(
  file: { originalname: string; buffer: Buffer },
  limits: ContactSheetLimits,
): Promise<ContactSheetRow[]> {
  const { maxRows } = limits;
  const extension = path.extname(file.originalname ?? '').toLowerCase();
  const extensions = limits.workbooksOnly ? workbookExtensions : importExtensions;
  if (!extensions.includes(extension)) throw invalidFile(`Envie uma planilha ${extensions.join(', ')}`);
  const data = file.buffer;
  const zip = data.length >= 4 && data.readUInt32BE(0) === 0x504b0304;
  const ole = data.length >= 8 && data.readUInt32BE(0) === 0xd0cf11e0 && data.readUInt32BE(4) === 0xa1b11ae1;
  let table: string[][];
  if (zip) table = await readWorkbook(data, maxRows, limits.maxUnpackedBytes ?? CONTACT_IMPORT_MAX_UNPACKED_BYTES);
  else if (ole) table = readLegacyWorkbook(data, maxRows);
  else if (extension === '.xlsx' || limits.workbooksOnly) throw invalidFile(`O arquivo não é uma planilha ${extension} válida`);
  else table = readCsv(decodeText(data), maxRows);
  return toRows(table, maxRows);
}

/**
 * Unpacks every entry of the zip as a stream, counting bytes and keeping none, and stops at the limit: the sizes a
 * zip declares can lie, the inflated bytes cannot. Memory stays at one chunk whatever the file claims. The sheets'
 * rows and cells are counted on the way, so that a few megabytes of empty `<row/>` or `<c/>` (millions of objects
 * once parsed) are refused too.
 */
async function assertUnpackedSize(data: Buffer, limit: number, maxRows: number): Promise<void> {
  let zip: JSZip;
  try {
    zip = await JSZip.loadAsync(data);
  } catch {
    throw invalidFile('O arquivo não é uma planilha .xlsx válida');
  }
  const entries = Object.values(zip.files).filter((entry) => !entry.dir);
  if (entries.length > MAX_ZIP_ENTRIES) throw invalidFile('O arquivo não é uma planilha .xlsx válida');
  let total = 0;
  const counts = { rows: 0, cells: 0 };
  for (const entry of entries) {
    const sheet = /^xl\/worksheets\/[^/]+\.xml$/.test(entry.name);
    let carry = '';
    await new Promise<void>((resolve, reject) => {
      const stream = entry.nodeStream('nodebuffer');
      const stop = (error: AppError) => {
        stream.pause();
        stream.removeAllListeners('data');
        reject(error);
      };
      stream.on('data', (chunk: Buffer) => {
        total += chunk.length;
        if (total > limit) {
          return stop(tooLarge(`A planilha descompactada passa de ${Math.round(limit / (1024 * 1024))} MB: divida-a em arquivos menores`));
        }
        if (!sheet) return;
        // The tail of the previous chunk joins this one, so a tag split between chunks is counted once.
        const text = carry + chunk.toString('latin1');
        counts.rows += text.match(/<row[\s/>]/g)?.length ?? 0;
        counts.cells += text.match(/<c[\s/>]/g)?.length ?? 0;
        carry = text.slice(-4);
        counts.rows -= carry.match(/<row[\s/>]/g)?.length ?? 0;
        counts.cells -= carry.match(/<c[\s/>]/g)?.length ?? 0;
        if (counts.rows > 2 * maxRows + 10) stop(invalidFile(`A planilha pode ter no máximo ${maxRows} linhas de contatos`));
        else if (counts.cells > MAX_CELLS_PER_ROW * (maxRows + 2))
          stop(tooLarge('A planilha tem células demais: divida-a em arquivos menores'));
      });
      stream.on('end', () => resolve());
      stream.on('error', () => reject(invalidFile('O arquivo não é uma planilha .xlsx válida')));
    });
  }
}

async function readWorkbook(data: Buffer, maxRows: number, maxUnpackedBytes: number): Promise<string[][]> {
  await assertUnpackedSize(data, maxUnpackedBytes, maxRows);
  const workbook = new ExcelJS.Workbook();
  try {
    await workbook.xlsx.load(data as unknown as ArrayBuffer);
  } catch {
    throw invalidFile('O arquivo não é uma planilha .xlsx válida');
  }
  const sheet = workbook.worksheets[0];
  if (!sheet) return [];
  const table: string[][] = [];
  sheet.eachRow({ includeEmpty: true }, (row, rowNumber) => {
    if (rowNumber > maxRows + 2) return; // enough to tell that the file is too long
    const cells: string[] = [];
    row.eachCell({ includeEmpty: true }, (cell, column) => {
      cells[column - 1] = cellText(cell.value);
    });
    table[rowNumber - 1] = Array.from(cells, (cell) => cell ?? '');
  });
  return Array.from(table, (row) => row ?? []);
}

/**
 * An Excel 97-2003 workbook (an OLE compound file). Its records are stored uncompressed, so the upload limit already
 * bounds what is parsed (no decompression bomb as with xlsx); SheetJS reads at most the rows needed to tell that the
 * sheet is too long, and no formulas, styles or HTML.
 */
function readLegacyWorkbook(data: Buffer, maxRows: number): string[][] {
  let workbook: XLSX.WorkBook;
  try {
    workbook = XLSX.read(data, { type: 'buffer', sheetRows: maxRows + 2, cellFormula: false, cellHTML: false, cellStyles: false });
  } catch {
    throw invalidFile('O arquivo não é uma planilha .xls válida');
  }
  const first = workbook.SheetNames[0];
  const sheet = first ? workbook.Sheets[first] : undefined;
  if (!sheet) return [];
  const rows = XLSX.utils.sheet_to_json<unknown[]>(sheet, { header: 1, raw: true, defval: '', blankrows: true });
  return rows.map((row) => row.slice(0, MAX_CELLS_PER_ROW).map((value) => cellText(value as ExcelJS.CellValue)));
}

/** The text a cell shows: rich text joined, a hyperlink's text, a formula's result, whole numbers without exponent. */
function cellText(value: ExcelJS.CellValue): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number') return Number.isInteger(value) ? BigInt(value).toString() : String(value);
  if (typeof value === 'boolean') return String(value);
  if (value instanceof Date) return value.toISOString();
  if ('richText' in value) return value.richText.map((part) => part.text).join('');
  if ('text' in value) return typeof value.text === 'string' ? value.text : cellText(value.text as ExcelJS.CellValue);
  if ('result' in value) return cellText(value.result as ExcelJS.CellValue);
  return '';
}

/** UTF-8 (with or without BOM); bytes that are not UTF-8 are read as Windows-1252, as Excel writes CSV. */
function decodeText(data: Buffer): string {
  try {
    return new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(data);
  } catch {
    return new TextDecoder('windows-1252').decode(data);
  }
}

/**
 * RFC 4180: quoted fields may hold separators, doubled quotes and line breaks; the separator is guessed from the
 * header. A file of more than twice `maxRows` lines (blank ones included) is refused while it is read.
 */
export function readCsv(text: string, maxRows = Number.POSITIVE_INFINITY): string[][] {
  const maxLines = 2 * maxRows + 1;
  const separator = guessSeparator(text);
  const table: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i += 1) {
    const char = text[i]!;
    if (quoted) {
      if (char === '"') {
        if (text[i + 1] === '"') {
          field += '"';
          i += 1;
        } else quoted = false;
      } else field += char;
    } else if (char === '"' && field === '') quoted = true;
    else if (char === separator) {
      row.push(field);
      field = '';
    } else if (char === '\n' || char === '\r') {
      if (char === '\r' && text[i + 1] === '\n') i += 1;
      row.push(field);
      table.push(row);
      if (table.length > maxLines) throw invalidFile(`A planilha pode ter no máximo ${maxRows} linhas de contatos`);
      row = [];
      field = '';
    } else field += char;
  }
  if (field !== '' || row.length > 0) {
    row.push(field);
    table.push(row);
  }
  return table;
}

function guessSeparator(text: string): string {
  const firstLine = text.split(/\r?\n/, 1)[0] ?? '';
  const outsideQuotes = firstLine.replace(/"[^"]*"/g, '');
  const counts = [';', ',', '\t'].map((separator) => [separator, outsideQuotes.split(separator).length - 1] as const);
  const [best] = counts.sort((a, b) => b[1] - a[1]);
  return best && best[1] > 0 ? best[0] : ',';
}

function headerKey(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '');
}

function toRows(table: string[][], maxRows: number): ContactSheetRow[] {
  const headerIndex = table.findIndex((row) => row.some((cell) => cell.trim() !== ''));
  if (headerIndex < 0) throw invalidFile('A planilha está vazia');
  const columns = new Map<Column, number>();
  table[headerIndex]!.forEach((cell, index) => {
    const column = headers[headerKey(cell)];
    if (column && !columns.has(column)) columns.set(column, index);
  });
  if (!columns.has('name') || !columns.has('number')) {
    throw invalidFile('A planilha precisa das colunas name (ou nome) e number (ou numero)');
  }
  const rows: ContactSheetRow[] = [];
  for (let index = headerIndex + 1; index < table.length; index += 1) {
    const cells = table[index] ?? [];
    if (!cells.some((cell) => cell.trim() !== '')) continue;
    if (rows.length >= maxRows) throw invalidFile(`A planilha pode ter no máximo ${maxRows} linhas de contatos`);
    const read = (column: Column) => {
      const at = columns.get(column);
      return at === undefined ? '' : (cells[at] ?? '').trim();
    };
    rows.push({ row: index + 1, name: read('name'), number: read('number'), email: read('email'), tags: read('tags') });
  }
  return rows;
}
