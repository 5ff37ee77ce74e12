import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchBrowser, newContext, pageToken, screenshot, signIn } from './support/browser.js';
import { createQueueThroughUi, openQueuesPage } from './support/queues-ui.js';
import { ADMIN, connectedWebchat, eventually, startE2eServer, type E2eServer } from './support/server.js';

/**
 * Queues and chatbot as a customer meets them (issue 6): an admin builds two queues and a chatbot menu in the
 * queues screen; a visitor on the widget gets the menu, picks the second queue and its options; after the agent
 * resolves, the visitor rates the service 5; outside the service hours a new visitor gets the out-of-hours message.
 */
describe('queues, chatbot and routing seen from the webchat widget', () => {
  let server: E2eServer;
  let browser: Browser;
  const contexts: BrowserContext[] = [];
  let admin: Page;
  let connection: { id: number; token: string };
  let ticketId: number;
  const GREETING = 'Olá! Somos a Loja Exemplo. Escolha um departamento:';
  const OUT_OF_HOURS = 'Estamos fora do horário de atendimento. Voltamos amanhã às 8h.';
  const RATING = 'Como você avalia o nosso atendimento?';

  async function page(): Promise<Page> {
    const context = await newContext(browser);
    contexts.push(context);
    return context.newPage();
  }

  /** API calls as the admin once their browser signed in (a sign-in ends the older sessions). */
  async function asAdmin<T>(method: string, route: string, body?: unknown): Promise<T> {
    return server.api<T>(method, route, body, await pageToken(admin));
  }

  async function visitorWrites(visitor: Page, text: string): Promise<void> {
    await visitor.locator('#wc-input').fill(text);
    await visitor.locator('#wc-send').click();
  }

  function received(visitor: Page, text: string) {
    return visitor.locator('#wc-messages li.wc-agent', { hasText: text });
  }

  async function newVisitor(name: string): Promise<Page> {
    const visitor = await page();
    await visitor.goto(`${server.url}/widget/${connection.token}`);
    await visitor.locator('#wc-name').fill(name);
    await visitor.locator('#wc-start').click();
    return visitor;
  }

  beforeAll(async () => {
    [server, browser] = await Promise.all([startE2eServer(), launchBrowser()]);
    connection = await connectedWebchat(server);
    admin = await page();
    await signIn(admin, server.url, ADMIN.email, ADMIN.password);
  });

  afterAll(async () => {
    for (const context of contexts) await context.close();
    await browser?.close();
    await server?.stop();
  });

  it('lets the admin build two queues and a chatbot menu in the queues screen', async () => {
    await openQueuesPage(admin, server.url);
    await createQueueThroughUi(admin, { name: 'Vendas', color: '#1565c0', greetingMessage: 'Você está no setor de Vendas.' });
    await createQueueThroughUi(
      admin,
      { name: 'Suporte', color: '#2e7d32', greetingMessage: 'Você está no Suporte. Como podemos ajudar?' },
      [
        { name: 'Segunda via de boleto', message: 'A segunda via está no seu e-mail.' },
        { name: 'Falar com atendente', message: 'Um atendente já vai falar com você.' },
      ],
    );
    await admin.getByRole('row', { name: /Suporte/ }).waitFor();
    await screenshot(admin, 'routing-queues-1280');

    const queues = await asAdmin<{ id: number; name: string; chatbots: { name: string }[] }[]>('GET', '/queue');
    expect(queues.map((queue) => queue.name)).toEqual(['Suporte', 'Vendas']);
    expect(queues.find((queue) => queue.name === 'Suporte')!.chatbots.map((option) => option.name)).toEqual([
      'Segunda via de boleto',
      'Falar com atendente',
    ]);
    // The widget's connection offers both queues, Vendas first, with its greeting, and asks for a rating.
    const byName = new Map(queues.map((queue) => [queue.name, queue.id]));
    await asAdmin('PUT', `/whatsapp/${connection.id}`, {
      name: 'Site',
      greetingMessage: GREETING,
      outOfHoursMessage: OUT_OF_HOURS,
      ratingMessage: RATING,
      queueIds: [byName.get('Vendas'), byName.get('Suporte')],
    });
    await asAdmin('PUT', `/queue/${byName.get('Vendas')}`, { orderQueue: 1 });
    await asAdmin('PUT', `/queue/${byName.get('Suporte')}`, { orderQueue: 2 });
    await asAdmin('PUT', '/companySettings', { column: 'userRating', data: 'enabled' });
  });

  it('greets the visitor with the queue menu; choosing 2 puts the ticket in Suporte and shows its options', async () => {
    const visitor = await newVisitor('Renata Cliente');
    await visitorWrites(visitor, 'Oi, preciso de ajuda');
    const menu = received(visitor, GREETING);
    await menu.waitFor({ timeout: 15_000 });
    // One line per queue of the connection, in their order: `*[ 1 ]* - Vendas`.
    const lines = (await menu.innerText()).split('\n').filter((line) => /\[ \d \]/.test(line));
    expect(lines.map((line) => line.replace(/[*]/g, ''))).toEqual(['[ 1 ] - Vendas', '[ 2 ] - Suporte']);

    await visitorWrites(visitor, '2');
    await received(visitor, 'Você está no Suporte').waitFor({ timeout: 15_000 });
    await received(visitor, 'Segunda via de boleto').waitFor();
    await screenshot(visitor, 'routing-widget-menu');

    await visitorWrites(visitor, '1');
    await received(visitor, 'A segunda via está no seu e-mail.').waitFor({ timeout: 15_000 });

    const queues = await asAdmin<{ id: number; name: string }[]>('GET', '/queue');
    const support = queues.find((queue) => queue.name === 'Suporte')!;
    const ticket = await eventually(async () => {
      const list = await asAdmin<{ tickets: { id: number; queueId: number | null; contact: { name: string } }[] }>(
        'GET',
        '/tickets?status=pending&showAll=true',
      );
      return list.tickets.find((candidate) => candidate.contact.name === 'Renata Cliente' && candidate.queueId === support.id);
    });
    ticketId = ticket.id;

    // The agent's list shows the card in its queue.
    await admin.goto(`${server.url}/tickets`);
    await admin.getByRole('tab', { name: /^Aguardando/ }).click();
    const card = admin.getByRole('listitem', { name: 'Renata Cliente' });
    await card.getByText('Suporte').first().waitFor({ timeout: 15_000 });
    await screenshot(admin, 'routing-ticket-in-queue-1280');
  });

  it('asks the visitor for a rating after the agent resolves, and stores the answer 5', async () => {
    const card = admin.getByRole('listitem', { name: 'Renata Cliente' });
    await card.getByRole('button', { name: 'Aceitar' }).click();
    await admin.waitForURL(/\/tickets\/[0-9a-f-]{36}$/);
    const pane = admin.getByRole('region', { name: `Ticket #${ticketId}` });
    await pane.getByRole('button', { name: 'Resolver' }).click();
    const dialog = admin.getByRole('dialog', { name: `Encerrar o ticket #${ticketId}` });
    await dialog.getByLabel('Encerrar com pedido de avaliação').check();
    await dialog.getByRole('button', { name: 'Encerrar' }).click();

    const visitor = contexts.at(-1)!.pages()[0]!;
    await received(visitor, RATING).waitFor({ timeout: 15_000 });
    await visitorWrites(visitor, '5');
    const rated = await eventually(async () => {
      const current = await asAdmin<{ status: string; userRating: { rate: number } | null }>('GET', `/tickets/${ticketId}`);
      return current.status === 'closed' && current.userRating ? current : undefined;
    });
    expect(rated.userRating).toEqual({ rate: 5 });
  });

  it('answers a visitor outside the service hours with the out-of-hours message and no menu', async () => {
    const closedWeek = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'].map((weekdayEn) => ({
      weekdayEn,
      weekday: weekdayEn,
      startTimeA: '',
      endTimeA: '',
      startTimeB: '',
      endTimeB: '',
    }));
    // The e2e admin is the super admin of company 1.
    await asAdmin('PUT', '/companies/1/schedules', { id: 1, schedules: closedWeek });
    await asAdmin('PUT', '/companySettings', { column: 'scheduleType', data: 'company' });

    const visitor = await newVisitor('Paulo Noturno');
    await visitorWrites(visitor, 'Tem alguém aí?');
    await received(visitor, OUT_OF_HOURS).waitFor({ timeout: 15_000 });
    await screenshot(visitor, 'routing-widget-out-of-hours');
    expect(await received(visitor, GREETING).count()).toBe(0);
  });
});
