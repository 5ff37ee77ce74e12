import * as XLSX from '@e965/xlsx';

/** The example offered on the lists page: the three columns a list reads (contacts/contact-sheet.ts) and two sample rows. */
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
