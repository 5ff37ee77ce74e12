import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { btree_gin } from '@electric-sql/pglite/contrib/btree_gin';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, menuShown, newContext, screenshot, signIn } from './support/browser.js';
import { ADMIN, startE2eServer, type E2eServer } from './support/server.js';

const ANA = { name: 'Ana Atende', email: 'ana.atende@switchboard.test', password: 'Ana-e2e-12345' };
const BRUNO = { name: 'Bruno Busca', email: 'bruno.busca@switchboard.test', password: 'Bruno-e2e-1234' };

/**
 * March 2026 of the super admin's company, written into the stopped server's database with each ticket's moments
 * (São Paulo time): arrival, first acceptance and close, and two ratings. What the dashboard must show follows.
 */
async function seedMonth(
  dataDir: string,
  ids: { company: number; ana: number; bruno: number; vendas: number; suporte: number; site: number },
) {
  const db = await PGlite.create({ dataDir: path.join(dataDir, 'db'), extensions: { pg_trgm, btree_gin } });
  try {
    const tickets: [string, string, number | null, number | null, number | null, number | null][] = [
      // arrival, status, user, queue, minutes to acceptance, minutes to close
      ['2026-03-02 10:00-03', 'closed', ids.ana, ids.vendas, 5, 35],
      ['2026-03-02 11:00-03', 'closed', ids.bruno, ids.suporte, 15, 75],
      ['2026-03-10 09:00-03', 'open', ids.ana, ids.vendas, 10, null],
      ['2026-03-15 14:00-03', 'pending', null, ids.suporte, null, null],
      ['2026-03-20 16:00-03', 'closed', null, null, null, 30],
      // 28 February in São Paulo (already 1 March in UTC): out of the month.
      ['2026-02-28 23:30-03', 'open', ids.ana, ids.vendas, 1, null],
    ];
    for (const [index, [arrival, status, user, queue, accepted, closed]] of tickets.entries()) {
      const contact = await db.query<{ id: number }>(
        'insert into contacts (company_id, name, number, created_at, updated_at) values ($1, $2, $3, $4, $4) returning id',
        [ids.company, `Cliente ${index + 1}`, `55119800000${index}`, arrival],
      );
      const ticket = await db.query<{ id: number }>(
        `insert into tickets (company_id, contact_id, whatsapp_id, status, user_id, queue_id, created_at, updated_at, accepted_at, closed_at)
         values ($1, $2, $3, $4, $5, $6, $7::timestamptz, $7::timestamptz,
                 $7::timestamptz + $8 * interval '1 minute', $7::timestamptz + $9 * interval '1 minute') returning id`,
        [ids.company, contact.rows[0]!.id, ids.site, status, user, queue, arrival, accepted, closed],
      );
      const rate = index === 0 ? 5 : index === 1 ? 2 : null;
      if (rate) {
        await db.query(
          "insert into user_ratings (company_id, ticket_id, user_id, rate, created_at) values ($1, $2, $3, $4, $5::timestamptz + interval '1 hour')",
          [ids.company, ticket.rows[0]!.id, user, rate, arrival],
        );
      }
    }
  } finally {
    await db.close();
  }
}

describe('the dashboard', () => {
  let server: E2eServer;
  let browser: Browser;
  let page: Page;

  beforeAll(async () => {
    [server, browser] = await Promise.all([startE2eServer(), launchBrowser()]);
    const me = await server.api<{ companyId: number }>('GET', '/auth/me');
    const vendas = (await server.api<{ id: number }>('POST', '/queue', { name: 'Vendas', color: '#1565c0', greetingMessage: 'Olá' })).id;
    const suporte = (await server.api<{ id: number }>('POST', '/queue', { name: 'Suporte', color: '#2e7d32', greetingMessage: 'Olá' })).id;
    const ana = (await server.api<{ id: number }>('POST', '/users', { ...ANA, profile: 'user', queueIds: [vendas] })).id;
    const bruno = (await server.api<{ id: number }>('POST', '/users', { ...BRUNO, profile: 'user', queueIds: [suporte] })).id;
    const site = (await server.api<{ id: number }>('POST', '/whatsapp', { name: 'Site', channel: 'webchat' })).id;
    await server.halt();
    await seedMonth(server.dataDir, { company: me.companyId, ana, bruno, vendas, suporte, site });
    const dataDir = server.dataDir;
    server = await startE2eServer({}, { dataDir });
    page = await (await newContext(browser)).newPage();
    await signIn(page, server.url, ADMIN.email, ADMIN.password);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  const card = (title: string) => page.getByRole('region', { name: title, exact: true });

  it("shows a seeded month's counts, waits and service times, its top attendant and ratings", async () => {
    await page.getByRole('link', { name: 'Dashboard' }).click();
    await page.waitForURL(`${server.url}/`);
    const filter = page.getByRole('form', { name: 'Filtro' });
    await filter.getByLabel('Data inicial').fill('2026-03-01');
    await filter.getByLabel('Data final').fill('2026-03-31');
    await filter.getByRole('button', { name: 'Filtrar' }).click();
    await card('Leads').getByText('5', { exact: true }).waitFor();
    const expected: [string, string][] = [
      ['Chats Pendentes', '1'],
      ['Chats Ativos', '1'],
      ['Chats Concluídos', '2'],
      ['Chats Encerrados', '1'],
      // Waits 5, 15 and 10 minutes; services 30 and 60.
      ['T.M. de Espera', '10min'],
      ['T.M. de Atendimento', '45min'],
    ];
    for (const [title, value] of expected) {
      await expect(card(title).getByText(value, { exact: true }).isVisible()).resolves.toBe(true);
    }
    await expect(card('Atendente destaque').getByText(ANA.name).isVisible()).resolves.toBe(true);
    await expect(card('Atendente destaque').getByText('2 atendimentos').isVisible()).resolves.toBe(true);
    await expect(card('Atendimentos por setor').isVisible()).resolves.toBe(true);
    await screenshot(page, 'dashboard-indicators-1280');
    await card('Atendimentos por dia').scrollIntoViewIfNeeded();
    await screenshot(page, 'dashboard-charts-1280');

    await page.getByRole('tab', { name: 'Atendentes' }).click();
    const row = (name: string) => page.getByRole('row', { name });
    await row(ANA.name).waitFor();
    // Ana: tickets of 2 March and 10 March, waits 5 and 10 minutes, one service of 30.
    await expect(row(ANA.name).getByRole('cell').allInnerTexts()).resolves.toEqual([
      ANA.name,
      '5,0 😍',
      '1',
      '2',
      '7min',
      '30min',
      'Offline',
    ]);
    await expect(row(BRUNO.name).getByRole('cell').allInnerTexts()).resolves.toEqual([
      BRUNO.name,
      '2,0 😞',
      '1',
      '1',
      '15min',
      '1h 00min',
      'Offline',
    ]);
    await screenshot(page, 'dashboard-attendants-1280');

    await page.getByRole('tab', { name: 'NPS' }).click();
    const counts = page.getByRole('region', { name: 'Notas' });
    await counts.waitFor();
    await expect(counts.innerText()).resolves.toMatch(/Boa\s+1\s+Média\s+0\s+Ruim\s+1\s+Total de notas\s+2/);
    await screenshot(page, 'dashboard-nps-1280');
  });

  it('asks for a filter when none is set', async () => {
    const filter = page.getByRole('form', { name: 'Filtro' });
    await filter.getByLabel('Tipo de filtro').click();
    await page.getByRole('option', { name: 'Filtro por período' }).click();
    await filter.getByRole('button', { name: 'Filtrar' }).click();
    await page.getByText('Parametrize o filtro').waitFor();
  });

  it('sends an attendant without the dashboard permission from / to the tickets', async () => {
    const agentPage = await (await newContext(browser)).newPage();
    await signIn(agentPage, server.url, ANA.email, ANA.password);
    await agentPage.goto(`${server.url}/`);
    await agentPage.waitForURL(/\/tickets$/);
    await menuShown(agentPage);
    await expect(agentPage.getByRole('link', { name: 'Dashboard' }).count()).resolves.toBe(0);
    await agentPage.context().close();
  });
});
