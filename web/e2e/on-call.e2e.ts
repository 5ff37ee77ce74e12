import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Browser, Locator, Page } from 'playwright-core';
import { screenshot } from './support/browser.js';
import { startAdminSession, type ApiAs } from './support/admin-session.js';
import { eventually, type E2eServer } from './support/server.js';

interface SavedEntry {
  id: number;
  userId: number;
  user: { id: number; name: string };
  phone: string;
  interval: number;
  days: { weekdayEn: string; startTime: string; endTime: string }[];
}

/**
 * Spec 3 §2.13: an admin keeps the on-call schedules at /plantao — adds one through the dialog (told first that a day
 * with only a start needs an end), sees it listed with its week summarised, edits it and deletes it after asking.
 */
describe('on-call screen', () => {
  let server: E2eServer;
  let browser: Browser;
  let page: Page;
  let api: ApiAs;
  let person: { id: number; name: string };

  beforeAll(async () => {
    ({ server, browser, page, api } = await startAdminSession());
    [person] = await api<{ id: number; name: string }[]>('GET', '/users/list');
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  const entries = async () => (await api<{ records: SavedEntry[] }>('GET', '/plantao')).records;

  async function openDialog(title: string): Promise<Locator> {
    const dialog = page.getByRole('dialog', { name: title });
    await dialog.getByLabel('Telefone').waitFor();
    return dialog;
  }

  it('adds an entry through the dialog after a validation error', async () => {
    await page.goto(`${server.url}/plantao`);
    await page.getByRole('heading', { name: /Plantão/ }).waitFor();
    await page.getByText('Nenhum plantão').waitFor();

    await page.getByRole('button', { name: 'Adicionar plantão' }).click();
    const dialog = await openDialog('Adicionar plantão');
    await dialog.getByRole('combobox', { name: 'Plantonista' }).click();
    await page.getByRole('option', { name: person.name }).click();
    await dialog.getByLabel('Telefone').fill('5511988887777');
    await dialog.getByLabel('Intervalo entre notificações (minutos)').fill('10');
    // Monday has only its start: the dialog asks for its end and saves nothing.
    await dialog.getByLabel('Início Segunda-feira').fill('08:00');
    await dialog.getByRole('button', { name: 'Adicionar', exact: true }).click();
    await dialog.getByText('Informe o fim do plantão').waitFor();
    await screenshot(page, 'on-call-dialog-error-1280');
    expect(await entries()).toEqual([]);

    await dialog.getByLabel('Fim Segunda-feira').fill('12:00');
    await dialog.getByLabel('Início Terça-feira').fill('22:00');
    await dialog.getByLabel('Fim Terça-feira').fill('06:00');
    await dialog.getByRole('button', { name: 'Adicionar', exact: true }).click();
    await page.getByText('Plantão salvo com sucesso').first().waitFor();
    await dialog.waitFor({ state: 'detached' });
    const row = page.getByRole('row', { name: new RegExp(person.name) });
    await row.getByText('Seg 08:00–12:00, Ter 22:00–06:00').waitFor();
    await row.getByText('5511988887777').waitFor();
    await screenshot(page, 'on-call-list-1280');

    const [saved] = await eventually(async () => {
      const found = await entries();
      return found.length === 1 ? found : undefined;
    });
    expect(saved).toMatchObject({ userId: person.id, phone: '5511988887777', interval: 10 });
    expect(saved!.days[0]).toMatchObject({ weekdayEn: 'monday', startTime: '08:00', endTime: '12:00' });
  });

  it('edits the entry', async () => {
    await page.getByRole('button', { name: `Editar plantão: ${person.name}` }).click();
    const dialog = await openDialog('Editar plantão');
    await eventually(async () => ((await dialog.getByLabel('Telefone').inputValue()) === '5511988887777' ? true : undefined));
    expect(await dialog.getByLabel('Início Segunda-feira').inputValue()).toBe('08:00');
    await dialog.getByLabel('Telefone').fill('5511977776666');
    await dialog.getByLabel('Início Terça-feira').fill('');
    await dialog.getByLabel('Fim Terça-feira').fill('');
    await dialog.getByLabel('Início Sexta-feira').fill('18:00');
    await dialog.getByLabel('Fim Sexta-feira').fill('23:30');
    await dialog.getByRole('button', { name: 'Salvar' }).click();
    await page.getByText('Plantão salvo com sucesso').first().waitFor();
    await dialog.waitFor({ state: 'detached' });
    const row = page.getByRole('row', { name: new RegExp(person.name) });
    await row.getByText('Seg 08:00–12:00, Sex 18:00–23:30').waitFor();
    await row.getByText('5511977776666').waitFor();
  });

  it('deletes the entry only after the confirmation', async () => {
    await page.getByRole('button', { name: `Excluir plantão: ${person.name}` }).click();
    const confirm = page.getByRole('dialog', { name: `Excluir o plantão de ${person.name}?` });
    await confirm.getByRole('button', { name: 'Não' }).click();
    await confirm.waitFor({ state: 'detached' });
    expect(await entries()).toHaveLength(1);

    await page.getByRole('button', { name: `Excluir plantão: ${person.name}` }).click();
    await confirm.getByRole('button', { name: 'Sim' }).click();
    await page.getByText('Plantão removido com sucesso').first().waitFor();
    await page.getByText('Nenhum plantão').waitFor();
    expect(await entries()).toEqual([]);
  });
});
