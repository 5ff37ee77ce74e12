import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import * as XLSX from '@e965/xlsx';
import type { Browser, Page } from 'playwright-core';
import { screenshot } from './support/browser.js';
import { startAdminSession, type ApiAs } from './support/admin-session.js';
import type { E2eServer } from './support/server.js';

/** A real .xlsx as a customer would export it: Portuguese headers, one bad row and one repeated number. */
function spreadsheet(): Buffer {
  const book = XLSX.utils.book_new();
  const sheet = XLSX.utils.aoa_to_sheet([
    ['Nome', 'Telefone', 'E-mail'],
    ['Ana Lima', '5511911110001', 'ana@exemplo.com'],
    ['Bruno Dias', 5511911110002, ''],
    ['Carla', '123', ''],
    ['Dora Alves', '(11) 91111-0004', 'dora@exemplo.com'],
    ['Ana outra vez', '5511911110001', ''],
  ]);
  XLSX.utils.book_append_sheet(book, sheet, 'Clientes');
  return XLSX.write(book, { type: 'buffer', bookType: 'xlsx' }) as Buffer;
}

/**
 * Spec 3 §2.2: an admin creates a contact list, imports an .xlsx into it through the confirmation dialog, reads the
 * summary, finds the contacts, searches, edits one and deletes another.
 */
describe('contact lists screens', () => {
  let server: E2eServer;
  let browser: Browser;
  let page: Page;
  let api: ApiAs;

  beforeAll(async () => {
    ({ server, browser, page, api } = await startAdminSession());
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('creates a list, imports a spreadsheet and keeps its contacts', async () => {
    await page.goto(`${server.url}/contact-lists`);
    await page.getByRole('heading', { name: /Listas de contatos/ }).waitFor();
    await page.getByText('Nenhuma lista de contatos').waitFor();

    await page.getByRole('button', { name: 'Nova lista' }).click();
    const create = page.getByRole('dialog', { name: 'Nova lista de contatos' });
    await create.getByRole('button', { name: 'Salvar' }).click();
    await create.getByText('Obrigatório').waitFor();
    await create.getByLabel('Nome').fill('Clientes VIP');
    await create.getByRole('button', { name: 'Salvar' }).click();
    await create.waitFor({ state: 'detached' });
    const listRow = page.getByRole('row', { name: /Clientes VIP/ });
    await listRow.getByRole('cell', { name: '0', exact: true }).waitFor();
    await screenshot(page, 'contact-lists-1280');

    await listRow.getByRole('button', { name: 'Abrir contatos: Clientes VIP' }).click();
    await page.waitForURL(/\/contact-lists\/\d+\/contacts$/);
    await page.getByRole('heading', { name: /Clientes VIP/ }).waitFor();
    await page.getByText('Nenhum contato nesta lista').waitFor();

    await page.locator('input[type=file]').setInputFiles({
      name: 'clientes.xlsx',
      mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      buffer: spreadsheet(),
    });
    const confirm = page.getByRole('dialog', { name: 'Importar contatos' });
    await confirm.getByText('Importar o arquivo clientes.xlsx para a lista Clientes VIP?').waitFor();
    await confirm.getByRole('button', { name: 'planilha de exemplo' }).waitFor();
    // The dialog's fade-in ends before the picture is taken.
    await page.waitForFunction(() => {
      const container = document.querySelector('[role=dialog]')?.closest('.MuiDialog-container');
      return container !== null && container !== undefined && getComputedStyle(container).opacity === '1';
    });
    await screenshot(page, 'contact-lists-import-confirm-1280');
    await confirm.getByRole('button', { name: 'Importar' }).click();

    const summary = page.getByRole('dialog', { name: 'Importação concluída' });
    await summary.getByText('Importados: 3').waitFor();
    await summary.getByText('Ignorados: 2').waitFor();
    await summary.getByText('Linha 4: Número: Muito curto!').waitFor();
    await summary.getByText('Linha 6: número repetido na planilha').waitFor();
    await screenshot(page, 'contact-lists-import-summary-1280');
    await summary.getByRole('button', { name: 'Fechar' }).click();
    await summary.waitFor({ state: 'detached' });

    for (const name of ['Ana Lima', 'Bruno Dias', 'Dora Alves']) await page.getByRole('row', { name: new RegExp(name) }).waitFor();
    await page
      .getByRole('row', { name: /Dora Alves/ })
      .getByRole('cell', { name: '11911110004' })
      .waitFor();
    await page.getByRole('heading', { name: /Clientes VIP\s*\(3\)/ }).waitFor();
    await screenshot(page, 'contact-list-items-1280');

    await page.getByLabel('Buscar contatos').fill('BRUNO');
    await page.getByRole('row', { name: /Ana Lima/ }).waitFor({ state: 'detached' });
    expect(await page.getByRole('row', { name: /Bruno Dias/ }).count()).toBe(1);
    await page.getByLabel('Buscar contatos').fill('');
    await page.getByRole('row', { name: /Ana Lima/ }).waitFor();

    await page.getByRole('button', { name: 'Editar contato: Ana Lima' }).click();
    const edit = page.getByRole('dialog', { name: 'Editar contato' });
    await edit.getByLabel('Nome').fill('Ana Lima Souza');
    await edit.getByLabel('E-mail').fill('ana@');
    await edit.getByRole('button', { name: 'Salvar' }).click();
    await edit.getByText('E-mail inválido').waitFor();
    await edit.getByLabel('E-mail').fill('ana.souza@exemplo.com');
    await edit.getByRole('button', { name: 'Salvar' }).click();
    await edit.waitFor({ state: 'detached' });
    await page.getByRole('row', { name: /Ana Lima Souza.*ana\.souza@exemplo\.com/ }).waitFor();

    await page.getByRole('button', { name: 'Excluir contato: Bruno Dias' }).click();
    await page.getByRole('dialog', { name: 'Excluir Bruno Dias?' }).getByRole('button', { name: 'Sim' }).click();
    await page.getByText('Contato excluído com sucesso!').first().waitFor();
    await page.getByRole('row', { name: /Bruno Dias/ }).waitFor({ state: 'detached' });

    const lists = await api<{ records: { name: string; contactsCount: number }[] }>('GET', '/contact-lists');
    expect(lists.records.find((list) => list.name === 'Clientes VIP')?.contactsCount).toBe(2);
    await page.getByRole('button', { name: 'Voltar' }).click();
    await page
      .getByRole('row', { name: /Clientes VIP/ })
      .getByRole('cell', { name: '2', exact: true })
      .waitFor();
  });
});
