import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Browser, Page } from 'playwright-core';
import { NARROW, screenshot, WIDE } from './support/browser.js';
import { startAdminSession, type ApiAs } from './support/admin-session.js';
import { eventually, type E2eServer } from './support/server.js';

interface ConnectionRow {
  id: number;
  name: string;
  status: string;
  timeSendQueue: number;
  settings: Record<string, unknown>;
}

/** Spec 2 §2-§5: the connections screen, driven by an admin on webchat connections (a real channel session). */
describe('connections screen', () => {
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

  const connectionNamed = async (name: string) =>
    (await api<ConnectionRow[]>('GET', '/whatsapp')).find((connection) => connection.name === name);
  const menuBadge = () => page.getByRole('navigation', { name: 'Menu principal' }).locator('[title="Há conexões que precisam de atenção"]');

  it('creates a webchat connection in the dialog after showing the name rules, and lists it live', async () => {
    await page.goto(`${server.url}/connections`);
    await page.getByRole('heading', { name: 'Conexões' }).waitFor();

    await page.getByRole('button', { name: 'Nova conexão' }).click();
    await page.getByRole('menuitem', { name: 'Chat do site' }).click();
    const dialog = page.getByRole('dialog', { name: 'Nova conexão Chat do site' });
    await dialog.getByRole('button', { name: 'Adicionar', exact: true }).click();
    await dialog.getByText('Required').waitFor();
    await dialog.getByLabel('Nome', { exact: true }).fill('S');
    await dialog.getByText('Too Short!').waitFor();

    await dialog.getByLabel('Nome', { exact: true }).fill('Site E2E');
    await dialog.getByLabel('Título').fill('Fale com a loja');
    // The chatbot tab's 25-minute option carries 25 (DESIGN §7).
    await dialog.getByRole('tab', { name: 'Chatbot' }).click();
    await dialog.getByLabel('Transferir para a fila em').click();
    await page.getByRole('option', { name: '25 minutos' }).click();
    await dialog.getByRole('button', { name: 'Adicionar', exact: true }).click();
    await dialog.waitFor({ state: 'hidden' });
    await page.getByText('Conexão salva com sucesso.').first().waitFor();

    // The name cell: the channel's icon (named) and the connection's name.
    await page.getByRole('cell', { name: 'Chat do site Site E2E', exact: true }).waitFor();
    // The webchat session connects by itself; the table follows the live state.
    await page.getByRole('button', { name: 'Desconectar: Site E2E' }).waitFor();
    const saved = await connectionNamed('Site E2E');
    expect(saved).toMatchObject({ timeSendQueue: 25, settings: expect.objectContaining({ title: 'Fale com a loja' }) });
    await screenshot(page, 'connections-1280');
  });

  it('edits the name, with the token shown and the schedules tab of the company schedule type "connection"', async () => {
    await api('PUT', '/companySettings', { column: 'scheduleType', data: 'connection' });
    await page.getByRole('button', { name: 'Editar conexão: Site E2E' }).click();
    const dialog = page.getByRole('dialog', { name: 'Editar conexão' });
    const name = dialog.getByLabel('Nome', { exact: true });
    await expect(eventually(async () => ((await name.inputValue()) === 'Site E2E' ? true : undefined))).resolves.toBe(true);
    expect(await dialog.getByRole('textbox', { name: 'Token' }).inputValue()).toMatch(/^[A-Z0-9]{30}$/);
    await dialog.getByRole('tab', { name: 'Horários' }).click();
    await screenshot(page, 'connections-dialog-1280');
    await dialog.getByRole('tab', { name: 'Geral' }).click();
    await name.fill('Site Loja');
    await dialog.getByRole('button', { name: 'Salvar' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await page.getByRole('cell', { name: 'Chat do site Site Loja', exact: true }).waitFor();
    expect(await connectionNamed('Site Loja')).toBeDefined();
  });

  it('disconnects after confirmation: the row offers try again and the menu shows the "!" badge until it is back', async () => {
    await page.getByRole('button', { name: 'Desconectar: Site Loja' }).click();
    await page.getByRole('dialog', { name: 'Desconectar Site Loja?' }).getByRole('button', { name: 'Sim' }).click();
    await page.getByRole('button', { name: 'Tentar novamente: Site Loja' }).waitFor();
    await menuBadge().waitFor();
    expect((await connectionNamed('Site Loja'))?.status).toBe('DISCONNECTED');

    await page.setViewportSize(NARROW);
    await page.getByText('Site Loja').first().waitFor();
    await screenshot(page, 'connections-390');
    await page.setViewportSize(WIDE);

    await page.getByRole('button', { name: 'Tentar novamente: Site Loja' }).click();
    await page.getByRole('button', { name: 'Desconectar: Site Loja' }).waitFor();
    await menuBadge().waitFor({ state: 'detached' });
  });

  it('deletes the connection after confirmation', async () => {
    await page.getByRole('button', { name: 'Excluir conexão: Site Loja' }).click();
    await page.getByRole('dialog', { name: 'Excluir a conexão Site Loja?' }).getByRole('button', { name: 'Sim' }).click();
    await page.getByText('Conexão excluída com sucesso!').first().waitFor();
    await page.getByRole('cell', { name: 'Chat do site Site Loja', exact: true }).waitFor({ state: 'detached' });
    expect(await connectionNamed('Site Loja')).toBeUndefined();
  });
});
