import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import ExcelJS from 'exceljs';
import type { Browser, Page } from 'playwright-core';
import { NARROW, sameSessionAt, screenshot } from './support/browser.js';
import { startAdminSession, type ApiAs } from './support/admin-session.js';
import type { E2eServer } from './support/server.js';

/**
 * Spec 3 §2.16 Reports: the table of the company's tickets filtered by queue, and the Excel export the server
 * streams for the same filters, whose rows are the table's.
 */
describe('reports', () => {
  let server: E2eServer;
  let browser: Browser;
  let page: Page;
  let api: ApiAs;

  async function ticketOf(name: string, queueId: number): Promise<{ id: number }> {
    const contact = await api<{ id: number }>('POST', '/contacts', {
      name,
      number: `visitor-${name.replace(/\W/g, '')}`,
      channel: 'webchat',
    });
    return api('POST', '/tickets', { contactId: contact.id, status: 'pending', queueId });
  }

  beforeAll(async () => {
    ({ server, browser, page, api } = await startAdminSession());
    await api('POST', '/whatsapp', { name: 'Site', channel: 'webchat' });
    const sales = (await api<{ id: number }>('POST', '/queue', { name: 'Vendas', color: '#6a1b9a', greetingMessage: 'Olá' })).id;
    const support = (await api<{ id: number }>('POST', '/queue', { name: 'Suporte', color: '#00796b', greetingMessage: 'Olá' })).id;
    await ticketOf('Paula Pendente', sales);
    const attended = await ticketOf('Carla Concluída', sales);
    // Accepted by the admin, then resolved with a rating: a support time and an NPS in its row.
    await api('PUT', `/tickets/${attended.id}`, { status: 'open' });
    await api('PUT', `/tickets/${attended.id}`, { status: 'closed', userRating: 4 });
    await ticketOf('Otto Outra Fila', support);
    await ticketOf('Sara Suporte', support);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  /** The table's body rows as cell texts, the actions column left out. */
  async function tableRows(): Promise<string[][]> {
    const rows = page.getByRole('table', { name: 'Relatórios' }).locator('tbody tr');
    const texts: string[][] = [];
    for (const row of await rows.all()) texts.push((await row.locator('td').allInnerTexts()).slice(0, 11).map((text) => text.trim()));
    return texts;
  }

  it('filters by queue and exports an xlsx whose rows match the table', async () => {
    await page.goto(`${server.url}/reports`);
    await page.getByRole('table', { name: 'Relatórios' }).waitFor();
    await expect(page.getByRole('table', { name: 'Relatórios' }).locator('tbody tr').count()).resolves.toBe(4);

    await page.getByRole('combobox', { name: 'Filas', exact: true }).click();
    await page.getByRole('option', { name: 'Vendas' }).click();
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Filtrar' }).click();
    const table = page.getByRole('table', { name: 'Relatórios' });
    await table.locator('tbody tr').nth(2).waitFor({ state: 'detached' });
    const shown = await tableRows();
    expect(shown.map((row) => [row[2], row[4]])).toEqual([
      ['Carla Concluída', 'Vendas'],
      ['Paula Pendente', 'Vendas'],
    ]);
    // The attended ticket: closed, with its support time (HH:MM:SS) and its rating.
    expect(shown[0]![5]).toBe('Fechado');
    expect(shown[0]![9]).toMatch(/^\d{2}:\d{2}:\d{2}$/);
    expect(shown[0]![10]).toBe('4');
    await screenshot(page, 'reports-1280');

    const downloading = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Exportar para Excel' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe('relatorio-de-atendimentos.xlsx');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load((await readFile((await download.path())!)) as unknown as ExcelJS.Buffer);
    const sheet = workbook.getWorksheet('RelatorioDeAtendimentos');
    expect(sheet).toBeDefined();
    const exported: string[][] = [];
    sheet!.eachRow((row) => exported.push(Array.from({ length: 11 }, (_, index) => row.getCell(index + 1).text)));
    // The sheet's titles are the table's (pt-BR), its rows the table's rows.
    const titles = (await table.locator('thead th').allInnerTexts()).slice(0, 11).map((text) => text.replace(/\s+/g, ' ').trim());
    expect(exported[0]).toEqual(titles);
    expect(titles[9]).toBe('Tempo de Atendimento');
    expect(exported.slice(1)).toEqual(shown);

    // Typed contact text (3+ characters) is offered as an entry of its own and searches contacts by it.
    await page.getByRole('combobox', { name: 'Contato', exact: true }).fill('Conclu');
    await page.getByRole('option', { name: 'Buscar "Conclu"' }).waitFor();
    await screenshot(page, 'reports-contact-text-1280');
    await page.getByRole('option', { name: 'Buscar "Conclu"' }).click();
    await page.getByRole('button', { name: 'Filtrar' }).click();
    await table.locator('tbody tr').nth(1).waitFor({ state: 'detached' });
    expect((await tableRows()).map((row) => row[2])).toEqual(['Carla Concluída']);

    // On a phone the filters stack and the table scrolls sideways.
    const phone = await sameSessionAt(page, browser, NARROW);
    await phone.goto(`${server.url}/reports`);
    await phone.getByRole('table', { name: 'Relatórios' }).locator('tbody tr').first().waitFor();
    await screenshot(phone, 'reports-390');
    await phone.close();

    // Each row opens its ticket.
    await page.getByRole('button', { name: `Abrir ticket ${shown[0]![0]}` }).click();
    await page.waitForURL(/\/tickets\/[0-9a-f-]{36}$/);
  });
});
