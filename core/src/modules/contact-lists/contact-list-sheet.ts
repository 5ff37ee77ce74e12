import path from 'node:path';
import * as XLSX from '@e965/xlsx';
import JSZip from 'jszip';
import { AppError } from '../../platform/http/app-error.js';

/** One data row of a contact-list spreadsheet: its row number as Excel shows it, and the three known columns. */
export interface ContactListSheetRow {
  row: number;
  name: string;
  number: string;
  email: string;
}

type Column = 'name' | 'number' | 'email';

/** Header spellings, compared without case, accents, spaces or punctuation ('E-mail', 'Número', 'Telefone'). */
const columnOfHeader: Record<string, Column> = {
  name: 'name',
  nome: 'name',
  number: 'number',
  numero: 'number',
  telefone: 'number',
  phone: 'number',
  email: 'email',
};

export const contactListSheetExtensions = ['.xls', '.xlsx'];

export interface SheetLimits {
  maxRows: number;
  maxUnpackedBytes: number;
}

/** A workbook has a few dozen parts; a zip with thousands is not one. */
const MAX_ZIP_ENTRIES = 500;
/** Cells a row may average, whatever the sheet holds besides our three columns. */
const MAX_CELLS_PER_ROW = 30;

export function invalidSpreadsheet(message: string): AppError {
  return new AppError('ERR_INVALID_SPREADSHEET', 400, { message, fields: { file: message } });
}

function tooLarge(message: string): AppError {
  return new AppError('ERR_SPREADSHEET_TOO_LARGE', 413, { message, fields: { file: message } });
}

/** What the bytes are, whatever the file is called: an Office Open XML zip, or an OLE compound file (Excel 97-2003). */
function contentKind(data: Buffer): 'zip' | 'ole' | undefined {
  if (data.length >= 4 && data.readUInt32BE(0) === 0x504b0304) return 'zip';
  if (data.length >= 8 && data.readUInt32BE(0) === 0xd0cf11e0 && data.readUInt32BE(4) === 0xa1b11ae1) return 'ole';
  return undefined;
}

/**
 * Reads the first sheet of an uploaded .xls or .xlsx with SheetJS. The name must say .xls or .xlsx and the content
 * must be a workbook too (an HTML, CSV or text file renamed .xls is refused, as SheetJS would read it). An .xlsx is
 * unpacked once as a stream, counting bytes and cells, before SheetJS sees it.
 */
export async function readContactListSheet(
  file: { originalname: string; buffer: Buffer },
  limits: SheetLimits,
): Promise<ContactListSheetRow[]> {
  const extension = path.extname(file.originalname ?? '').toLowerCase();
  if (!contactListSheetExtensions.includes(extension)) throw invalidSpreadsheet('Envie uma planilha .xls ou .xlsx');
  const kind = contentKind(file.buffer);
  if (!kind) throw invalidSpreadsheet('O arquivo não é uma planilha .xls ou .xlsx');
  if (kind === 'zip') await assertWorkbookZip(file.buffer, limits);
  let workbook: XLSX.WorkBook;
  try {
    workbook = XLSX.read(file.buffer, {
      type: 'buffer',
      dense: true,
      // Enough rows to tell that the sheet is too long; no formulas, styles or HTML are built.
      sheetRows: limits.maxRows + 2,
      cellFormula: false,
      cellHTML: false,
      cellStyles: false,
      cellText: false,
    });
  } catch {
    throw invalidSpreadsheet('O arquivo não é uma planilha .xls ou .xlsx válida');
  }
  const first = workbook.SheetNames[0];
  const sheet = first ? workbook.Sheets[first] : undefined;
  if (!sheet?.['!ref']) throw invalidSpreadsheet('A planilha está vazia');
  const firstRow = XLSX.utils.decode_range(sheet['!ref']).s.r;
  const table = XLSX.utils.sheet_to_json<unknown[]>(sheet, { header: 1, raw: true, defval: '', blankrows: true });
  return toRows(
    table.map((cells) => cells.map(cellText)),
    firstRow,
    limits.maxRows,
  );
}

/**
 * An .xlsx is a zip: its declared sizes can lie, the inflated bytes cannot. Every part is inflated as a stream
 * (one chunk in memory at a time) and the whole is refused past `maxUnpackedBytes`, or when its sheets hold more
 * rows or cells than a list of `maxRows` can, since SheetJS would build an object for each.
 */
async function assertWorkbookZip(data: Buffer, limits: SheetLimits): Promise<void> {
  let zip: JSZip;
  try {
    zip = await JSZip.loadAsync(data);
  } catch {
    throw invalidSpreadsheet('O arquivo não é uma planilha .xlsx válida');
  }
  const entries = Object.values(zip.files).filter((entry) => !entry.dir);
  // Word documents, OpenDocument sheets and plain zips are not Excel workbooks.
  if (entries.length > MAX_ZIP_ENTRIES || !zip.file('xl/workbook.xml'))
    throw invalidSpreadsheet('O arquivo não é uma planilha .xlsx válida');
  const budget = { bytes: limits.maxUnpackedBytes, rows: 2 * limits.maxRows + 10, cells: MAX_CELLS_PER_ROW * (limits.maxRows + 2) };
  for (const entry of entries) await inflateWithin(entry, /^xl\/worksheets\/[^/]+\.xml$/.test(entry.name), budget);
}

function inflateWithin(entry: JSZip.JSZipObject, isSheet: boolean, budget: { bytes: number; rows: number; cells: number }): Promise<void> {
  return new Promise((resolve, reject) => {
    const stream = entry.nodeStream('nodebuffer');
    let tail = '';
    const fail = (error: AppError) => {
      stream.pause();
      stream.removeAllListeners('data');
      reject(error);
    };
    stream.on('data', (chunk: Buffer) => {
      budget.bytes -= chunk.length;
      if (budget.bytes < 0) return fail(tooLarge('A planilha descompactada é grande demais: divida-a em arquivos menores'));
      if (!isSheet) return;
      // The last characters are read again with the next chunk, so a tag cut between two chunks is counted once:
      // here only the tags that start before them.
      const text = tail + chunk.toString('latin1');
      const end = Math.max(0, text.length - TAIL);
      budget.rows -= countTags(text, /<row[\s/>]/g, end);
      budget.cells -= countTags(text, /<c[\s/>]/g, end);
      tail = text.slice(end);
      if (budget.rows < 0 || budget.cells < 0) fail(tooLarge('A planilha tem linhas ou células demais para uma lista de contatos'));
    });
    stream.on('end', () => resolve());
    stream.on('error', () => reject(invalidSpreadsheet('O arquivo não é uma planilha .xlsx válida')));
  });
}

/** One less than the longest tag counted ('<row '). */
const TAIL = 4;

function countTags(text: string, tag: RegExp, startsBefore: number): number {
  let count = 0;
  for (const match of text.matchAll(tag)) if (match.index < startsBefore) count += 1;
  return count;
}

/** A cell as text: whole numbers without exponent (a phone number typed as a number), dates as ISO. */
function cellText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return Number.isInteger(value) ? value.toFixed(0) : String(value);
  if (value instanceof Date) return value.toISOString();
  return String(value).trim();
}

function headerKey(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '');
}

/** The first non-blank row names the columns; each later non-blank row is a contact. */
function toRows(table: string[][], firstRow: number, maxRows: number): ContactListSheetRow[] {
  const headerIndex = table.findIndex((cells) => cells.some((cell) => cell !== ''));
  if (headerIndex < 0) throw invalidSpreadsheet('A planilha está vazia');
  const columns = new Map<Column, number>();
  table[headerIndex]!.forEach((cell, index) => {
    const column = columnOfHeader[headerKey(cell)];
    if (column && !columns.has(column)) columns.set(column, index);
  });
  if (!columns.has('name') || !columns.has('number')) {
    throw invalidSpreadsheet('A planilha precisa das colunas name (ou nome) e number (ou numero, telefone)');
  }
  const read = (cells: string[], column: Column) => {
    const at = columns.get(column);
    return at === undefined ? '' : (cells[at] ?? '');
  };
  const rows: ContactListSheetRow[] = [];
  for (let index = headerIndex + 1; index < table.length; index += 1) {
    const cells = table[index] ?? [];
    if (!cells.some((cell) => cell !== '')) continue;
    if (rows.length >= maxRows) throw tooLarge(`A planilha pode ter no máximo ${maxRows} contatos`);
    rows.push({ row: firstRow + index + 1, name: read(cells, 'name'), number: read(cells, 'number'), email: read(cells, 'email') });
  }
  return rows;
}

/** The example offered on the lists page: the three columns and two sample rows. */
export function exampleWorkbook(): Buffer {
  const sheet = XLSX.utils.aoa_to_sheet([
    ['name', 'number', 'email'],
    ['Maria Silva', '5511912345678', 'maria@exemplo.com.br'],
    ['João Souza', '5521998765432', ''],
  ]);
  sheet['!cols'] = [{ wch: 24 }, { wch: 18 }, { wch: 28 }];
  const workbook = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(workbook, sheet, 'Contatos');
  return XLSX.write(workbook, { type: 'buffer', bookType: 'xlsx' }) as Buffer;
}
