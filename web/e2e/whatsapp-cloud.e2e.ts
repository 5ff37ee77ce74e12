import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Browser, Page } from 'playwright-core';
import { screenshot } from './support/browser.js';
import { startAdminSession, type ApiAs } from './support/admin-session.js';
import type { E2eServer } from './support/server.js';

/**
 * Issue 21: the official WhatsApp channel (whatsappapi) is offered in the connections page's channel choice, with the
 * settings form its plugin describes (no web code names it), and its secrets are saved masked.
 */
describe('whatsappapi in the connections page', () => {
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

  it("creates a connection from the plugin's own form", async () => {
    await page.goto(`${server.url}/connections`);
    await page.getByRole('heading', { name: 'Conexões' }).waitFor();
    await page.getByRole('button', { name: 'Nova conexão' }).click();
    await page.getByRole('menuitem', { name: 'WhatsApp (API oficial)' }).click();
    const dialog = page.getByRole('dialog', { name: 'Nova conexão WhatsApp (API oficial)' });
    await dialog.getByLabel('Nome', { exact: true }).fill('Oficial E2E');
    await dialog.getByLabel('ID do número de telefone *').fill('106540352242922');
    await dialog.getByLabel('ID da conta do WhatsApp Business *').fill('102290129340398');
    await dialog.getByLabel('Token de acesso permanente *').fill('EAA-e2e-token');
    await dialog.getByLabel('Chave secreta do app *').fill('e2e-app-secret');
    await dialog.getByLabel('Token de verificação *').fill('e2e-verify');
    await dialog.getByText('A URL de callback do webhook é /webhooks/whatsappapi/ seguida deste ID.', { exact: false }).waitFor();
    await screenshot(page, 'whatsapp-cloud-dialog-1280');
    await dialog.getByRole('button', { name: 'Adicionar', exact: true }).click();
    await dialog.waitFor({ state: 'hidden' });
    await page.getByRole('cell', { name: 'Oficial E2E', exact: false }).first().waitFor();

    const saved = (await api<{ name: string; channel: string; settings: Record<string, unknown> }[]>('GET', '/whatsapp')).find(
      (connection) => connection.name === 'Oficial E2E',
    );
    expect(saved).toMatchObject({
      channel: 'whatsappapi',
      settings: { phoneNumberId: '106540352242922', accessToken: '********', appSecret: '********', verifyToken: '********' },
    });
  });
});
