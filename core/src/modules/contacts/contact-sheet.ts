import path from 'node:path';
import ExcelJS from 'exceljs';
import { AppError } from '../../platform/http/app-error.js';

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

function invalidFile(message: string): AppError {
  return new AppError('ERR_INVALID_FILE', 400, { message, fields: { file: message } });
}

/**
 * Reads an uploaded contact spreadsheet: .xlsx with exceljs, .csv (comma, semicolon or tab separated, UTF-8 or
 * Windows-1252) with our own RFC 4180 reader. A legacy binary .xls (Excel 97-2003) cannot be read by exceljs and is
 * refused with a clear message; a .xls that really holds xlsx or CSV content is read as such.
 */
export async function readContactSheet(file: { originalname: string; buffer: Buffer }, maxRows: number): Promise<ContactSheetRow[]> {
  const extension = path.extname(file.originalname ?? '').toLowerCase();
  if (!importExtensions.includes(extension)) throw invalidFile('Envie uma planilha .xlsx, .xls ou .csv');
  const data = file.buffer;
  const zip = data.length >= 4 && data.readUInt32BE(0) === 0x504b0304;
  const ole = data.length >= 8 && data.readUInt32BE(0) === 0xd0cf11e0 && data.readUInt32BE(4) === 0xa1b11ae1;
  let table: string[][];
  if (zip) table = await readWorkbook(data, maxRows);
  else if (ole) throw invalidFile('Planilhas .xls do Excel 97-2003 não são suportadas: salve como .xlsx ou .csv');
  else if (extension === '.xlsx') throw invalidFile('O arquivo não é uma planilha .xlsx válida');
  else table = readCsv(decodeText(data));
  return toRows(table, maxRows);
}

async function readWorkbook(data: Buffer, maxRows: number): Promise<string[][]> {
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

/** RFC 4180: quoted fields may hold separators, doubled quotes and line breaks; the separator is guessed from the header. */
export function readCsv(text: string): string[][] {
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
