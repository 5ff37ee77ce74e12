import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { api, startTestServer, type CompanyFixture, type TestServer } from '../../../testing/test-server.js';
import { TicketFixtures } from './ticket-fixtures.js';

let server: TestServer;
let fixtures: TicketFixtures;

beforeAll(async () => {
  server = await startTestServer();
  fixtures = new TicketFixtures(server.ports.database.knex);
});

afterAll(async () => {
  await server?.stop();
});

describe('ticket visibility (spec 1 §6)', () => {
  let company: CompanyFixture;
  let viewer: { id: number; token: string };
  let other: { id: number; token: string };
  const ids: Record<string, number> = {};
  const uuids: Record<string, string> = {};

  beforeAll(async () => {
    company = await server.createCompany({ users: [{ profile: 'user' }, { profile: 'user' }] });
    viewer = company.users[0]!;
    other = company.users[1]!;
    const c = company.companyId;
    const q1 = await fixtures.queue(c, 'Q1');
    const q2 = await fixtures.queue(c, 'Q2');
    await fixtures.userQueue(c, viewer.id, q1);
    await fixtures.userQueue(c, other.id, q1);
    const w = await fixtures.connection(c);
    const rows: Record<string, Record<string, unknown>> = {
      q1Unassigned: { queue_id: q1, status: 'pending' },
      q1Own: { queue_id: q1, status: 'open', user_id: viewer.id },
      q1Others: { queue_id: q1, status: 'open', user_id: other.id },
      q2Unassigned: { queue_id: q2, status: 'pending' },
      noQueue: { status: 'pending' },
      groupQ1: { queue_id: q1, status: 'group', is_group: true },
      groupNoQueue: { status: 'group', is_group: true },
      q2Assigned: { queue_id: q2, status: 'open', user_id: viewer.id },
    };
    for (const [name, columns] of Object.entries(rows)) {
      const ticket = await fixtures.ticket(c, { whatsapp_id: w, ...columns });
      ids[name] = ticket.id;
      uuids[name] = ticket.uuid;
    }
  });

  async function seen(token: string, query = ''): Promise<string[]> {
    const answer = await api(server, 'GET', `/tickets${query}`, { token });
    expect(answer.status).toBe(200);
    const byId = new Map(Object.entries(ids).map(([name, id]) => [id, name]));
    return (answer.body.tickets as { id: number }[]).map((t) => byId.get(t.id) ?? `other:${t.id}`).sort();
  }

  async function viewerFlags(allTicket: 'enable' | 'disable', allowGroup: boolean): Promise<void> {
    await server.ports.database.knex('users').where('id', viewer.id).update({ all_ticket: allTicket, allow_group: allowGroup });
  }

  it.each([
    ['disable', false, ['q1Own', 'q1Unassigned', 'q2Assigned']],
    ['enable', false, ['noQueue', 'q1Own', 'q1Unassigned', 'q2Assigned']],
    ['disable', true, ['groupNoQueue', 'groupQ1', 'q1Own', 'q1Unassigned', 'q2Assigned']],
    ['enable', true, ['groupNoQueue', 'groupQ1', 'noQueue', 'q1Own', 'q1Unassigned', 'q2Assigned']],
  ] as const)('a profile user in Q1 with allTicket %s and allowGroup %s sees exactly %j', async (allTicket, allowGroup, expected) => {
    await viewerFlags(allTicket, allowGroup);
    expect(await seen(viewer.token)).toEqual([...expected].sort());
    // showAll is for admins only: ignored for a profile user, in the list and in search.
    expect(await seen(viewer.token, '?showAll=true')).toEqual([...expected].sort());
    expect(await seen(viewer.token, '?showAll=true&searchParam=Contato')).toEqual([...expected].sort());
  });

  it("an admin sees every ticket of the company with showAll; without it, no other agent's (spec 1 §6)", async () => {
    const all = Object.keys(ids).sort();
    expect(await seen(company.admin.token, '?showAll=true')).toEqual(all);
    const notOthers = all.filter((name) => !['q1Own', 'q1Others', 'q2Assigned'].includes(name));
    expect(await seen(company.admin.token)).toEqual(notOthers);
    // A search text, or the admin's users filter, looks across owners; single reads stay open to admins.
    expect(await seen(company.admin.token, '?searchParam=Contato')).toEqual(all);
    expect(await seen(company.admin.token, `?users=[${other.id}]`)).toEqual(['q1Others']);
    expect((await api(server, 'GET', `/tickets/${ids.q1Others}`, { token: company.admin.token })).status).toBe(200);
  });

  it('a single ticket the user may not see is not found; one they may see is answered', async () => {
    await viewerFlags('disable', false);
    const hidden = await api(server, 'GET', `/tickets/u/${uuids.q2Unassigned}`, { token: viewer.token });
    expect(hidden.status).toBe(404);
    expect(hidden.body.error).toBe('ERR_NO_TICKET_FOUND');
    expect((await api(server, 'GET', `/tickets/${ids.q1Others}`, { token: viewer.token })).status).toBe(404);
    expect((await api(server, 'GET', `/tickets-log/${ids.groupQ1}`, { token: viewer.token })).status).toBe(404);
    expect((await api(server, 'PUT', `/tickets/${ids.noQueue}`, { token: viewer.token, body: { status: 'open' } })).status).toBe(404);

    const visible = await api(server, 'GET', `/tickets/u/${uuids.q2Assigned}`, { token: viewer.token });
    expect(visible.status).toBe(200);
    expect(visible.body).toMatchObject({ id: ids.q2Assigned, uuid: uuids.q2Assigned, user: { id: viewer.id } });
    expect(visible.body.contact).toMatchObject({ id: expect.any(Number), name: expect.any(String) });
    expect(visible.body.queue).toMatchObject({ name: 'Q2' });
    expect(visible.body.whatsapp).toMatchObject({ id: expect.any(Number), name: expect.any(String), groupAsTicket: 'disabled' });
    expect((await api(server, 'GET', '/tickets/u/not-a-uuid', { token: viewer.token })).status).toBe(404);
  });
});
