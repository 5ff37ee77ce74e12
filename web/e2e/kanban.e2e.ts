import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Browser, Locator, Page } from 'playwright-core';
import { launchBrowser, newContext, pageToken, screenshot, signIn, WIDE } from './support/browser.js';
import { connectedWebchat, eventually, startE2eServer, type E2eServer } from './support/server.js';

const AGENT = { name: 'Kátia Kanban', email: 'katia.kanban@switchboard.test', password: 'Katia-e2e-1234' };

interface Card {
  id: number;
  tags: { id: number }[];
}

/**
 * Spec 3 §2.14, §4: an agent's board holds their queue's tickets in the open lane and one lane per kanban tag;
 * dragging a card to another lane takes it out of its lane and into the new one, with the two toasts, and it stays
 * there after a reload. The spec's capitalised address (/Kanban) opens it.
 */
describe('kanban board', () => {
  let server: E2eServer;
  let browser: Browser;
  let page: Page;
  let agentToken: string;
  const lanes: Record<string, number> = {};
  const tickets: Record<string, number> = {};

  beforeAll(async () => {
    [server, browser] = await Promise.all([startE2eServer(), launchBrowser()]);
    await connectedWebchat(server);
    const support = await server.api<{ id: number }>('POST', '/queue', { name: 'Suporte', color: '#43a047', greetingMessage: 'Olá' });
    await server.api('POST', '/users', { ...AGENT, profile: 'user', queueIds: [support.id] });
    for (const [name, color] of [
      ['Proposta', '#1565c0'],
      ['Fechado', '#fdd835'],
    ]) {
      lanes[name!] = (await server.api<{ id: number }>('POST', '/tags', { name, color, kanban: 1 })).id;
    }
    for (const name of ['Bruna Board', 'Caio Cartão']) {
      const contact = await server.api<{ id: number }>('POST', '/contacts', {
        name,
        number: `visitor-${name.replace(/\W/g, '')}`,
        channel: 'webchat',
      });
      tickets[name] = (
        await server.api<{ id: number }>('POST', '/tickets', { contactId: contact.id, queueId: support.id, status: 'pending' })
      ).id;
    }
    page = await (await newContext(browser, WIDE)).newPage();
    await signIn(page, server.url, AGENT.email, AGENT.password);
    agentToken = await pageToken(page);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  // react-trello draws each lane as a section titled with the lane's name.
  const lane = (title: string): Locator => page.locator(`section[title="${title}"]`);
  const card = (ticketId: number): Locator => page.locator(`[data-ticket-id="${ticketId}"]`);
  const board = () => server.api<{ tickets: Card[] }>('GET', '/ticket/kanban', undefined, agentToken);

  /** A drag as a hand does it: press on the card, move in steps over the lane, release. */
  async function drag(from: Locator, to: Locator): Promise<void> {
    const start = (await from.boundingBox())!;
    const end = (await to.boundingBox())!;
    await page.mouse.move(start.x + start.width / 2, start.y + 20);
    await page.mouse.down();
    await page.mouse.move(start.x + start.width / 2 + 10, start.y + 30, { steps: 5 });
    await page.mouse.move(end.x + end.width / 2, end.y + Math.min(end.height / 2, 200), { steps: 25 });
    await page.mouse.up();
  }

  it('shows the lanes and cards, moves a card to another lane and keeps it there after a reload', async () => {
    await page.goto(`${server.url}/Kanban`);
    const bruna = card(tickets['Bruna Board']!);
    await bruna.waitFor();
    await expect(lane('Em aberto').locator(`[data-ticket-id]`).count()).resolves.toBe(2);
    await expect(bruna.getByText(`Ticket n° ${tickets['Bruna Board']}`).isVisible()).resolves.toBe(true);
    await expect(bruna.getByText('Bruna Board').isVisible()).resolves.toBe(true);
    await expect(lane('Proposta').isVisible()).resolves.toBe(true);
    await expect(lane('Fechado').isVisible()).resolves.toBe(true);

    await drag(bruna, lane('Proposta'));
    await page.getByText('Ticket Tag Removido!').waitFor();
    await page.getByText('Ticket Tag Adicionado com Sucesso!').waitFor();
    const moved = await eventually(async () => {
      const found = (await board()).tickets.find((ticket) => ticket.id === tickets['Bruna Board']);
      return found?.tags.some((tag) => tag.id === lanes.Proposta) ? found : undefined;
    });
    expect(moved.tags).toEqual([{ id: lanes.Proposta }]);
    await screenshot(page, 'kanban-1280');

    await page.reload();
    await lane('Proposta').locator(`[data-ticket-id="${tickets['Bruna Board']}"]`).waitFor();
    await expect(lane('Em aberto').locator(`[data-ticket-id]`).count()).resolves.toBe(1);

    // Back to the open lane: only taken out of its lane.
    await drag(card(tickets['Bruna Board']!), lane('Em aberto'));
    await eventually(async () =>
      (await board()).tickets.find((ticket) => ticket.id === tickets['Bruna Board'])?.tags.length === 0 ? true : undefined,
    );
    await lane('Em aberto').locator(`[data-ticket-id="${tickets['Bruna Board']}"]`).waitFor();
  });

  it('opens the ticket from its card', async () => {
    await page.goto(`${server.url}/kanban`);
    await card(tickets['Caio Cartão']!).getByRole('button', { name: 'Ver Ticket' }).click();
    await page.waitForURL(/\/tickets\/[0-9a-f-]{36}$/);
  });

  it('lists the kanban tags with their ticket counts at /TagsKanban', async () => {
    await server.api('PUT', `/ticket-tags/${tickets['Caio Cartão']}/${lanes.Fechado}`, undefined, agentToken);
    await page.goto(`${server.url}/TagsKanban`);
    await page.waitForURL(/\/kanban\/tags$/);
    const list = page.getByRole('table', { name: 'Tags do Kanban' });
    await list.getByText('Fechado').waitFor();
    const row = list.getByRole('row').filter({ hasText: 'Fechado' });
    await expect(row.getByRole('cell').nth(1).textContent()).resolves.toBe('1');
  });
});
