import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Browser, Page } from 'playwright-core';
import { screenshot } from './support/browser.js';
import { startAdminSession, type ApiAs } from './support/admin-session.js';
import type { E2eServer } from './support/server.js';

const AGENT = { name: 'Tiago Tempo', email: 'tiago.tempo@switchboard.test', password: 'Tiago-e2e-1234' };

/**
 * Spec 2 §2 "Real-time moments screen": the waiting tickets in one column and each attendant's open tickets in
 * theirs, a ticket without a queue shown as 'Sem fila', kept live as tickets change.
 */
describe('real-time moments screen', () => {
  let server: E2eServer;
  let browser: Browser;
  let page: Page;
  let api: ApiAs;
  let agentId: number;
  let queueId: number;

  async function ticketOf(name: string, fields: Record<string, unknown>): Promise<{ id: number }> {
    const contact = await api<{ id: number }>('POST', '/contacts', {
      name,
      number: `visitor-${name.replace(/\W/g, '')}`,
      channel: 'webchat',
    });
    return api('POST', '/tickets', { contactId: contact.id, ...fields });
  }

  beforeAll(async () => {
    ({ server, browser, page, api } = await startAdminSession());
    // Through the page's own session: the server helper's sign-in would end it.
    await api('POST', '/whatsapp', { name: 'Site', channel: 'webchat' });
    queueId = (await api<{ id: number }>('POST', '/queue', { name: 'Vendas', color: '#6a1b9a', greetingMessage: 'Olá' })).id;
    agentId = (await api<{ id: number }>('POST', '/users', { ...AGENT, profile: 'user', queueIds: [queueId] })).id;
    await ticketOf('Paula Pendente', { status: 'pending', queueId });
    await ticketOf('Otto Avulso', { status: 'pending' });
    await ticketOf('Ana Atendida', { status: 'open', queueId, userId: agentId });
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  const column = (title: string) => page.getByRole('region', { name: title, exact: true });

  it('shows the waiting column and the attendant column, and a new waiting ticket live', async () => {
    await page.goto(`${server.url}/moments`);
    const waiting = column('Aguardando');
    await waiting.getByRole('listitem', { name: 'Paula Pendente' }).waitFor();
    await expect(waiting.getByRole('listitem', { name: 'Otto Avulso' }).getByText('Sem fila').isVisible()).resolves.toBe(true);
    await expect(waiting.getByRole('listitem', { name: 'Paula Pendente' }).getByText('Vendas').isVisible()).resolves.toBe(true);
    await column(AGENT.name).getByRole('listitem', { name: 'Ana Atendida' }).waitFor();
    await expect(waiting.getByLabel('2 tickets').isVisible()).resolves.toBe(true);

    await ticketOf('Nina Nova', { status: 'pending', queueId });
    await waiting.getByRole('listitem', { name: 'Nina Nova' }).waitFor();
    await expect(waiting.getByLabel('3 tickets').isVisible()).resolves.toBe(true);
    await screenshot(page, 'moments-1280');

    await waiting.getByRole('listitem', { name: 'Nina Nova' }).click();
    await page.waitForURL(/\/tickets\/[0-9a-f-]{36}$/);
  });
});
