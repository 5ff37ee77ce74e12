import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchBrowser, menuShown, NARROW, newContext, pageToken, screenshot, signIn, WIDE } from './support/browser.js';
import { connectedWebchat, startE2eServer, type E2eServer } from './support/server.js';

/**
 * Issue 13 items 5 to 8, as an agent and an admin meet them in the built product: the tab counts follow live
 * changes, a tag put on in the drawer shows on the card, a page outside the user's permissions is refused like its
 * hidden menu entry, and a new ticket on a channel that cannot reach the contact is refused up front.
 */
describe('the rules of the workspace', () => {
  let server: E2eServer;
  let browser: Browser;
  const contexts: BrowserContext[] = [];
  let support: { id: number };
  /** A profile user in the Suporte queue, without allConnections. */
  const AGENT = { name: 'Ana Agente', email: 'ana.agente@switchboard.test', password: 'Ana-e2e-1234' };
  /** A company admin, who signs in in the browser for the new-ticket refusal. */
  const ADMIN2 = { name: 'Otávio Admin', email: 'otavio@switchboard.test', password: 'Otavio-e2e-123' };
  let agent: { id: number };
  let agentPage: Page;
  let agentToken: string;

  async function page(viewport = WIDE): Promise<Page> {
    const context = await newContext(browser, viewport);
    contexts.push(context);
    return context.newPage();
  }

  /** A website-chat contact with a ticket in the Suporte queue, created as the super admin. */
  async function ticketFor(name: string, fields: Record<string, unknown>): Promise<{ id: number; uuid: string }> {
    const contact = await server.api<{ id: number }>('POST', '/contacts', {
      name,
      number: `visitor-${name.replace(/\W/g, '')}`,
      channel: 'webchat',
    });
    return server.api('POST', '/tickets', { contactId: contact.id, queueId: support.id, ...fields });
  }

  const subTab = (p: Page, label: string, count: number) => p.getByRole('tab', { name: `${label} (${count})` });
  const card = (p: Page, name: string) => p.getByRole('listitem', { name });

  beforeAll(async () => {
    [server, browser] = await Promise.all([startE2eServer(), launchBrowser()]);
    await connectedWebchat(server);
    support = await server.api<{ id: number }>('POST', '/queue', { name: 'Suporte', color: '#43a047', greetingMessage: 'Olá' });
    agent = await server.api<{ id: number }>('POST', '/users', { ...AGENT, profile: 'user', queueIds: [support.id] });
    await server.api('POST', '/users', { ...ADMIN2, profile: 'admin', queueIds: [support.id] });
  });

  afterAll(async () => {
    for (const context of contexts) await context.close();
    await browser?.close();
    await server?.stop();
  });

  it("keeps the agent's tab counts with the lists: a resolve and a new pending ticket move them live", async () => {
    const first = await ticketFor('Bruno Resolve', { status: 'open', userId: agent.id });
    await ticketFor('Carla Segunda', { status: 'open', userId: agent.id });
    agentPage = await page();
    await signIn(agentPage, server.url, AGENT.email, AGENT.password);
    agentToken = await pageToken(agentPage);
    await subTab(agentPage, 'Atendendo', 2).waitFor();
    await subTab(agentPage, 'Aguardando', 0).waitFor();

    // The agent resolves one in the pane: the assigned tab counts one.
    await agentPage.goto(`${server.url}/tickets/${first.uuid}`);
    const pane = agentPage.getByRole('region', { name: `Ticket #${first.id}` });
    // The pane is settled (its ticket loaded) before its buttons are used.
    await pane.getByText(`Atribuído a: ${AGENT.name}`).waitFor();
    await pane.getByRole('button', { name: 'Resolver' }).click();
    const dialog = agentPage.getByRole('dialog', { name: `Encerrar o ticket #${first.id}` });
    await dialog.getByLabel('Encerrar sem mensagem de despedida').check();
    await dialog.getByRole('button', { name: 'Encerrar' }).click();
    await agentPage.waitForURL(/\/tickets$/);
    await subTab(agentPage, 'Atendendo', 1).waitFor();

    // Someone else resolves the other one and a new customer waits in the agent's queue: both arrive live.
    const carla = (
      await server.api<{ tickets: { id: number; contact: { name: string } }[] }>('GET', '/tickets?status=open&showAll=true')
    ).tickets.find((ticket) => ticket.contact.name === 'Carla Segunda')!;
    await server.api('PUT', `/tickets/${carla.id}`, { status: 'closed', sendFarewellMessage: false });
    await ticketFor('Diego Espera', { status: 'pending', userId: null });
    await subTab(agentPage, 'Atendendo', 0).waitFor();
    await subTab(agentPage, 'Aguardando', 1).click();
    await card(agentPage, 'Diego Espera').waitFor();
    expect(await agentPage.getByRole('list', { name: 'Aguardando' }).getByRole('listitem').count()).toBe(1);
    await screenshot(agentPage, 'workspace-counts-1280');
  });

  it('shows a tag added in the ticket drawer on the ticket card, and keeps the contact tags apart', async () => {
    const ticket = await ticketFor('Elisa Etiqueta', { status: 'open', userId: agent.id });
    await agentPage.goto(`${server.url}/tickets/${ticket.uuid}`);
    const pane = agentPage.getByRole('region', { name: `Ticket #${ticket.id}` });
    await pane.getByRole('button', { name: 'Dados do contato' }).click();
    const drawer = agentPage.getByRole('complementary', { name: 'Dados do contato' });
    await drawer.getByRole('heading', { name: 'Elisa Etiqueta' }).waitFor();
    await drawer.getByPlaceholder('Adicionar tag').fill('Prioridade');
    await agentPage.getByRole('option', { name: /Prioridade/ }).click();
    await drawer.getByText('Prioridade', { exact: true }).waitFor();

    await card(agentPage, 'Elisa Etiqueta').getByText('Prioridade').waitFor();
    const stored = await server.api<{ tags: { name: string }[]; contactId: number }>('GET', `/tickets/${ticket.id}`, undefined, agentToken);
    expect(stored.tags.map((tag) => tag.name)).toEqual(['Prioridade']);
    expect((await server.api<{ tags: unknown[] }>('GET', `/contactTags/${stored.contactId}`, undefined, agentToken)).tags).toEqual([]);
    await screenshot(agentPage, 'workspace-tag-on-card-1280');
  });

  it('marks a message whose send failed with the reason, instead of a pending clock forever', async () => {
    // Elisa was made by hand, not by a visitor of the site: the website chat has nobody to deliver to.
    const composer = agentPage.getByRole('textbox', { name: 'Mensagem' });
    await composer.fill('Olá Elisa, tudo bem?');
    await composer.press('Enter');
    const failed = agentPage.getByRole('img', { name: 'Não enviada: Erro ao enviar mensagem. Verifique a página de conexões.' });
    // The delivery gives up after its retries (2, 4, 8 and 16 s apart).
    await failed.waitFor({ timeout: 60_000 });
    await screenshot(agentPage, 'workspace-send-failed-1280');
  });

  it('refuses /connections opened by its address to an agent without allowConnections, then goes home', async () => {
    // The menu has no entry for it…
    await menuShown(agentPage);
    expect(await agentPage.getByRole('link', { name: 'Conexões' }).count()).toBe(0);
    // …and the page, opened by its address, says so and leaves.
    await agentPage.goto(`${server.url}/connections`);
    await agentPage.getByText('Esta empresa não possui permissão para acessar essa página! Estamos lhe redirecionando.').waitFor();
    expect(await agentPage.getByRole('button', { name: /Desconectar/ }).count()).toBe(0);
    await screenshot(agentPage, 'workspace-connections-refused-1280');
    await agentPage.waitForURL(/\/tickets$/);

    const narrow = await page(NARROW);
    await narrow.context().addInitScript(
      (session) => {
        if (!localStorage.getItem('token')) {
          localStorage.setItem('token', session.token!);
          localStorage.setItem('user', session.user!);
        }
      },
      await agentPage.evaluate(() => ({ token: localStorage.getItem('token'), user: localStorage.getItem('user') })),
    );
    await narrow.goto(`${server.url}/users`);
    await narrow.getByText('Esta empresa não possui permissão para acessar essa página! Estamos lhe redirecionando.').waitFor();
    await screenshot(narrow, 'workspace-users-refused-390');
    await narrow.waitForURL(/\/tickets$/);

    // With allowConnections the same agent reaches the page (after a new sign-in carries the switch).
    await server.api('PUT', `/users/${agent.id}`, { ...AGENT, profile: 'user', queueIds: [support.id], allowConnections: 'enabled' });
    const allowed = await page();
    await signIn(allowed, server.url, AGENT.email, AGENT.password);
    await allowed.goto(`${server.url}/connections`);
    await allowed.getByRole('heading', { name: 'Conexões' }).waitFor();
    expect(await allowed.getByText('Esta empresa não possui permissão').count()).toBe(0);
  });

  it('refuses a new ticket whose connection cannot reach the contact, saying why', async () => {
    const admin = await page();
    await signIn(admin, server.url, ADMIN2.email, ADMIN2.password);
    const token = await pageToken(admin);
    await server.api('POST', '/contacts', { name: 'Fernanda Telefone', number: '11987650123' }, token);

    await admin.getByRole('button', { name: 'Ações de tickets' }).click();
    await admin.getByRole('menuitem', { name: 'Novo Ticket' }).click();
    const dialog = admin.getByRole('dialog', { name: 'Criar Ticket' });
    await dialog.getByLabel('Contato').fill('Fern');
    await admin.getByRole('option', { name: /Fernanda Telefone/ }).click();
    await dialog.getByRole('button', { name: 'Salvar' }).click();
    const reason = 'Esta conexão não alcança o contato: escolha uma conexão do mesmo canal do contato.';
    await dialog.getByText(reason).waitFor();
    await screenshot(admin, 'workspace-new-ticket-refused-1280');
    // Nothing was created, so nothing waits to be sent.
    const listed = await server.api<{ tickets: unknown[] }>('GET', '/tickets?showAll=true&searchParam=Fernanda', undefined, token);
    expect(listed.tickets).toEqual([]);
  });
});
