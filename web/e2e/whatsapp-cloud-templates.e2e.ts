import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, newContext, screenshot, signIn } from './support/browser.js';
import { eventually } from './support/server.js';
import {
  APPROVED_TEMPLATE,
  cloudDelivery,
  cloudSettings,
  contactMessage,
  cloudPluginThroughCore,
  postCloudDelivery,
} from '../../plugins/channel-whatsapp-cloud/src/__tests__/fake-cloud-api.js';
import { api, startTestServer, TEST_ADMIN, type TestServer } from '../../core/dist/testing/test-server.js';
import { workspacePluginWithOptions } from '../../core/dist/testing/workspace-plugin.js';

/**
 * Issue 21: an agent answers an official WhatsApp (Cloud API) conversation; once the 24-hour window has closed the
 * conversation says so, and the agent picks an approved template and fills its variables. The server runs in this
 * process so the plugin can be pointed at the fake Cloud API and given a clock that moves 25 hours.
 */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const APP_SECRET = 'e2e-cloud-app-secret';
const MARIA = { address: '5511987654321', name: 'Maria Souza' };
const DAY_AND_AN_HOUR = 25 * 60 * 60 * 1000;

describe('a Cloud API conversation after its window closed', () => {
  let cloud: Awaited<ReturnType<typeof cloudPluginThroughCore>>;
  let server: TestServer;
  let browser: Browser;
  let page: Page;
  let token: string;
  let ticketUuid: string;

  beforeAll(async () => {
    // The plugin core loads, on the fake Cloud API and a clock the test moves with the browser's.
    cloud = await cloudPluginThroughCore(workspacePluginWithOptions);
    server = await startTestServer({
      env: { WEB_DIST_DIR: process.env.E2E_WEB_DIST ?? path.join(root, 'web/dist') },
      // Embedded, as every browser test runs (CI's browser step has no Redis).
      useRedis: false,
      extraModules: [cloud.options],
    });
    token = await server.login(TEST_ADMIN.email, TEST_ADMIN.password);
    browser = await launchBrowser();
    page = await (await newContext(browser)).newPage();
    // The browser's clock moves with the plugin's, so the page sees the same window.
    await page.clock.install({ time: new Date() });
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    await cloud?.graph.close();
  });

  it('the agent answers the customer on the official number', async () => {
    const settings = cloudSettings(APP_SECRET);
    const created = await api(server, 'POST', '/whatsapp', { token, body: { name: 'Oficial', channel: 'whatsappapi', settings } });
    expect(created.status).toBe(201);
    const delivery = cloudDelivery(contactMessage(MARIA, 'text', { body: 'Oi, meu pedido atrasou' }));
    const posted = await postCloudDelivery(server.url, delivery, { sign: cloud.sign, secret: APP_SECRET });
    expect(posted.status).toBe(200);
    const me = await api(server, 'GET', '/auth/me', { token });
    const ticket = await eventually(async () => {
      const pending = await api(server, 'GET', '/tickets?status=pending', { token });
      return (pending.body.tickets as { id: number; uuid: string; channel: string }[] | undefined)?.find(
        (candidate) => candidate.channel === 'whatsappapi',
      );
    });
    ticketUuid = ticket.uuid;
    await api(server, 'PUT', `/tickets/${ticket.id}`, { token, body: { status: 'open', userId: me.body.id } });

    await signIn(page, server.url, TEST_ADMIN.email, TEST_ADMIN.password);
    await page.goto(`${server.url}/tickets/${ticketUuid}`);
    await page.getByText('Oi, meu pedido atrasou').first().waitFor();
    const composer = page.getByRole('textbox', { name: 'Mensagem' });
    await composer.fill('Olá Maria, vou verificar agora.');
    await composer.press('Enter');
    await page.getByText('Olá Maria, vou verificar agora.').first().waitFor();
    const reply = (message: { json: Record<string, any> }) => String(message.json.text?.body ?? '').includes('vou verificar agora');
    await eventually(async () => (cloud.graph.sent.some(reply) ? true : undefined));
    expect(cloud.graph.sent.filter(reply).map((message) => message.json.to)).toEqual([MARIA.address]);
  });

  it('25 hours later says the window closed and sends the template the agent filled', async () => {
    cloud.clock.now += DAY_AND_AN_HOUR;
    await page.clock.setSystemTime(new Date(Date.now() + DAY_AND_AN_HOUR));
    await page.reload();
    const notice = page.getByText('O contato escreveu pela última vez há mais de 24 horas', { exact: false });
    await notice.waitFor();
    await page.getByRole('button', { name: 'Escolher um modelo' }).click();
    const dialog = page.getByRole('dialog', { name: 'Modelos de mensagem' });
    await dialog.getByText(`${APPROVED_TEMPLATE.name} (pt_BR)`).click();
    const send = dialog.getByRole('button', { name: 'Enviar modelo' });
    expect(await send.isDisabled()).toBe(true);
    await dialog.getByLabel('Variável 1').fill('Maria');
    await dialog.getByLabel('Variável 2').fill('hoje');
    await dialog.getByText('Olá Maria, podemos continuar o seu atendimento hoje?').waitFor();
    // Filled: the button turns on (waited for before the picture, so it shows the settled dialog).
    await send.and(page.locator(':enabled')).waitFor();
    await screenshot(page, 'whatsapp-cloud-template-1280');
    await send.click();
    await dialog.waitFor({ state: 'hidden' });
    await page.getByText('Olá Maria, podemos continuar o seu atendimento hoje?').first().waitFor();
    await eventually(async () => (cloud.graph.sent.some((m) => m.json.type === 'template') ? true : undefined));
    expect(cloud.graph.sent.at(-1)!.json).toMatchObject({
      to: MARIA.address,
      type: 'template',
      template: { name: APPROVED_TEMPLATE.name, components: [{ type: 'body', parameters: [{ text: 'Maria' }, { text: 'hoje' }] }] },
    });
  });
});
