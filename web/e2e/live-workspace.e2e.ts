import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Browser, Page } from 'playwright-core';
import { io, type Socket } from 'socket.io-client';
import { launchBrowser, NARROW, newContext, pageToken, sameSessionAt, screenshot, signIn, WIDE } from './support/browser.js';
import { ADMIN, connectedWebchat, eventually, startE2eServer, type E2eServer } from './support/server.js';
import { expiredAccessToken } from './support/tokens.js';

/** A ticket as GET /tickets answers it, the fields these tests read. */
interface Ticket {
  id: number;
  uuid: string;
  contactId: number;
  contact: { name: string } | null;
  unreadMessages: number;
  lastMessage: string;
  lastMessageType?: string | null;
}

/** A website visitor of the webchat widget: its HTTP API to write, its socket to read what agents send. */
class Visitor {
  private token = '';
  private socket: Socket | null = null;
  constructor(
    private readonly server: E2eServer,
    private readonly widgetId: string,
  ) {}

  private async call(method: string, route: string, body?: unknown): Promise<any> {
    const response = await fetch(`${this.server.url}/widget/${this.widgetId}${route}`, {
      method,
      headers: { 'content-type': 'application/json', ...(this.token ? { authorization: `Bearer ${this.token}` } : {}) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await response.text();
    if (!response.ok) throw new Error(`${method} ${route} → ${response.status} ${text}`);
    return text ? JSON.parse(text) : undefined;
  }

  async start(name: string): Promise<this> {
    this.token = (await this.call('POST', '/sessions', { name })).visitorToken;
    return this;
  }

  async write(body: string): Promise<void> {
    await this.call('POST', '/messages', { body });
  }

  /** The agent's message as the visitor got it (its id is the message's external id in core). */
  received(text: string): Promise<{ id: string; body: string }> {
    return eventually(async () => {
      const { messages } = await this.call('GET', '/messages');
      return (messages as { id: string; body: string; fromMe: boolean }[]).find((message) => message.fromMe && message.body.includes(text));
    });
  }

  /** The visitor's widget shows the messages: a read ack (3) for each. */
  async read(ids: string[]): Promise<void> {
    if (!this.socket) {
      const socket = io(`${this.server.url}/widget`, {
        auth: { widgetId: this.widgetId, visitorToken: this.token },
        transports: ['websocket'],
      });
      await new Promise<void>((resolve, reject) => {
        socket.once('connect', () => resolve());
        socket.once('connect_error', reject);
      });
      this.socket = socket;
    }
    this.socket.emit('read', { ids });
  }

  close(): void {
    this.socket?.disconnect();
  }
}

/**
 * The live workspace (issue 13 points 1–4): the lists, cards, open ticket and bell follow the socket — after a page
 * load with an expired access token too — and the ticket on screen is read as its messages arrive.
 */
describe('the live workspace', () => {
  let server: E2eServer;
  let browser: Browser;
  let page: Page;
  let widgetId: string;
  const visitors: Visitor[] = [];

  const card = (name: string) => page.getByRole('listitem', { name });
  const subTab = (label: string, count: number) => page.getByRole('tab', { name: `${label} (${count})` });
  const api = async <T = any>(method: string, route: string, body?: unknown) => server.api<T>(method, route, body, await pageToken(page));
  const visitor = async (name: string) => {
    const created = await new Visitor(server, widgetId).start(name);
    visitors.push(created);
    return created;
  };

  beforeAll(async () => {
    [server, browser] = await Promise.all([startE2eServer(), launchBrowser()]);
    widgetId = (await connectedWebchat(server)).token;
    page = await (await newContext(browser, WIDE)).newPage();
    await signIn(page, server.url, ADMIN.email, ADMIN.password);
    await page.getByRole('tab', { name: 'Abertas' }).waitFor();
  }, 90_000);

  afterAll(async () => {
    for (const each of visitors) each.close();
    await browser?.close();
    await server?.stop();
  });

  it('a page loaded with an expired access token still shows a new visitor live, without reload', async () => {
    const stale = expiredAccessToken(server, await pageToken(page));
    await page.evaluate((token) => localStorage.setItem('token', JSON.stringify(token)), stale);
    await page.goto(`${server.url}/tickets`);
    await subTab('Aguardando', 0).waitFor();
    // The lists loaded after the session was refreshed with the cookie.
    await eventually(async () => ((await pageToken(page)) !== stale ? true : undefined));

    await (await visitor('Ana Expirada')).write('Cheguei agora, alguém aí?');
    await subTab('Aguardando', 1).click();
    await card('Ana Expirada').getByText('Cheguei agora, alguém aí?').waitFor();
  });

  describe('with tickets attended by the signed-in admin', () => {
    let bruno: Visitor;
    let brunoTicket: Ticket;
    let carla: Visitor;
    let carlaTicket: Ticket;

    const conversation = () => page.getByRole('log', { name: 'Mensagens do ticket' });
    const composer = () => page.getByRole('textbox', { name: 'Mensagem', exact: true });
    const bubble = (text: string) => conversation().getByRole('article').filter({ hasText: text });
    const assigned = () => page.getByRole('list', { name: 'Atendendo' });

    /** A visitor's first message, its ticket accepted by the admin through the API. */
    async function attendedTicket(name: string, first: string): Promise<[Visitor, Ticket]> {
      const who = await visitor(name);
      await who.write(first);
      const ticket = await eventually(async () => {
        const { tickets } = await api<{ tickets: Ticket[] }>('GET', '/tickets?status=pending');
        return tickets.find((candidate) => candidate.contact?.name === name);
      });
      const me = await api<{ id: number }>('GET', '/auth/me');
      await api('PUT', `/tickets/${ticket.id}`, { status: 'open', userId: me.id });
      return [who, ticket];
    }

    async function openTicket(ticket: Ticket): Promise<void> {
      await assigned().getByRole('listitem', { name: ticket.contact!.name }).getByRole('heading').click();
      await page.waitForURL(new RegExp(`/tickets/${ticket.uuid}$`));
      // The address changes before the pane does: until this ticket's pane is up, the one before is still on screen
      // (and a message for it would rightly be read at once).
      await page
        .getByRole('region', { name: `Ticket #${ticket.id}` })
        .getByRole('textbox', { name: 'Mensagem', exact: true })
        .waitFor();
    }

    beforeAll(async () => {
      [bruno, brunoTicket] = await attendedTicket('Bruno Cartão', 'Preciso de ajuda com a entrega');
      [carla, carlaTicket] = await attendedTicket('Carla Lida', 'Oi, tudo bem?');
      await page.goto(`${server.url}/tickets`);
      await page.getByRole('tab', { name: /^Atendendo/ }).click();
      await assigned().getByRole('listitem', { name: 'Carla Lida' }).waitFor();
    });

    it('the card follows an agent reply, a quick reply, a contact card and a scheduled send, formatting stripped', async () => {
      // Carla wrote last: her card is on top until Bruno gets a reply.
      await expect(assigned().getByRole('listitem').first().getAttribute('aria-label')).resolves.toBe('Carla Lida');
      await openTicket(brunoTicket);
      const brunoCard = card('Bruno Cartão');

      // Messages are signed by default (sendSignMessage): the card shows "*Admin:*" without its marks too.
      await composer().fill('Pedido *123* _enviado_');
      await composer().press('Enter');
      await brunoCard.getByText('Admin: Pedido 123 enviado', { exact: true }).waitFor();
      await eventually(async () =>
        (await assigned().getByRole('listitem').first().getAttribute('aria-label')) === 'Bruno Cartão' ? true : undefined,
      );

      await api('POST', '/quick-messages', { shortcode: 'obrigado', message: '*Obrigado* pelo ~contato~!', geral: true });
      await composer().fill('/obrig');
      await page.getByRole('option', { name: /^obrigado - / }).click();
      await composer().press('Enter');
      await brunoCard.getByText('Admin: Obrigado pelo contato!', { exact: true }).waitFor();

      await page.getByRole('button', { name: 'Enviar contato' }).click();
      const dialog = page.getByRole('dialog', { name: 'Enviar contato' });
      await dialog.getByRole('combobox', { name: 'Contato' }).fill('Carla');
      await page.getByRole('option', { name: /^Carla Lida/ }).click();
      await dialog.getByRole('button', { name: 'Enviar' }).click();
      await dialog.waitFor({ state: 'detached' });
      await brunoCard.getByText('Contato', { exact: true }).waitFor();

      await api('POST', '/schedules', {
        body: 'Lembrete: ```entrega``` hoje',
        contactId: brunoTicket.contactId,
        ticketId: brunoTicket.id,
        sendAt: new Date(Date.now() + 1500).toISOString(),
      });
      await brunoCard.getByText('Lembrete: entrega hoje', { exact: true }).waitFor();
      await bubble('Lembrete:').waitFor();
      const stored = await api<Ticket>('GET', `/tickets/u/${brunoTicket.uuid}`);
      expect(stored).toMatchObject({ lastMessage: 'Lembrete: ```entrega``` hoje', lastMessageType: 'chat' });
      await screenshot(page, 'live-workspace-1280');
    });

    it("the agent's text shows its delivery and read marks live, even when its send's answer comes after them", async () => {
      await openTicket(brunoTicket);
      const ticketMessages = `${server.url}/messages/${brunoTicket.id}`;
      // The answer of the send is held until the visitor has read the message, as on a slow link: the socket tells
      // the delivery and the reading first (a text is delivered at once), and the older answer must not undo them.
      let release = () => {};
      const held = new Promise<void>((resolve) => (release = resolve));
      await page.route(ticketMessages, async (route) => {
        if (route.request().method() !== 'POST') return route.fallback();
        const response = await route.fetch();
        await held;
        await route.fulfill({ response });
      });

      await composer().fill('Confere e me avisa, por favor');
      await composer().press('Enter');
      const sent = bubble('Confere e me avisa, por favor');
      await sent.getByRole('img', { name: 'Enviada' }).waitFor();
      const got = await bruno.received('Confere e me avisa, por favor');
      await bruno.read([got.id]);
      await sent.getByRole('img', { name: 'Lida' }).waitFor();

      release();
      // The composer's attach button comes back once the send's answer is written into the conversation.
      await page.getByRole('button', { name: 'Anexar arquivos' }).and(page.locator(':enabled')).waitFor();
      await page.unroute(ticketMessages);
      expect(await sent.getByRole('img', { name: 'Lida' }).isVisible()).toBe(true);
      expect(await sent.getByRole('img', { name: 'Enviando' }).count()).toBe(0);
      await screenshot(page, 'live-workspace-ack-1280');
    });

    it('a message in the ticket on screen never raises its unread badge nor the bell', async () => {
      const bell = page.getByRole('button', { name: /^Notificações: \d+$/ });
      const bellBefore = await bell.getAttribute('aria-label');
      // Every badge and bell label the page shows from now on.
      await page.evaluate(() => {
        const seen: string[] = [];
        (window as unknown as { seenLabels: string[] }).seenLabels = seen;
        const record = () => {
          for (const element of document.querySelectorAll('[aria-label^="Mensagens não lidas: "], [aria-label^="Notificações: "]')) {
            const owner = element.closest('li')?.getAttribute('aria-label') ?? 'bell';
            seen.push(`${owner} ${element.getAttribute('aria-label')}`);
          }
        };
        new MutationObserver(record).observe(document.body, { subtree: true, childList: true, attributes: true, characterData: true });
      });

      await bruno.write('Chegou sim, obrigado!');
      await bubble('Chegou sim, obrigado!').waitFor();
      await eventually(async () => ((await api<Ticket>('GET', `/tickets/u/${brunoTicket.uuid}`)).unreadMessages === 0 ? true : undefined));
      await card('Bruno Cartão').getByText('Chegou sim, obrigado!').waitFor();

      const seen = await page.evaluate(() => (window as unknown as { seenLabels: string[] }).seenLabels);
      expect(seen.filter((label) => label.startsWith('Bruno Cartão') && !label.endsWith(': 0'))).toEqual([]);
      expect(seen.filter((label) => label.startsWith('bell') && label !== `bell ${bellBefore}`)).toEqual([]);
    });

    it('opening a ticket marks it read, also when its conversation was open a moment ago', async () => {
      const carlaCard = card('Carla Lida');
      const unread = (count: number) =>
        carlaCard.getByLabel(`Mensagens não lidas: ${count}`).waitFor({ state: count ? 'visible' : 'attached' });
      const bell = page.getByRole('button', { name: /^Notificações: \d+$/ });
      const bellCount = async () => Number((await bell.getAttribute('aria-label'))!.split(': ')[1]);
      const bellShows = (count: number) => page.getByRole('button', { name: `Notificações: ${count}` }).waitFor();

      // Accepting read Carla's first message; she writes while Bruno's ticket is on screen.
      await openTicket(brunoTicket);
      const before = await bellCount();
      await carla.write('Tenho uma dúvida');
      await unread(1);
      await bellShows(before + 1);
      await openTicket(carlaTicket);
      await unread(0);
      await bellShows(before);

      // Back to Bruno; Carla writes; her conversation is still in the cache when it opens again.
      await openTicket(brunoTicket);
      await carla.write('Mais uma pergunta');
      await unread(1);
      await bellShows(before + 1);
      await openTicket(carlaTicket);
      await bubble('Mais uma pergunta').waitFor();
      await unread(0);
      await bellShows(before);
      expect((await api<Ticket>('GET', `/tickets/u/${carlaTicket.uuid}`)).unreadMessages).toBe(0);
    });

    it('the cards read well at phone width', async () => {
      const mobile = await sameSessionAt(page, browser, NARROW);
      await mobile.goto(`${server.url}/tickets`);
      await mobile.getByRole('tab', { name: /^Atendendo/ }).click();
      await mobile.getByRole('listitem', { name: 'Carla Lida' }).getByText('Mais uma pergunta').waitFor();
      await mobile.getByRole('listitem', { name: 'Bruno Cartão' }).getByText('Chegou sim, obrigado!').waitFor();
      await screenshot(mobile, 'live-workspace-390');
      await mobile.context().close();
    });
  });
});
