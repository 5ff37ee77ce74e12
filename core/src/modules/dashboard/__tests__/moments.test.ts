import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { api, startTestServer, type CompanyFixture, type TestServer } from '../../../testing/test-server.js';
import { TicketFixtures } from '../../tickets/__tests__/ticket-fixtures.js';

let server: TestServer;
let fixtures: TicketFixtures;

beforeAll(async () => {
  server = await startTestServer();
  fixtures = new TicketFixtures(server.ports.database.knex);
});

afterAll(async () => {
  await server?.stop();
});

describe('GET /dashboard/moments', () => {
  let company: CompanyFixture;
  const t: Record<string, number> = {};
  let q1: number;

  beforeAll(async () => {
    company = await server.createCompany({
      users: [
        { profile: 'user', name: 'Ana' },
        { profile: 'user', name: 'Bruno', allow_real_time: 'enabled' },
      ],
    });
    const c = company.companyId;
    const [ana, bruno] = company.users;
    const w = await fixtures.connection(c);
    q1 = await fixtures.queue(c, 'Q1');
    const q2 = await fixtures.queue(c, 'Q2');
    await fixtures.userQueue(c, bruno!.id, q1);
    t.pendingQ1 = (await fixtures.ticket(c, { whatsapp_id: w, queue_id: q1 })).id;
    t.pendingQ2 = (await fixtures.ticket(c, { whatsapp_id: w, queue_id: q2 })).id;
    t.pendingNoQueue = (await fixtures.ticket(c, { whatsapp_id: w })).id;
    t.anaOpen = (await fixtures.ticket(c, { whatsapp_id: w, queue_id: q2, status: 'open', user_id: ana!.id })).id;
    t.brunoOpen = (await fixtures.ticket(c, { whatsapp_id: w, queue_id: q1, status: 'open', user_id: bruno!.id })).id;
    t.closed = (await fixtures.ticket(c, { whatsapp_id: w, queue_id: q1, status: 'closed', user_id: ana!.id })).id;
    const old = new Date(Date.now() - 40 * 86_400_000);
    t.stale = (await fixtures.ticket(c, { whatsapp_id: w, queue_id: q1, status: 'open', user_id: ana!.id, updated_at: old })).id;
  });

  const idsOf = (tickets: { id: number }[]) => tickets.map((ticket) => ticket.id).sort((a, b) => a - b);
  const ids = (...names: string[]) => names.map((name) => t[name]!).sort((a, b) => a - b);

  it('answers pending tickets and one column per attendant within 30 days, for admins', async () => {
    const answer = await api(server, 'GET', '/dashboard/moments', { token: company.admin.token });
    expect(answer.status).toBe(200);
    expect(idsOf(answer.body.pending)).toEqual(ids('pendingQ1', 'pendingQ2', 'pendingNoQueue'));
    expect(answer.body.attendants.map((column: any) => [column.user.name, idsOf(column.tickets)])).toEqual([
      ['Ana', ids('anaOpen')],
      ['Bruno', ids('brunoOpen')],
    ]);
    expect(idsOf(answer.body.tickets)).toEqual(ids('pendingQ1', 'pendingQ2', 'pendingNoQueue', 'anaOpen', 'brunoOpen'));
    expect(answer.body.attendants[0].tickets[0]).toMatchObject({ user: { name: 'Ana' }, queue: { name: 'Q2' } });
  });

  it('filters by status, queues (0 is "Sem fila"), user and dates', async () => {
    const get = async (query: string) => (await api(server, 'GET', `/dashboard/moments${query}`, { token: company.admin.token })).body;
    expect(idsOf((await get('?status=pending')).tickets)).toEqual(ids('pendingQ1', 'pendingQ2', 'pendingNoQueue'));
    expect(idsOf((await get(`?queueIds=${encodeURIComponent(JSON.stringify([q1, 0]))}`)).tickets)).toEqual(
      ids('pendingQ1', 'pendingNoQueue', 'brunoOpen'),
    );
    expect(idsOf((await get(`?userId=${company.users[0]!.id}`)).tickets)).toEqual(ids('anaOpen'));
    const from = new Date(Date.now() - 60 * 86_400_000).toISOString().slice(0, 10);
    expect(idsOf((await get(`?dateStart=${from}&userId=${company.users[0]!.id}`)).tickets)).toEqual(ids('anaOpen', 'stale'));
  });

  it('is for admins and users with allowRealTime, who see what the visibility rule allows', async () => {
    expect((await api(server, 'GET', '/dashboard/moments', { token: company.users[0]!.token })).status).toBe(403);
    const bruno = await api(server, 'GET', '/dashboard/moments?showAll=true', { token: company.users[1]!.token });
    expect(bruno.status).toBe(200);
    expect(idsOf(bruno.body.tickets)).toEqual(ids('pendingQ1', 'brunoOpen'));
  });
});
