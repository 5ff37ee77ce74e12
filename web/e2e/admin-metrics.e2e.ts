import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, NARROW, newContext, screenshot, signIn, WIDE } from './support/browser.js';
import { ADMIN, connectedWebchat, connectionConnected, eventually, startE2eServer, type E2eServer } from './support/server.js';

const DAY = 86_400_000;
const PASSWORD = 'Senha-e2e-123';

/** What the API channel delivered: it POSTs each message it sends to its connection's webhook (plugins/channel-api). */
interface Delivery {
  event: string;
  contact: { number: string };
  message: { body?: string; media?: { fileName: string } };
}

/** The API channel's other end: keeps what the connection's webhook receives. */
async function webhookReceiver(): Promise<{ url: string; deliveries: Delivery[]; server: Server }> {
  const deliveries: Delivery[] = [];
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      deliveries.push(JSON.parse(Buffer.concat(chunks).toString('utf8')) as Delivery);
      response.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`, deliveries, server };
}

/** The page at 390 px wide, with no sideways scrolling, then its screenshot. */
async function narrowScreenshot(page: Page, name: string): Promise<void> {
  await page.setViewportSize(NARROW);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(NARROW.width);
  await screenshot(page, name);
}

/**
 * Admin metrics and the messages API page (spec 2 §2, §5): the super admin reads the figures of a seeded set of
 * companies, a company admin is refused them, and sends a test text through its webchat connection's token. The
 * exact figures, MRR and churn included, are checked in the server's test (platform-metrics.test.ts).
 */
describe('admin metrics and the messages API page', () => {
  let server: E2eServer;
  let browser: Browser;
  let webchatToken: string;
  let apiChannelToken: string;
  let receiver: Awaited<ReturnType<typeof webhookReceiver>>;
  const onTime = { name: 'Em Dia Ltda', email: 'admin@emdia.test' };
  const noApi = { name: 'Sem API Ltda', email: 'admin@semapi.test' };

  /** A page signed in as the given user on a context of its own. */
  async function signedIn(email: string, password: string): Promise<Page> {
    const page = await (await newContext(browser, WIDE)).newPage();
    await signIn(page, server.url, email, password);
    return page;
  }

  beforeAll(async () => {
    [server, browser, receiver] = await Promise.all([startE2eServer(), launchBrowser(), webhookReceiver()]);
    const [plan] = await server.api<{ id: number }[]>('GET', '/plans/list');
    const withoutApi = await server.api<{ id: number }>('POST', '/plans', {
      name: 'Sem API',
      users: 5,
      connections: 5,
      queues: 5,
      amount: 49,
      useExternalApi: false,
    });
    const company = (fields: Record<string, unknown>) => server.api('POST', '/companies', { planId: plan!.id, ...fields });
    const inAMonth = new Date(Date.now() + 30 * DAY).toISOString();
    // Active and paid up, with an admin: 1 active client, 1 user.
    await company({ ...onTime, dueDate: inAMonth, password: PASSWORD });
    // Active but due three days ago: delinquent.
    await company({ name: 'Vencida Ltda', email: 'vencida@example.test', dueDate: new Date(Date.now() - 3 * DAY).toISOString() });
    // Deactivated: no longer a client in any card.
    await company({ name: 'Desativada Ltda', email: 'desativada@example.test', dueDate: inAMonth, status: false });
    // Active on a plan without the external API, with an admin: 1 more active client and user.
    await company({ ...noApi, planId: withoutApi.id, dueDate: inAMonth, password: PASSWORD });

    // The paid-up company's connections and their API tokens, as its admin (before the browser's sign-in ends this
    // session): a webchat, which does not send through the external API, and an API channel, which does.
    const adminToken = await server.login(onTime.email, PASSWORD);
    const tokenOf = async (id: number) => (await server.api<{ token: string }>('GET', `/whatsapp/${id}`, undefined, adminToken)).token;
    webchatToken = await tokenOf((await connectedWebchat(server, 'Site', adminToken)).id);
    const bridge = await server.api<{ id: number }>(
      'POST',
      '/whatsapp',
      { name: 'Ponte', channel: 'api', settings: { webhookUrl: receiver.url, webhookSecret: 'metrics-e2e-webhook-secret-0123456789' } },
      adminToken,
    );
    await connectionConnected(server, bridge.id, adminToken);
    apiChannelToken = await tokenOf(bridge.id);
    expect([webchatToken, apiChannelToken]).toEqual([expect.stringMatching(/^[A-Z0-9]{30}$/), expect.stringMatching(/^[A-Z0-9]{30}$/)]);
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    // The channel keeps its connections to the webhook alive: close them, or the receiver never stops.
    receiver?.server.closeAllConnections();
    await new Promise((resolve) => receiver?.server.close(resolve));
  });

  it('shows the super admin the figures of the seeded companies, with the definitions of MRR and churn', async () => {
    const page = await signedIn(ADMIN.email, ADMIN.password);
    // The menu offers the page (its entries move while the plan loads, so the address is opened directly).
    await page.getByRole('link', { name: 'Métricas admin', exact: true }).waitFor();
    await page.goto(`${server.url}/admin-metrics`);
    const figure = (title: string) => page.getByRole('listitem', { name: title, exact: true }).getByRole('paragraph');
    const expected: [string, string][] = [
      ['Clientes ativos', '2'],
      ['Clientes inadimplentes', '1'],
      // Created just now: none is 7 days without a login yet.
      ['Clientes inativos', '0'],
      // The client's webchat and API channel.
      ['Conexões ativas', '2'],
      ['Conexões desconectadas', '0'],
      ['Total de usuários', '2'],
      // No invoice has been paid: no revenue and nobody to lose.
      ['MRR', 'R$ 0,00'],
      ['Churn', '0,0%'],
    ];
    for (const [title, value] of expected) {
      expect([title, (await figure(title).innerText()).replace(/\s/g, ' ').replace(/ %$/, '%')]).toEqual([title, value]);
    }
    const help = page.getByRole('region', { name: 'Como as métricas são calculadas' });
    await help.getByText(/Receita recorrente mensal: a soma/).waitFor();
    await help.getByText(/Das empresas que estavam pagando no início do mês passado/).waitFor();
    await screenshot(page, 'admin-metrics-1280');
    await narrowScreenshot(page, 'admin-metrics-390');
    await page.context().close();
  });

  it("refuses a company admin the metrics; the messages API page tests a text and a file with a connection's token and shows the API's answers", async () => {
    const page = await signedIn(onTime.email, PASSWORD);
    expect(await page.getByRole('link', { name: 'Métricas admin', exact: true }).count()).toBe(0);
    await page.goto(`${server.url}/admin-metrics`);
    await page
      .getByRole('alert')
      .getByText('Esta empresa não possui permissão para acessar essa página! Estamos lhe redirecionando.')
      .waitFor();
    await page.waitForURL(`${server.url}/`);

    await page.getByRole('link', { name: 'API', exact: true }).waitFor();
    await page.goto(`${server.url}/messages-api`);
    await page.getByRole('link', { name: '/api-docs' }).waitFor();
    const text = page.getByRole('region', { name: 'Testar envio de texto' });
    // Spec 2 §5: token, number and body are required, and the number is digits only.
    await text.getByRole('button', { name: 'Enviar' }).click();
    await text.getByText('Token é obrigatório').waitFor();
    await text.getByText('Mensagem é obrigatória').waitFor();
    await text.getByLabel('Token').fill(webchatToken);
    await text.getByLabel('Número').fill('+55 (11) 98888-7777');
    await text.getByLabel('Mensagem').fill('Olá pela API');
    await text.getByRole('button', { name: 'Enviar' }).click();
    await text.getByText(/^Somente dígitos/).waitFor();
    await text.getByLabel('Número').fill('5511988887777');
    const answer = text.getByRole('status', { name: 'Resposta da API' });
    // The API's refusal is shown as it came: a webchat connection does not send through the external API.
    await text.getByRole('button', { name: 'Enviar' }).click();
    await answer.getByText('Resposta da API: HTTP 403').waitFor();
    await answer.getByText(/ERR_CHANNEL_NO_EXTERNAL_API/).waitFor();
    await text.getByLabel('Token').fill(apiChannelToken);
    await text.getByRole('button', { name: 'Enviar' }).click();
    await answer.getByText('Resposta da API: HTTP 200').waitFor();
    await answer.getByText(/"message": "Mensagem enviada com sucesso"/).waitFor();
    const delivered = await eventually(async () =>
      receiver.deliveries.find((delivery) => delivery.event === 'message.created' && delivery.message.body === 'Olá pela API'),
    );
    expect(delivered.contact.number).toBe('5511988887777');

    // A file: required, then a wrong token's 401 is the API's answer and leaves the user signed in, then it is sent.
    const media = page.getByRole('region', { name: 'Testar envio de arquivo' });
    const mediaAnswer = media.getByRole('status', { name: 'Resposta da API' });
    await media.getByLabel('Token').fill('WRONGTOKEN');
    await media.getByLabel('Número').fill('5511988887777');
    await media.getByRole('button', { name: 'Enviar' }).click();
    await media.getByText('Arquivo é obrigatório').waitFor();
    await media.getByLabel('Arquivo').setInputFiles({ name: 'oferta.txt', mimeType: 'text/plain', buffer: Buffer.from('oferta') });
    await media.getByRole('button', { name: 'Enviar' }).click();
    await mediaAnswer.getByText('Resposta da API: HTTP 401').waitFor();
    await media.getByLabel('Token').fill(apiChannelToken);
    await media.getByRole('button', { name: 'Enviar' }).click();
    await mediaAnswer.getByText('Resposta da API: HTTP 200').waitFor();
    await eventually(async () => receiver.deliveries.find((delivery) => delivery.message.media?.fileName === 'oferta.txt'));
    await screenshot(page, 'messages-api-1280');
    await page.reload();
    await page.waitForURL(/\/messages-api$/);
    await page.getByRole('region', { name: 'Testar envio de arquivo' }).waitFor();
    await narrowScreenshot(page, 'messages-api-390');
    await page.context().close();
  });

  it('refuses the messages API page on a plan without the external API, then goes to the root path', async () => {
    const page = await signedIn(noApi.email, PASSWORD);
    expect(await page.getByRole('link', { name: 'API', exact: true }).count()).toBe(0);
    await page.goto(`${server.url}/messages-api`);
    await page.getByText('Esta empresa não possui permissão para acessar essa página! Estamos lhe redirecionando.').waitFor();
    await page.waitForURL(`${server.url}/`);
    await page.context().close();
  });
});
