import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchBrowser, newContext, pageToken, screenshot, signIn } from './support/browser.js';
import { ADMIN, connectedWebchat, eventually, startE2eServer, type E2eServer } from './support/server.js';

/**
 * The whole conversation of issue 5, in the built product: a visitor writes through the webchat widget; the agent
 * sees the pending ticket appear without a reload, accepts it and replies; the visitor sees the reply; the agent
 * transfers it to another queue, whose agent sees it waiting, accepts it and resolves it with a rating.
 */
describe('a webchat conversation from the first message to its rating', () => {
  let server: E2eServer;
  let browser: Browser;
  const contexts: BrowserContext[] = [];
  let agentPage: Page;
  let visitorPage: Page;
  let widgetToken: string;
  let ticketId: number;
  const SECOND = { name: 'Bruna Atendente', email: 'bruna@switchboard.test', password: 'Bruna-e2e-123' };
  const VISITOR = 'Carlos Visitante';

  async function page(): Promise<Page> {
    const context = await newContext(browser);
    contexts.push(context);
    return context.newPage();
  }

  beforeAll(async () => {
    [server, browser] = await Promise.all([startE2eServer(), launchBrowser()]);
    // Seeding as the super admin happens before any browser signs in as them (a sign-in ends older sessions).
    widgetToken = (await connectedWebchat(server)).token;
    await server.api('POST', '/queue', { name: 'Vendas', color: '#1e88e5', greetingMessage: 'Bem-vindo às vendas' });
    const support = await server.api<{ id: number }>('POST', '/queue', {
      name: 'Suporte',
      color: '#43a047',
      greetingMessage: 'Bem-vindo ao suporte',
    });
    // Bruna attends only the support queue: she sees the ticket once it is transferred there.
    await server.api('POST', '/users', { ...SECOND, profile: 'user', queueIds: [support.id] });
    // Resolving may then carry a rating (spec 1 §5).
    await server.api('PUT', '/companySettings', { column: 'userRating', data: 'enabled' });
  });

  afterAll(async () => {
    for (const context of contexts) await context.close();
    await browser?.close();
    await server?.stop();
  });

  it('shows the visitor’s first message to the agent as a pending ticket without a reload', async () => {
    agentPage = await page();
    await signIn(agentPage, server.url, ADMIN.email, ADMIN.password);
    await agentPage.getByRole('tab', { name: /^Aguardando/ }).click();

    visitorPage = await page();
    await visitorPage.goto(`${server.url}/widget/${widgetToken}`);
    await visitorPage.locator('#wc-name').fill(VISITOR);
    await visitorPage.locator('#wc-start').click();
    await visitorPage.locator('#wc-input').fill('Olá! Meu pedido não chegou.');
    await visitorPage.locator('#wc-send').click();

    const card = agentPage.getByRole('listitem', { name: VISITOR });
    await card.getByText('Olá! Meu pedido não chegou.').waitFor({ timeout: 15_000 });
    await screenshot(agentPage, 'flow-pending-1280');
  });

  it('lets the agent accept and reply, and the visitor reads the reply in the widget', async () => {
    await agentPage.getByRole('listitem', { name: VISITOR }).getByRole('button', { name: 'Aceitar' }).click();
    const accept = agentPage.getByRole('dialog', { name: 'Aceitar chat' });
    await accept.getByRole('button', { name: 'Iniciar' }).click();
    await agentPage.waitForURL(/\/tickets\/[0-9a-f-]{36}$/);
    ticketId = Number(
      /#(\d+)/.exec((await agentPage.getByRole('region', { name: /^Ticket #\d+$/ }).getAttribute('aria-label')) ?? '')?.[1],
    );
    expect(ticketId).toBeGreaterThan(0);

    const composer = agentPage.getByRole('textbox', { name: 'Mensagem' });
    await composer.fill('Olá Carlos, vou verificar o seu pedido agora.');
    await composer.press('Enter');
    await agentPage.getByText('Olá Carlos, vou verificar o seu pedido agora.').first().waitFor();

    await visitorPage.locator('#wc-messages li.wc-agent', { hasText: 'vou verificar o seu pedido' }).waitFor({ timeout: 15_000 });
    await screenshot(visitorPage, 'flow-widget-reply');
    await screenshot(agentPage, 'flow-conversation-1280');
  });

  it('transfers the ticket to another queue, whose agent finds it waiting and accepts it', async () => {
    const pane = agentPage.getByRole('region', { name: `Ticket #${ticketId}` });
    await pane.getByRole('button', { name: 'Transferir' }).click();
    const dialog = agentPage.getByRole('dialog', { name: 'Transferir ticket' });
    const ok = dialog.getByRole('button', { name: 'Transferir' });
    expect(await ok.isDisabled()).toBe(true);
    await dialog.getByRole('combobox', { name: 'Fila' }).click();
    await agentPage.getByRole('option', { name: 'Suporte' }).click();
    await ok.click();
    await agentPage.waitForURL(/\/tickets$/);

    const second = await page();
    await signIn(second, server.url, SECOND.email, SECOND.password);
    await second.getByRole('tab', { name: /^Aguardando/ }).click();
    const card = second.getByRole('listitem', { name: VISITOR });
    await card.waitFor({ timeout: 15_000 });
    await screenshot(second, 'flow-transferred-queue-1280');
    await card.getByRole('button', { name: 'Aceitar' }).click();
    await second.waitForURL(/\/tickets\/[0-9a-f-]{36}$/);
    await second
      .getByRole('region', { name: `Ticket #${ticketId}` })
      .getByText('vou verificar o seu pedido')
      .first()
      .waitFor();
    agentPage = second;
  });

  it('resolves the ticket with a rating of 5', async () => {
    const pane = agentPage.getByRole('region', { name: `Ticket #${ticketId}` });
    await pane.getByRole('button', { name: 'Resolver' }).click();
    const dialog = agentPage.getByRole('dialog', { name: `Encerrar o ticket #${ticketId}` });
    await dialog.getByLabel('Encerrar com pedido de avaliação').check();
    await dialog.getByLabel('Registrar avaliação do atendimento').check();
    // MUI Rating: visually hidden radio inputs; a person clicks the star, which is the input's label.
    const fifth = await dialog.getByRole('radio', { name: /^5/ }).getAttribute('id');
    await dialog.locator(`label[for="${fifth}"]`).click();
    await screenshot(agentPage, 'flow-resolve-1280');
    await dialog.getByRole('button', { name: 'Encerrar' }).click();
    await agentPage.waitForURL(/\/tickets$/);

    const token = await pageToken(agentPage);
    const ticket = await eventually(async () => {
      const current = await server.api('GET', `/tickets/${ticketId}`, undefined, token);
      return current.status === 'closed' ? current : undefined;
    });
    expect(ticket).toMatchObject({ status: 'closed', userRating: { rate: 5 } });
  });
});
