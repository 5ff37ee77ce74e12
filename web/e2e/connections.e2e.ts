import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Browser, Page } from 'playwright-core';
import { NARROW, screenshot, WIDE } from './support/browser.js';
import { startAdminSession, type ApiAs } from './support/admin-session.js';
import { eventually, type E2eServer } from './support/server.js';
import { APP_SECRET, FakeGraphApi, FB_APP_ID, LOGIN, PAGE_ID } from '../../plugins/meta-graph/src/testing/fake-graph-api.js';

interface ConnectionRow {
  id: number;
  name: string;
  status: string;
  timeSendQueue: number;
  settings: Record<string, unknown>;
  publicId: string;
}

/** Spec 2 §2-§5: the connections screen, driven by an admin on webchat connections (a real channel session). */
describe('connections screen', () => {
  let server: E2eServer;
  let browser: Browser;
  let page: Page;
  let api: ApiAs;
  // Meta's Graph API as the facebook plugin's own tests fake it: the server's Facebook login talks to it.
  const graph = new FakeGraphApi();

  beforeAll(async () => {
    await graph.start();
    ({ server, browser, page, api } = await startAdminSession({
      FACEBOOK_APP_ID: FB_APP_ID,
      FACEBOOK_APP_SECRET: APP_SECRET,
      SWITCHBOARD_GRAPH_ORIGIN: graph.origin,
    }));
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    await graph.close();
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
    await dialog.getByText('Obrigatório').waitFor();
    await dialog.getByLabel('Nome', { exact: true }).fill('S');
    await dialog.getByText('Muito curto!').waitFor();

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

  it('edits the name, with the widget embed code shown and the schedules tab of the company schedule type "connection"', async () => {
    await api('PUT', '/companySettings', { column: 'scheduleType', data: 'connection' });
    await page.getByRole('button', { name: 'Editar conexão: Site E2E' }).click();
    const dialog = page.getByRole('dialog', { name: 'Editar conexão' });
    const name = dialog.getByLabel('Nome', { exact: true });
    await expect(eventually(async () => ((await name.inputValue()) === 'Site E2E' ? true : undefined))).resolves.toBe(true);
    // The website chat shows its embed code at the public id; its API token (no API sending) is not offered.
    const publicId = (await connectionNamed('Site E2E'))!.publicId;
    const snippet = await dialog.getByRole('textbox', { name: 'Código para incorporar o chat no seu site' }).inputValue();
    expect(snippet).toContain(`/widget/${publicId}/embed.js"`);
    expect(await dialog.getByRole('textbox', { name: 'Token' }).count()).toBe(0);
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

  it("connects a page and its Instagram account with the Facebook login, using the server's Meta app", async () => {
    // Meta's JavaScript SDK, which this machine cannot fetch: it hands the login's user and short-lived token back.
    await page.route('https://connect.facebook.net/**', (route) =>
      route.fulfill({
        contentType: 'text/javascript',
        body: `window.FB = {
          init: function (options) { window.fbInitOptions = options; },
          login: function (callback, options) {
            window.fbLoginScope = options.scope;
            callback({ authResponse: { userID: '${LOGIN.userId}', accessToken: '${LOGIN.shortToken}' } });
          },
        };
        window.fbAsyncInit();`,
      }),
    );
    await page.getByRole('button', { name: 'Nova conexão' }).click();
    await page.getByRole('menuitem', { name: 'Instagram' }).click();
    const dialog = page.getByRole('dialog', { name: 'Nova conexão Instagram' });
    await dialog.getByRole('button', { name: 'Entrar com o Facebook (Instagram)' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await page.getByText('Conexão salva com sucesso.').first().waitFor();
    await page.getByRole('cell', { name: 'Facebook Loja Exemplo', exact: true }).waitFor();
    await page.getByRole('cell', { name: 'Instagram loja.exemplo (Instagram)', exact: true }).waitFor();

    expect(await page.evaluate(() => (window as unknown as { fbInitOptions: { appId: string } }).fbInitOptions.appId)).toBe(FB_APP_ID);
    expect(await page.evaluate(() => (window as unknown as { fbLoginScope: string }).fbLoginScope)).toContain('instagram_manage_messages');
    expect(graph.subscribedPages).toEqual([{ pageId: PAGE_ID, fields: expect.stringContaining('messages') }]);
    const instagram = await connectionNamed('loja.exemplo (Instagram)');
    expect(instagram).toMatchObject({ settings: expect.objectContaining({ instagramAccountId: LOGIN.instagramAccountId }) });
  });
});
