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
  /** Every card of the answer, pending column and attendants' columns. */
  const cards = (answer: MomentsBody) => idsOf([...answer.pending.tickets, ...answer.attendants.flatMap((column) => column.tickets)]);
  type MomentsBody = { pending: { tickets: { id: number }[] }; attendants: { tickets: { id: number }[] }[] };

  it('answers the pending column and one column per attendant within 30 days, with counts, for admins', async () => {
    const answer = await api(server, 'GET', '/dashboard/moments', { token: company.admin.token });
    expect(answer.status).toBe(200);
    expect(idsOf(answer.body.pending.tickets)).toEqual(ids('pendingQ1', 'pendingQ2', 'pendingNoQueue'));
    expect(answer.body.pending).toMatchObject({ count: 3, hasMore: false });
    expect(answer.body.attendants.map((column: any) => [column.user.name, column.count, idsOf(column.tickets)])).toEqual([
      ['Ana', 1, ids('anaOpen')],
      ['Bruno', 1, ids('brunoOpen')],
    ]);
    expect(answer.body.attendants[0].tickets[0]).toMatchObject({ user: { name: 'Ana' }, queue: { name: 'Q2' } });
    expect(answer.body.attendants[0].tickets[0]).not.toHaveProperty('momentsRank');
    // The answer is the screen, not every ticket of the window.
    expect(answer.body).not.toHaveProperty('tickets');
  });

  it('pages a column by 20 cards, counting them all', async () => {
    const paged = await server.createCompany();
    const w = await fixtures.connection(paged.companyId);
    const made: number[] = [];
    for (let i = 0; i < 25; i += 1) made.push((await fixtures.ticket(paged.companyId, { whatsapp_id: w })).id);
    const first = (await api(server, 'GET', '/dashboard/moments?status=pending', { token: paged.admin.token })).body;
    expect(first.pending).toMatchObject({ count: 25, hasMore: true });
    expect(first.pending.tickets).toHaveLength(20);
    const second = (await api(server, 'GET', '/dashboard/moments?status=pending&pageNumber=2', { token: paged.admin.token })).body;
    expect(second.pending).toMatchObject({ count: 25, hasMore: false });
    expect(idsOf([...first.pending.tickets, ...second.pending.tickets])).toEqual([...made].sort((a, b) => a - b));
  });

  it('filters by status, queues (0 is "Sem fila"), user and dates', async () => {
    const get = async (query: string) => (await api(server, 'GET', `/dashboard/moments${query}`, { token: company.admin.token })).body;
    expect(cards(await get('?status=pending'))).toEqual(ids('pendingQ1', 'pendingQ2', 'pendingNoQueue'));
    expect(cards(await get(`?queueIds=${encodeURIComponent(JSON.stringify([q1, 0]))}`))).toEqual(
      ids('pendingQ1', 'pendingNoQueue', 'brunoOpen'),
    );
    expect(cards(await get(`?userId=${company.users[0]!.id}`))).toEqual(ids('anaOpen'));
    const from = new Date(Date.now() - 60 * 86_400_000).toISOString().slice(0, 10);
    expect(cards(await get(`?dateStart=${from}&userId=${company.users[0]!.id}`))).toEqual(ids('anaOpen', 'stale'));
  });

  it('is for admins and users with allowRealTime, who see what the visibility rule allows', async () => {
    expect((await api(server, 'GET', '/dashboard/moments', { token: company.users[0]!.token })).status).toBe(403);
    const bruno = await api(server, 'GET', '/dashboard/moments?showAll=true', { token: company.users[1]!.token });
    expect(bruno.status).toBe(200);
    expect(cards(bruno.body)).toEqual(ids('pendingQ1', 'brunoOpen'));
  });
});
