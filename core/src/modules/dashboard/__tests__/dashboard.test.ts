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

/** A São Paulo wall time (UTC-3, no daylight saving since 2019) as an instant. */
const local = (wall: string) => new Date(`${wall}-03:00`);
const minutes = (at: Date, count: number) => new Date(at.getTime() + count * 60_000);

/**
 * March 2026 of one company, in São Paulo time: five tickets and their moments, plus what must stay out (a ticket
 * of 28 February 23:30, which is already 1 March in UTC, one of April, a group).
 */
describe('the dashboard of a seeded month', () => {
  let company: CompanyFixture;
  let ana: number;
  let bruno: number;
  let q1: number;
  let q2: number;
  const month = 'date_from=2026-03-01&date_to=2026-03-31';
  const get = async (route: string, token = company.admin.token) => api(server, 'GET', route, { token });

  beforeAll(async () => {
    company = await server.createCompany({
      users: [
        { profile: 'user', name: 'Ana', online: true },
        { profile: 'user', name: 'Bruno' },
        { profile: 'user', name: 'Carla', show_dashboard: 'enabled' },
      ],
    });
    const c = company.companyId;
    [ana, bruno] = company.users.map((user) => user.id) as [number, number];
    const w = await fixtures.connection(c);
    q1 = await fixtures.queue(c, 'Vendas');
    q2 = await fixtures.queue(c, 'Suporte');
    const knex = server.ports.database.knex;
    const ticket = async (wall: string, columns: Record<string, unknown>) => {
      const arrival = local(wall);
      const contact = await fixtures.contact(c, { created_at: arrival, is_group: columns.is_group === true });
      return fixtures.ticket(c, { whatsapp_id: w, contact_id: contact, created_at: arrival, updated_at: arrival, ...columns });
    };
    const t1Arrival = local('2026-03-02T10:00:00');
    const t1 = await ticket('2026-03-02T10:00:00', {
      status: 'closed',
      user_id: ana,
      queue_id: q1,
      accepted_at: minutes(t1Arrival, 5),
      closed_at: minutes(t1Arrival, 35),
    });
    const t2Arrival = local('2026-03-02T11:00:00');
    const t2 = await ticket('2026-03-02T11:00:00', {
      status: 'closed',
      user_id: bruno,
      queue_id: q2,
      accepted_at: minutes(t2Arrival, 15),
      closed_at: minutes(t2Arrival, 75),
    });
    await ticket('2026-03-10T09:00:00', {
      status: 'open',
      user_id: ana,
      queue_id: q1,
      accepted_at: minutes(local('2026-03-10T09:00:00'), 10),
    });
    await ticket('2026-03-15T14:00:00', { status: 'pending', queue_id: q2 });
    await ticket('2026-03-20T16:00:00', { status: 'closed', closed_at: local('2026-03-20T16:30:00') });
    // Out of the month: São Paulo's 28 February (1 March in UTC), April, and a group conversation.
    await ticket('2026-02-28T23:30:00', { status: 'open', user_id: ana, queue_id: q1 });
    await ticket('2026-04-01T00:30:00', { status: 'pending', queue_id: q1 });
    await ticket('2026-03-05T12:00:00', { status: 'group', is_group: true });
    await knex('user_ratings').insert([
      { company_id: c, ticket_id: t1.id, user_id: ana, rate: 5, created_at: minutes(t1Arrival, 36) },
      { company_id: c, ticket_id: t2.id, user_id: bruno, rate: 2, created_at: minutes(t2Arrival, 76) },
      { company_id: c, ticket_id: t2.id, user_id: bruno, rate: 3, created_at: local('2026-04-02T10:00:00') },
    ]);
  });

  it('counts the cards: waiting, attended, concluded, closed unattended, leads, waits and service times', async () => {
    const answer = await get(`/dashboard?${month}`);
    expect(answer.status).toBe(200);
    expect(answer.body.counters).toMatchObject({
      supportPending: 1,
      supportHappening: 1,
      supportFinished: 2,
      supportClosed: 1,
      leads: 5,
      // Waits 5, 15 and 10 minutes; services 30 and 60 minutes.
      avgWaitTime: 600,
      avgSupportTime: 2700,
    });
    expect(answer.body.counters.dueDate).toEqual(expect.any(String));
  });

  it('lists every attendant, busiest first, with their tickets, times and ratings of the period', async () => {
    const { attendants } = (await get(`/dashboard?${month}`)).body;
    const byName = (name: string) => attendants.find((row: { name: string }) => row.name === name);
    expect(attendants[0]).toMatchObject({ id: ana, name: 'Ana', online: true, tickets: 2, avgWaitTime: 450, avgSupportTime: 1800 });
    expect(attendants[0]).toMatchObject({ rating: 5, countRating: 1 });
    expect(byName('Bruno')).toMatchObject({ tickets: 1, avgWaitTime: 900, avgSupportTime: 3600, rating: 2, countRating: 1 });
    expect(byName('Carla')).toMatchObject({ tickets: 0, rating: null, countRating: 0, avgWaitTime: null });
    expect((await get(`/dashboard/user-info?${month}`)).body.attendant).toMatchObject({ id: ana, tickets: 2 });
  });

  it('draws tickets per queue, per attendant, and per day or per hour', async () => {
    const queues = (await get(`/dashboard/queues?initialDate=2026-03-01&finalDate=2026-03-31`)).body;
    expect(queues.map((row: { queue: { name: string } | null; total: number }) => [row.queue?.name ?? null, row.total])).toEqual([
      ['Suporte', 2],
      ['Vendas', 2],
      [null, 1],
    ]);
    const users = (await get(`/dashboard/ticketsUsers?initialDate=2026-03-01&finalDate=2026-03-31`)).body;
    expect(users.map((row: { user: { id: number }; total: number }) => [row.user.id, row.total])).toEqual([
      [ana, 2],
      [bruno, 1],
    ]);
    const days = (await get(`/dashboard/total-atendimentos?${month}`)).body;
    expect(days.byHour).toBe(false);
    expect(days.points).toHaveLength(31);
    expect(days.points.filter((point: { total: number }) => point.total > 0)).toEqual([
      { at: '2026-03-02', total: 2 },
      { at: '2026-03-10', total: 1 },
      { at: '2026-03-15', total: 1 },
      { at: '2026-03-20', total: 1 },
    ]);
    const hours = (await get('/dashboard/total-atendimentos?date_from=2026-03-02&date_to=2026-03-02')).body;
    expect(hours.byHour).toBe(true);
    expect(hours.points).toHaveLength(24);
    expect(hours.points.filter((point: { total: number }) => point.total > 0)).toEqual([
      { at: '10', total: 1 },
      { at: '11', total: 1 },
    ]);
  });

  it('rates the period: good, average and bad, and the NPS', async () => {
    expect((await get(`/dashboard/nps-info?${month}`)).body).toEqual({ boa: 1, media: 0, ruim: 1, total_notas: 2, nps: 0 });
    expect((await get(`/dashboard/atendimentos-encerrados?${month}`)).body).toEqual({ total: 3, attended: 2, unattended: 1 });
  });

  it('takes the last days up to today as a period', async () => {
    const fresh = await server.createCompany();
    const w = await fixtures.connection(fresh.companyId);
    await fixtures.ticket(fresh.companyId, { whatsapp_id: w });
    await fixtures.ticket(fresh.companyId, { whatsapp_id: w, created_at: new Date(Date.now() - 10 * 86_400_000) });
    const last3 = await api(server, 'GET', '/dashboard?days=3', { token: fresh.admin.token });
    expect(last3.body.counters.supportPending).toBe(1);
    const last15 = await api(server, 'GET', '/dashboard?days=15', { token: fresh.admin.token });
    expect(last15.body.counters.supportPending).toBe(2);
    // Nobody attended: the top attendant is none, not an empty record.
    expect((await api(server, 'GET', '/dashboard/user-info?days=15', { token: fresh.admin.token })).body).toEqual({ attendant: null });
  });

  it('asks for a filter, and refuses a period or range it does not offer', async () => {
    const none = await get('/dashboard');
    expect(none.status).toBe(400);
    expect(none.body).toMatchObject({ error: 'ERR_DASHBOARD_FILTER', message: 'Parametrize o filtro' });
    expect((await get('/dashboard?days=0')).body.error).toBe('ERR_DASHBOARD_FILTER');
    expect((await get('/dashboard/queues?days=5')).status).toBe(400);
    expect((await get('/dashboard?date_from=2026-03-31&date_to=2026-03-01')).status).toBe(400);
    expect((await get('/dashboard?date_from=2024-01-01&date_to=2026-03-01')).status).toBe(400);
    expect((await get('/dashboard?date_from=março&date_to=2026-03-01')).status).toBe(400);
  });

  it('opens to admins and to users with showDashboard, and to no one else', async () => {
    const [, , carla] = company.users;
    expect((await get(`/dashboard?${month}`, carla!.token)).status).toBe(200);
    const refused = await get(`/dashboard?${month}`, company.users[0]!.token);
    expect(refused.status).toBe(403);
  });

  it("shows a company none of another company's figures", async () => {
    const other = await server.createCompany();
    const answer = await api(server, 'GET', `/dashboard?${month}`, { token: other.admin.token });
    expect(answer.body.counters).toMatchObject({ supportPending: 0, supportFinished: 0, leads: 0, avgWaitTime: null });
    expect(answer.body.attendants.map((row: { id: number }) => row.id)).not.toContain(ana);
    expect((await api(server, 'GET', `/dashboard/nps-info?${month}`, { token: other.admin.token })).body.total_notas).toBe(0);
  });
});
