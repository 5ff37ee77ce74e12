import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { io } from 'socket.io-client';
import { launchBrowser, NARROW, newContext, sameSessionAt, screenshot, signIn, WIDE } from './support/browser.js';
import { ADMIN, startE2eServer, type E2eServer } from './support/server.js';

/**
 * The ticket list (spec 1 §2 Ticket area): tickets seeded through the real server — visitors writing through the
 * webchat widget's HTTP API and tickets created with POST /tickets — and watched in the browser as the super admin.
 */
describe('the tickets page', () => {
  let server: E2eServer;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let widgetToken: string;
  let brunoToken: string;
  /** A second admin: seeds through the API (signing the super admin in through the page ends its API token). */
  const agent = { name: 'Beatriz Atendente', email: 'beatriz@switchboard.test', password: 'Beatriz-e2e-123' };
  let agentToken: string;

  const asAgent = <T = any>(method: string, route: string, body?: unknown) => server.api<T>(method, route, body, agentToken);

  /** A webchat visitor starts a conversation (or writes again with the token it got). */
  async function visitorSays(body: string, visitor: { name?: string; token?: string }): Promise<string> {
    let token = visitor.token;
    if (!token) {
      const started = await fetch(`${server.url}/widget/${widgetToken}/sessions`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ name: visitor.name }),
      });
      expect(started.ok).toBe(true);
      token = ((await started.json()) as { visitorToken: string }).visitorToken;
    }
    const sent = await fetch(`${server.url}/widget/${widgetToken}/messages`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({ body }),
    });
    expect(sent.ok).toBe(true);
    return token;
  }

  const card = (name: string) => page.getByRole('listitem', { name });
  const subTab = (label: string, count: number) => page.getByRole('tab', { name: `${label} (${count})` });

  beforeAll(async () => {
    [server, browser] = await Promise.all([startE2eServer(), launchBrowser()]);
    // The widget's address is the connection's public id.
    const connection = await server.api<{ publicId: string }>('POST', '/whatsapp', { name: 'Site', channel: 'webchat' });
    widgetToken = connection.publicId;
    await server.api('POST', '/users', { ...agent, profile: 'admin' });
    agentToken = await server.login(agent.email, agent.password);
    context = await newContext(browser, WIDE);
    page = await context.newPage();
    await signIn(page, server.url, ADMIN.email, ADMIN.password);
    await page.getByRole('tab', { name: 'Abertas' }).waitFor();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('shows a new visitor conversation as a pending ticket without reload, with its badges', async () => {
    await subTab('Aguardando', 0).waitFor();
    const ana = await visitorSays('Olá, preciso de ajuda com meu pedido', { name: 'Ana Visitante' });

    await subTab('Aguardando', 1).waitFor();
    await subTab('Aguardando', 1).click();
    await card('Ana Visitante').waitFor();
    await card('Ana Visitante').getByText('Olá, preciso de ajuda com meu').waitFor();
    expect(await card('Ana Visitante').getByText('SEM FILA').isVisible()).toBe(true);
    expect(await card('Ana Visitante').getByText('Site').isVisible()).toBe(true);
    expect(
      await card('Ana Visitante')
        .getByText(/^\d{2}:\d{2}$/)
        .isVisible(),
    ).toBe(true);

    await visitorSays('Alguém aí?', { token: ana });
    await card('Ana Visitante').getByText('Alguém aí?').waitFor();
    await card('Ana Visitante').getByLabel('Mensagens não lidas: 2').waitFor();

    // A pending ticket is accepted or ignored from its card, not opened by clicking it.
    await card('Ana Visitante').getByText('Alguém aí?').click({ force: true });
    expect(new URL(page.url()).pathname).toBe('/tickets');
  });

  it('filters by the search text and returns to the open tab when it is cleared', async () => {
    brunoToken = await visitorSays('Quero cancelar a assinatura', { name: 'Bruno Cliente' });
    await subTab('Aguardando', 2).waitFor();

    const search = page.getByLabel('Pesquisar tickets');
    await search.fill('Bruno');
    await page.getByRole('tab', { name: 'Busca', selected: true }).waitFor();
    await card('Bruno Cliente').waitFor();
    await card('Ana Visitante').waitFor({ state: 'detached' });

    await search.fill('');
    await page.getByRole('tab', { name: 'Abertas', selected: true }).waitFor();
    await card('Ana Visitante').waitFor();
    await card('Bruno Cliente').waitFor();
  });

  it('shows that the visitor is typing, then the last message again', async () => {
    const socket = io(`${server.url}/widget`, { auth: { widgetId: widgetToken, visitorToken: brunoToken }, transports: ['websocket'] });
    try {
      await new Promise<void>((resolve, reject) => {
        socket.once('connect', () => resolve());
        socket.once('connect_error', reject);
      });
      socket.emit('typing', { presence: 'composing' });
      await card('Bruno Cliente').getByText('Digitando...').waitFor();
      // Without a new presence event the card goes back to the last message after a few seconds.
      await card('Bruno Cliente').getByText('Quero cancelar a assinatura').waitFor({ timeout: 10_000 });
    } finally {
      socket.disconnect();
    }
  });

  it('accepting a pending ticket opens it and moves it to the assigned tab', async () => {
    await card('Ana Visitante').getByRole('button', { name: 'Aceitar' }).click();
    // Ana's ticket has no queue: the dialog asks for one (the super admin is in none, so it starts without).
    const dialog = page.getByRole('dialog', { name: 'Aceitar chat' });
    await dialog.getByRole('button', { name: 'Iniciar' }).click();
    await page.waitForURL(/\/tickets\/[0-9a-f-]{36}$/);

    await subTab('Atendendo', 1).waitFor();
    await subTab('Aguardando', 1).waitFor();
    expect(await page.getByRole('tab', { name: 'Atendendo (1)', selected: true }).isVisible()).toBe(true);
    // The opened ticket is the highlighted card once the list has its new page.
    await card('Ana Visitante').and(page.locator('[aria-current="true"]')).waitFor();
    expect(await card('Bruno Cliente').count()).toBe(0);
  });

  it('New Ticket for an existing contact opens that ticket; a contact another user attends names them', async () => {
    // Website-chat contacts: the only connection here is the website chat, which cannot reach a phone number.
    const carla = await asAgent<{ id: number }>('POST', '/contacts', {
      name: 'Carla Contato',
      number: '5511999990001',
      channel: 'webchat',
    });
    const diego = await asAgent<{ id: number }>('POST', '/contacts', {
      name: 'Diego Ocupado',
      number: '5511999990002',
      channel: 'webchat',
    });
    expect(carla.id).toBeGreaterThan(0);
    await asAgent('POST', '/tickets', { contactId: diego.id, status: 'open' });

    const openNewTicket = async () => {
      await page.getByRole('button', { name: 'Ações de tickets' }).click();
      await page.getByRole('menuitem', { name: 'Novo Ticket' }).click();
      return page.getByRole('dialog', { name: 'Criar Ticket' });
    };

    let dialog = await openNewTicket();
    await dialog.getByLabel('Contato').fill('Carl');
    await page.getByRole('option', { name: /Carla Contato - 5511999990001/ }).click();
    await dialog.getByRole('button', { name: 'Salvar' }).click();
    await page.waitForURL(/\/tickets\/[0-9a-f-]{36}$/);
    await card('Carla Contato').waitFor();
    // Ana (accepted) and Carla: without 'Todos' an admin's assigned tab leaves out Diego, Beatriz's (spec 1 §6).
    await subTab('Atendendo', 2).waitFor();
    // The opened ticket becomes the highlighted card once the list has its new page.
    await card('Carla Contato').and(page.locator('[aria-current="true"]')).waitFor();

    dialog = await openNewTicket();
    await dialog.getByLabel('Contato').fill('Dieg');
    await page.getByRole('option', { name: /Diego Ocupado/ }).click();
    await dialog.getByRole('button', { name: 'Salvar' }).click();
    const held = page.getByRole('dialog', { name: 'Ticket já aberto' });
    await held.getByText('Já existe um ticket aberto para este contato com o atendente Beatriz Atendente na fila Sem fila.').waitFor();
    await held.getByRole('button', { name: 'Fechar' }).click();
    await held.waitFor({ state: 'detached' });

    await screenshot(page, 'tickets-1280');
  });

  it('under 600 px shows the Ticket and Atendimentos tabs', async () => {
    // The same session in a second, narrow window (a new sign-in would end the first one's session).
    const mobile = await sameSessionAt(page, browser, NARROW);
    await mobile.goto(`${server.url}/tickets`);
    await mobile.getByRole('tab', { name: 'Ticket', exact: true }).waitFor();
    await mobile.getByRole('tab', { name: 'Atendimentos', selected: true }).waitFor();
    await mobile.getByRole('tab', { name: 'Ticket', exact: true }).click();
    await mobile.getByText('Selecione um ticket para começar a conversar.').waitFor();
    await mobile.getByRole('button', { name: 'Selecionar Ticket' }).click();
    await mobile.getByRole('tab', { name: 'Atendimentos', selected: true }).waitFor();
    await mobile.getByRole('listitem', { name: 'Ana Visitante' }).waitFor();
    await screenshot(mobile, 'tickets-390');

    // Choosing a ticket shows it in the Ticket tab.
    await mobile.getByRole('listitem', { name: 'Ana Visitante' }).getByText('Ana Visitante').click();
    await mobile.waitForURL(/\/tickets\/[0-9a-f-]{36}$/);
    await mobile.getByRole('tab', { name: 'Ticket', selected: true }).waitFor();
    await mobile.context().close();
  });

  it('Close All asks for confirmation and closes the assigned tickets', async () => {
    // From the list alone: with a ticket open in the pane, the pane leaving for /tickets races the dialog's exit and
    // the dialog sometimes stays open under load: that case is still to be fixed.
    await page.goto(`${server.url}/tickets`);
    await page.getByRole('tab', { name: /^Atendendo/ }).click();
    await page.getByRole('button', { name: 'Ações de tickets' }).click();
    await page.getByRole('menuitem', { name: 'Fechar Todos' }).click();
    const confirm = page.getByRole('dialog', { name: 'Fechar todos os tickets?' });
    await confirm.getByRole('button', { name: 'Não' }).click();
    await confirm.waitFor({ state: 'detached' });
    await card('Ana Visitante').waitFor();
    // The speed-dial's menu has closed before it is opened again.
    await page.getByRole('menuitem', { name: 'Fechar Todos' }).waitFor({ state: 'hidden' });

    await page.getByRole('button', { name: 'Ações de tickets' }).click();
    await page.getByRole('menuitem', { name: 'Fechar Todos' }).click();
    await confirm.getByRole('button', { name: 'Sim' }).click();
    await confirm.waitFor({ state: 'detached' });
    await page.waitForURL(/\/tickets$/);
    await subTab('Atendendo', 0).waitFor();
    await page.getByText('Nada aqui!').waitFor();
    // Only the assigned tab was closed: Bruno still waits.
    await subTab('Aguardando', 1).waitFor();
    // Without 'Todos' Close All closes what the tab showed: Beatriz keeps Diego.
    const open = await asAgent<{ count: number; tickets: { contact: { name: string } }[] }>('GET', '/tickets?status=open');
    expect(open.tickets.map((ticket) => ticket.contact.name)).toEqual(['Diego Ocupado']);
    await page.getByRole('tab', { name: 'Resolvidos' }).click();
    await card('Ana Visitante').waitFor();
    await card('Carla Contato').waitFor();
  });

  it('loads the next page when the list is scrolled to its end', async () => {
    for (let i = 0; i < 44; i++) {
      const contact = await asAgent<{ id: number }>('POST', '/contacts', {
        name: `Lote ${i}`,
        number: `55119888${String(i).padStart(5, '0')}`,
        channel: 'webchat',
      });
      await asAgent('POST', '/tickets', { contactId: contact.id, status: 'pending' });
    }
    // The live updates already put them into the cached list; a reload starts again from page 1.
    await page.reload();
    await subTab('Aguardando', 45).click();
    const list = page.getByRole('list', { name: 'Aguardando' });
    await list.getByRole('listitem').nth(39).waitFor();
    expect(await list.getByRole('listitem').count()).toBe(40);
    await list.getByRole('listitem').nth(39).scrollIntoViewIfNeeded();
    await list.getByRole('listitem').nth(44).waitFor();
    expect(await list.getByRole('listitem').count()).toBe(45);
  });
});
