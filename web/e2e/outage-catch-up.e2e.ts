import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Browser, Page, Route, WebSocketRoute } from 'playwright-core';
import { launchBrowser, newContext, pageToken, screenshot, signIn, WIDE } from './support/browser.js';
import { ADMIN, connectedWebchat, eventually, startE2eServer, type E2eServer } from './support/server.js';

/** A ticket as GET /tickets answers it, the fields these tests read. */
interface Ticket {
  id: number;
  uuid: string;
  contact: { name: string } | null;
}

/**
 * The agent page's socket, passed through a gate the test opens and shuts: shut, the connection in use ends (the
 * network dropping, or the server closing it on purpose as a stopping node does) and new ones wait, never reaching
 * the server, until it opens again. Whatever the server emits meanwhile is lost to the page, as in a real outage.
 */
class SocketGate {
  private open = true;
  private readonly live = new Map<WebSocketRoute, WebSocketRoute>();
  private readonly waiting: WebSocketRoute[] = [];

  async install(page: Page): Promise<void> {
    await page.routeWebSocket(/\/socket\.io\//, (ws) => {
      if (this.open) this.pass(ws);
      // Not connected and not closed: the page's socket waits for the server's first packet, as on a dead network.
      else this.waiting.push(ws);
    });
  }

  /** The network drops: the page's connection and the server's end. */
  async drop(): Promise<void> {
    this.open = false;
    for (const [ws, server] of this.live) await Promise.all([ws.close(), server.close()]);
  }

  /** The server disconnects the page's socket on purpose (socket.io's DISCONNECT packet), then the connection ends. */
  async serverDisconnects(): Promise<void> {
    this.open = false;
    for (const [ws, server] of this.live) {
      ws.send('41');
      await server.close();
    }
  }

  reopen(): void {
    this.open = true;
    for (const ws of this.waiting.splice(0)) this.pass(ws);
  }

  private pass(ws: WebSocketRoute): void {
    const server = ws.connectToServer();
    this.live.set(ws, server);
    const end = () => this.live.delete(ws);
    ws.onClose((code, reason) => {
      end();
      server.close({ code, reason });
    });
    server.onClose((code, reason) => {
      end();
      ws.close({ code, reason });
    });
  }
}

/** A website visitor writing through the widget's HTTP API. */
async function visitor(server: E2eServer, widgetId: string, name: string): Promise<(body: string) => Promise<void>> {
  const call = async (route: string, body: unknown, token?: string) => {
    const response = await fetch(`${server.url}/widget/${widgetId}${route}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: JSON.stringify(body),
    });
    if (!response.ok) throw new Error(`POST ${route} → ${response.status} ${await response.text()}`);
    return response.json() as Promise<{ visitorToken: string }>;
  };
  const { visitorToken } = await call('/sessions', { name });
  return async (body) => void (await call('/messages', { body }, visitorToken));
}

/**
 * Issue 17, item 3 for users: while the server or its dependencies are briefly away, an agent's screen catches up by
 * itself once its socket is back (also when the server closed it on purpose), and a visitor's message refused with 503
 * stays in the widget as retrying and is then sent, once, in the order written.
 */
describe('through a brief outage', () => {
  let server: E2eServer;
  let browser: Browser;
  let agent: Page;
  let widgetId: string;
  const gate = new SocketGate();

  const api = async <T = any>(method: string, route: string, body?: unknown) => server.api<T>(method, route, body, await pageToken(agent));
  const subTab = (label: string, count: number) => agent.getByRole('tab', { name: `${label} (${count})` });
  const card = (name: string) => agent.getByRole('listitem', { name });

  beforeAll(async () => {
    [server, browser] = await Promise.all([startE2eServer(), launchBrowser()]);
    widgetId = (await connectedWebchat(server)).token;
    agent = await (await newContext(browser, WIDE)).newPage();
    await gate.install(agent);
    await signIn(agent, server.url, ADMIN.email, ADMIN.password);
    await agent.getByRole('tab', { name: 'Abertas' }).waitFor();
  }, 90_000);

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  describe("the agent's screen", () => {
    let diana: (body: string) => Promise<void>;

    it('shows a visitor who wrote while its connection was down, once it is back, without a reload', async () => {
      // Live before the outage: the socket is up and events reach the list.
      diana = await visitor(server, widgetId, 'Diana Antes');
      await diana('Olá, alguém aí?');
      await subTab('Aguardando', 1).click();
      await card('Diana Antes').getByText('Olá, alguém aí?').waitFor();
      await agent.evaluate(() => ((window as unknown as { sameDocument: boolean }).sameDocument = true));

      await gate.drop();
      const eduardo = await visitor(server, widgetId, 'Eduardo Durante');
      await eduardo('Escrevi durante a queda');
      gate.reopen();

      await card('Eduardo Durante').getByText('Escrevi durante a queda').waitFor({ timeout: 20_000 });
      await subTab('Aguardando', 2).waitFor();
      await screenshot(agent, 'outage-catch-up-list-1280');
      expect(await agent.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true);
    });

    it('connects again after the server closed its socket on purpose, and shows the open ticket and its card current', async () => {
      const ticket = await eventually(async () => {
        const { tickets } = await api<{ tickets: Ticket[] }>('GET', '/tickets?status=pending');
        return tickets.find((candidate) => candidate.contact?.name === 'Diana Antes');
      });
      const me = await api<{ id: number }>('GET', '/auth/me');
      await api('PUT', `/tickets/${ticket.id}`, { status: 'open', userId: me.id });
      const assigned = agent.getByRole('list', { name: 'Atendendo' });
      await agent.getByRole('tab', { name: /^Atendendo/ }).click();
      await assigned.getByRole('listitem', { name: 'Diana Antes' }).getByRole('heading').click();
      await agent.waitForURL(new RegExp(`/tickets/${ticket.uuid}$`));
      const conversation = agent.getByRole('log', { name: 'Mensagens do ticket' });
      await conversation.getByRole('article').filter({ hasText: 'Olá, alguém aí?' }).waitFor();

      await gate.serverDisconnects();
      await diana('Voltei, ainda preciso de ajuda');
      gate.reopen();

      await conversation.getByRole('article').filter({ hasText: 'Voltei, ainda preciso de ajuda' }).waitFor({ timeout: 20_000 });
      await assigned.getByRole('listitem', { name: 'Diana Antes' }).getByText('Voltei, ainda preciso de ajuda').waitFor();
      await screenshot(agent, 'outage-catch-up-ticket-1280');
      expect(await agent.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true);
    });
  });

  it("keeps a visitor's refused message as retrying, then sends it, once and in order, and shows a refusal for good", async () => {
    const page = await (await newContext(browser, WIDE)).newPage();
    const attempts: string[] = [];
    let letRetryThrough!: () => void;
    const retryHeld = new Promise<void>((resolve) => (letRetryThrough = resolve));
    let retried!: () => void;
    const retryArrived = new Promise<void>((resolve) => (retried = resolve));
    await page.route(`**/widget/${widgetId}/messages`, async (route: Route) => {
      if (route.request().method() !== 'POST') return route.continue();
      const { body } = route.request().postDataJSON() as { body: string };
      attempts.push(body);
      const tries = attempts.filter((seen) => seen === body).length;
      if (body === 'Primeira' && tries === 1) {
        return route.fulfill({
          status: 503,
          headers: { 'Retry-After': '1' },
          contentType: 'application/json',
          body: JSON.stringify({ error: 'ERR_SERVICE_UNAVAILABLE' }),
        });
      }
      if (body === 'Primeira') {
        retried();
        await retryHeld;
      }
      // The server takes it, but its answer is lost on the way back.
      if (body === 'Terceira' && tries === 1) {
        await route.fetch();
        return route.abort('connectionreset');
      }
      if (body === 'Quarta') {
        return route.fulfill({
          status: 422,
          contentType: 'application/json',
          body: JSON.stringify({ error: 'ERR_VALIDATION', message: 'Mensagem recusada pelo servidor' }),
        });
      }
      return route.continue();
    });
    await page.goto(`${server.url}/widget/${widgetId}`);
    await page.locator('#wc-name').fill('Fernanda Fila');
    await page.locator('#wc-start').click();
    const write = async (text: string) => {
      await page.locator('#wc-input').fill(text);
      await page.locator('#wc-send').click();
    };
    const item = (text: string) => page.locator('#wc-messages li.wc-visitor', { hasText: text });

    await write('Primeira');
    await write('Segunda');
    await item('Primeira').locator('.wc-state', { hasText: 'Não enviada ainda, tentando de novo…' }).waitFor();
    await item('Segunda').locator('.wc-state', { hasText: 'Enviando…' }).waitFor();
    // Tried again by itself; the second waits behind it, not sent yet.
    await retryArrived;
    expect(attempts).toEqual(['Primeira', 'Primeira']);
    expect(await item('Primeira').locator('.wc-state').textContent()).toBe('Não enviada ainda, tentando de novo…');
    await screenshot(page, 'widget-retrying-1280');

    letRetryThrough();
    for (const text of ['Primeira', 'Segunda']) {
      await item(text).locator('time').waitFor();
      expect(await item(text).getAttribute('class')).not.toContain('wc-pending');
    }
    await write('Terceira');
    await item('Terceira').locator('time').waitFor({ timeout: 20_000 });
    await write('Quarta');
    await item('Quarta').locator('.wc-state', { hasText: 'Não enviada. Mensagem recusada pelo servidor' }).waitFor();
    await screenshot(page, 'widget-sent-after-retry-1280');
    const shown = await page.locator('#wc-messages li.wc-visitor').allTextContents();
    expect(shown.map((text) => text.replace(/\d{2}:\d{2}.*$/, '').replace(/Não enviada\..*$/, ''))).toEqual([
      'Primeira',
      'Segunda',
      'Terceira',
      'Quarta',
    ]);

    // The agent has each accepted message once, in the order written; the refused one never reached the ticket.
    const ticket = await eventually(async () => {
      const { tickets } = await api<{ tickets: Ticket[] }>('GET', '/tickets?status=pending');
      return tickets.find((candidate) => candidate.contact?.name === 'Fernanda Fila');
    });
    const stored = await eventually(async () => {
      const { messages } = await api<{ messages: { body: string; fromMe: boolean }[] }>('GET', `/messages/${ticket.id}`);
      const mine = messages.filter((message) => !message.fromMe).map((message) => message.body);
      return mine.length >= 3 ? mine : undefined;
    });
    expect(stored).toEqual(['Primeira', 'Segunda', 'Terceira']);
  });

  it('keeps a waiting message across a reload of the page and sends it once when the service is back', async () => {
    const page = await (await newContext(browser, WIDE)).newPage();
    let refusing = true;
    const attempts: string[] = [];
    await page.route(`**/widget/${widgetId}/messages`, async (route: Route) => {
      if (route.request().method() !== 'POST') return route.continue();
      attempts.push((route.request().postDataJSON() as { body: string }).body);
      if (!refusing) return route.continue();
      return route.fulfill({
        status: 503,
        headers: { 'Retry-After': '1' },
        contentType: 'application/json',
        body: JSON.stringify({ error: 'ERR_SERVICE_UNAVAILABLE' }),
      });
    });
    await page.goto(`${server.url}/widget/${widgetId}`);
    await page.locator('#wc-name').fill('Gabriel Recarga');
    await page.locator('#wc-start').click();
    await page.locator('#wc-input').fill('Escrita antes de recarregar');
    await page.locator('#wc-send').click();
    const item = page.locator('#wc-messages li.wc-visitor', { hasText: 'Escrita antes de recarregar' });
    await item.locator('.wc-state', { hasText: 'Não enviada ainda, tentando de novo…' }).waitFor();

    // The visitor reloads while the service is still away: the message is there again, still waiting.
    await page.reload();
    await item.locator('.wc-state').waitFor();
    const before = attempts.length;
    await eventually(async () => (attempts.length > before ? true : undefined));
    refusing = false;
    await item.locator('time').waitFor({ timeout: 20_000 });

    const ticket = await eventually(async () => {
      const { tickets } = await api<{ tickets: Ticket[] }>('GET', '/tickets?status=pending');
      return tickets.find((candidate) => candidate.contact?.name === 'Gabriel Recarga');
    });
    const { messages } = await api<{ messages: { body: string; fromMe: boolean }[] }>('GET', `/messages/${ticket.id}`);
    expect(messages.filter((message) => !message.fromMe).map((message) => message.body)).toEqual(['Escrita antes de recarregar']);
    // Taken: a second reload has nothing left to send.
    const sentBefore = attempts.length;
    await page.reload();
    await item.locator('time').waitFor();
    expect(attempts.length).toBe(sentBefore);
  });
});
