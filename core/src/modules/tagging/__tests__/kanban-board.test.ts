import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Knex } from 'knex';
import { insertContact, insertTicket } from '../../../testing/fixtures.js';
import { api, startTestServer, type CompanyFixture, type TestServer } from '../../../testing/test-server.js';
import { insertTag } from '../../tags/__tests__/tags.access.js';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});

afterAll(async () => {
  await server?.stop();
});

async function insertQueue(knex: Knex, companyId: number, name: string, color: string): Promise<number> {
  const [row] = await knex('queues').insert({ company_id: companyId, name, color }).returning('id');
  return row.id as number;
}

/** Spec 3 §2.14 and §6: the board holds the open and waiting tickets of the caller's own queues, as they may see them. */
describe('GET /ticket/kanban', () => {
  let company: CompanyFixture;
  let other: CompanyFixture;
  let knex: Knex;
  let sales: number;
  let support: number;
  const ids: Record<string, number> = {};
  let lane: number;

  beforeAll(async () => {
    knex = server.ports.database.knex;
    company = await server.createCompany({ users: [{ profile: 'user' }, { profile: 'user' }] });
    other = await server.createCompany();
    sales = await insertQueue(knex, company.companyId, 'Vendas', '#336699');
    support = await insertQueue(knex, company.companyId, 'Suporte', '#993366');
    const [agent, colleague] = company.users;
    await knex('user_queues').insert([
      { company_id: company.companyId, user_id: agent!.id, queue_id: sales },
      { company_id: company.companyId, user_id: colleague!.id, queue_id: sales },
      { company_id: company.companyId, user_id: company.admin.id, queue_id: support },
    ]);
    const contact = await insertContact(knex, company.companyId, { name: 'Ana Lima', number: '5511911112222' });
    const at = (minutes: number) => new Date(Date.UTC(2026, 10, 2, 12, minutes));
    const ticket = async (name: string, fields: Record<string, unknown>) => {
      ids[name] = (await insertTicket(knex, company.companyId, { contact_id: contact.id, last_message: name, ...fields })).ticketId;
    };
    // One active ticket per contact and connection: each gets a connection of its own.
    let connection = 0;
    const conn = async () => {
      const [row] = await knex('connections')
        .insert({ company_id: company.companyId, name: `C${(connection += 1)}`, channel: 'whatsapp' })
        .returning('id');
      return row.id as number;
    };
    await ticket('waiting', { status: 'pending', queue_id: sales, whatsapp_id: await conn(), updated_at: at(1) });
    await ticket('mine', { status: 'open', queue_id: sales, user_id: agent!.id, whatsapp_id: await conn(), updated_at: at(3) });
    await ticket('colleague', { status: 'open', queue_id: sales, user_id: colleague!.id, whatsapp_id: await conn(), updated_at: at(4) });
    await ticket('otherQueue', { status: 'pending', queue_id: support, whatsapp_id: await conn(), updated_at: at(5) });
    await ticket('closed', { status: 'closed', queue_id: sales, whatsapp_id: await conn(), updated_at: at(6) });
    await insertTicket(knex, other.companyId, { status: 'pending' });
    lane = await insertTag(knex, company.companyId, { name: 'Proposta', kanban: 1 });
    const plain = await insertTag(knex, company.companyId, { name: 'VIP', kanban: 0 });
    await knex('ticket_tags').insert([
      { company_id: company.companyId, ticket_id: ids.waiting, tag_id: lane },
      { company_id: company.companyId, ticket_id: ids.waiting, tag_id: plain },
    ]);
  });

  it('answers an agent the open and waiting tickets of their queues they may see, newest first, with only kanban tags', async () => {
    const board = await api(server, 'GET', '/ticket/kanban', { token: company.users[0]!.token });
    expect(board.status).toBe(200);
    expect(board.body.hasMore).toBe(false);
    expect(board.body.tickets.map((card: { id: number }) => card.id)).toEqual([ids.mine, ids.waiting]);
    expect(board.body.tickets[1]).toMatchObject({
      id: ids.waiting,
      uuid: expect.any(String),
      lastMessage: 'waiting',
      contact: { name: 'Ana Lima', number: '5511911112222' },
      tags: [{ id: lane }],
    });
    expect(board.body.tickets[0].tags).toEqual([]);
  });

  it('narrows to the queueIds asked for, never past the caller’s own queues', async () => {
    const token = company.users[0]!.token;
    const asked = (queueIds: string) => api(server, 'GET', `/ticket/kanban?queueIds=${encodeURIComponent(queueIds)}`, { token });
    expect((await asked(`[${sales}]`)).body.tickets).toHaveLength(2);
    expect((await asked(`[${support}]`)).body.tickets).toEqual([]);
    const admin = await api(server, 'GET', '/ticket/kanban', { token: company.admin.token });
    expect(admin.body.tickets.map((card: { id: number }) => card.id)).toEqual([ids.otherQueue]);
    const bad = await asked('[1,"x"]');
    expect(bad.status).toBe(400);
    expect(bad.body.error).toBe('ERR_VALIDATION');
  });

  it("shows another company's user none of these tickets, and refuses a plan without kanban", async () => {
    const theirs = await api(server, 'GET', '/ticket/kanban', { token: other.admin.token });
    expect(theirs.body.tickets).toEqual([]);
    const noKanban = await server.createCompany({ plan: { use_kanban: false } });
    const refused = await api(server, 'GET', '/ticket/kanban', { token: noKanban.admin.token });
    expect(refused.status).toBe(403);
  });
});
