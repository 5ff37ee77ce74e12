import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { spyOnRealtime } from '../../../testing/realtime-spy.js';
import { api, startTestServer, type CompanyFixture, type TestServer } from '../../../testing/test-server.js';
import { TicketFixtures } from './ticket-fixtures.js';

/** Issue 13 items 5, 6 and 8 through HTTP: the lists' owner and queue rules, one tag model, unreachable contacts. */
let server: TestServer;
let fixtures: TicketFixtures;

beforeAll(async () => {
  server = await startTestServer();
  fixtures = new TicketFixtures(server.ports.database.knex, server.ports.cache);
});

afterAll(async () => {
  await server?.stop();
});

const ids = (answer: { body: { tickets: { id: number }[] } }) => answer.body.tickets.map((ticket) => ticket.id).sort((a, b) => a - b);

describe('ticket lists: showAll and the queue selection (spec 1 §2, §6)', () => {
  let company: CompanyFixture;
  let agent: { id: number; token: string };
  let queue: number;
  const t: Record<string, number> = {};

  beforeAll(async () => {
    company = await server.createCompany({ users: [{ profile: 'user', all_ticket: 'disable' }] });
    agent = company.users[0]!;
    const c = company.companyId;
    queue = await fixtures.queue(c);
    await fixtures.userQueue(c, agent.id, queue);
    const w = await fixtures.connection(c);
    t.agents = (await fixtures.ticket(c, { whatsapp_id: w, queue_id: queue, status: 'open', user_id: agent.id })).id;
    t.admins = (await fixtures.ticket(c, { whatsapp_id: w, queue_id: queue, status: 'open', user_id: company.admin.id })).id;
    t.waiting = (await fixtures.ticket(c, { whatsapp_id: w, queue_id: queue, status: 'pending' })).id;
    t.unqueued = (await fixtures.ticket(c, { whatsapp_id: w, status: 'pending' })).id;
  });

  const list = (token: string, query: string) => api(server, 'GET', `/tickets${query}`, { token });
  const sorted = (...names: string[]) => names.map((name) => t[name]!).sort((a, b) => a - b);

  it("with showAll off an admin's assigned tab and its count leave out another agent's ticket", async () => {
    const off = await list(company.admin.token, `?status=open&queueIds=[${queue},0]`);
    expect(ids(off)).toEqual(sorted('admins'));
    expect(off.body.count).toBe(1);
    const on = await list(company.admin.token, `?status=open&queueIds=[${queue},0]&showAll=true`);
    expect(ids(on)).toEqual(sorted('agents', 'admins'));
    expect(on.body.count).toBe(2);
  });

  it("queueIds lists tickets without a queue only when it names 'no queue' (0)", async () => {
    expect(ids(await list(company.admin.token, `?status=pending&queueIds=[${queue}]`))).toEqual(sorted('waiting'));
    expect(ids(await list(company.admin.token, `?status=pending&queueIds=[${queue},0]`))).toEqual(sorted('waiting', 'unqueued'));
    expect(ids(await list(company.admin.token, '?status=pending&queueIds=[0]'))).toEqual(sorted('unqueued'));
    // An agent without allTicket never sees the unqueued one, even asking for 'no queue'.
    const agentPending = await list(agent.token, `?status=pending&queueIds=[${queue},0]`);
    expect(ids(agentPending)).toEqual(sorted('waiting'));
    expect(agentPending.body.count).toBe(1);
  });

  it("Close All without showAll closes what the admin's tab shows, not another agent's tickets", async () => {
    const closed = await api(server, 'POST', '/tickets/closeAll', {
      token: company.admin.token,
      body: { status: 'open', queueIds: [queue, 0] },
    });
    expect(closed.status).toBe(200);
    expect(closed.body.ticketIds).toEqual([t.admins]);
    expect((await fixtures.ticketRow(t.agents!)).status).toBe('open');
  });
});

describe('tags: the drawer, the card and the kanban share the ticket tags (spec 1 §3, spec 3 §2.14)', () => {
  let company: CompanyFixture;
  let agent: { id: number; token: string };
  let connection: number;
  let queue: number;

  beforeAll(async () => {
    company = await server.createCompany({ users: [{ profile: 'user' }] });
    agent = company.users[0]!;
    queue = await fixtures.queue(company.companyId);
    await fixtures.userQueue(company.companyId, agent.id, queue);
    connection = await fixtures.connection(company.companyId);
  });

  it("a tag synced from the ticket's drawer is the ticket's: on its card, announced live, the contact's tags untouched", async () => {
    const ticket = await fixtures.ticket(company.companyId, {
      whatsapp_id: connection,
      queue_id: queue,
      status: 'open',
      user_id: agent.id,
    });
    const contactTag = await fixtures.tag(company.companyId, 'Cliente antigo');
    await server.ports.database
      .knex('contact_tags')
      .insert({ company_id: company.companyId, contact_id: ticket.contactId, tag_id: contactTag });

    const emit = spyOnRealtime(server.ports.realtime);
    let synced;
    try {
      synced = await api(server, 'POST', '/tags/sync', {
        token: agent.token,
        body: { contactId: ticket.contactId, ticketId: ticket.id, tags: [{ name: 'Urgente' }] },
      });
      expect(emit).toHaveBeenCalledWith(
        expect.arrayContaining([`user:${agent.id}`]),
        'ticket',
        expect.objectContaining({
          action: 'update',
          ticket: expect.objectContaining({ id: ticket.id, tags: [expect.objectContaining({ name: 'Urgente' })] }),
        }),
      );
    } finally {
      emit.mockRestore();
    }
    expect(synced.status).toBe(200);
    expect(synced.body).toMatchObject({ ticketId: ticket.id, tags: [{ name: 'Urgente' }] });

    const card = (await api(server, 'GET', '/tickets?status=open', { token: agent.token })).body.tickets.find(
      (x: { id: number }) => x.id === ticket.id,
    );
    expect(card.tags.map((tag: { name: string }) => tag.name)).toEqual(['Urgente']);
    const contactTags = await api(server, 'GET', `/contactTags/${ticket.contactId}`, { token: agent.token });
    expect(contactTags.body.tags.map((tag: { name: string }) => tag.name)).toEqual(['Cliente antigo']);

    // Without a ticket (the contacts page) the contact's tags are synced, and the ticket's stay.
    await api(server, 'POST', '/tags/sync', { token: agent.token, body: { contactId: ticket.contactId, tags: [] } });
    expect((await api(server, 'GET', `/contactTags/${ticket.contactId}`, { token: agent.token })).body.tags).toEqual([]);
    expect(
      (await api(server, 'GET', `/tickets/${ticket.id}`, { token: agent.token })).body.tags.map((tag: { name: string }) => tag.name),
    ).toEqual(['Urgente']);
  });

  it("a kanban move changes the lane and keeps the drawer's plain tags", async () => {
    const ticket = await fixtures.ticket(company.companyId, {
      whatsapp_id: connection,
      queue_id: queue,
      status: 'open',
      user_id: agent.id,
    });
    const plain = await fixtures.tag(company.companyId, 'Retorno');
    const [todo, doing] = await Promise.all(
      ['A fazer', 'Fazendo'].map(async (name) => {
        const [row] = await server.ports.database.knex('tags').insert({ company_id: company.companyId, name, kanban: 1 }).returning('id');
        return row.id as number;
      }),
    );
    await api(server, 'POST', '/tags/sync', {
      token: agent.token,
      body: { contactId: ticket.contactId, ticketId: ticket.id, tags: [plain, todo] },
    });
    const removed = await api(server, 'DELETE', `/ticket-tags/${ticket.id}`, { token: agent.token });
    expect(removed.body.tags.map((tag: { id: number }) => tag.id)).toEqual([plain]);
    await api(server, 'PUT', `/ticket-tags/${ticket.id}/${doing}`, { token: agent.token });
    const shown = await api(server, 'GET', `/tickets/${ticket.id}`, { token: agent.token });
    expect(shown.body.tags.map((tag: { id: number }) => tag.id).sort()).toEqual([plain, doing!].sort());
  });

  it('requiredTag is met by a tag the drawer put on the ticket', async () => {
    await fixtures.setting(company.companyId, { required_tag: 'enabled' });
    const ticket = await fixtures.ticket(company.companyId, {
      whatsapp_id: connection,
      queue_id: queue,
      status: 'open',
      user_id: agent.id,
    });
    const resolve = () => api(server, 'PUT', `/tickets/${ticket.id}`, { token: agent.token, body: { status: 'closed' } });
    expect((await resolve()).body.error).toBe('ERR_REQUIRED_TAG');
    await api(server, 'POST', '/tags/sync', {
      token: agent.token,
      body: { contactId: ticket.contactId, ticketId: ticket.id, tags: [{ name: 'Resolvido' }] },
    });
    expect((await resolve()).body.status).toBe('closed');
    await fixtures.setting(company.companyId, { required_tag: 'disabled' });
  });
});

describe('a new ticket on a connection that cannot reach the contact (spec 1 §7 POST /tickets)', () => {
  let company: CompanyFixture;
  let webchat: number;

  beforeAll(async () => {
    company = await server.createCompany();
    webchat = await fixtures.connection(company.companyId, { channel: 'webchat', is_default: true });
  });

  it('is refused up front with 400 ERR_CONNECTION_CANNOT_REACH_CONTACT, leaving no ticket and no message', async () => {
    const phone = await fixtures.contact(company.companyId, { channel: 'whatsapp' });
    for (const body of [
      { contactId: phone, whatsappId: webchat, status: 'open' },
      // No connection named: the default (here the only one, a website chat) cannot reach a phone either.
      { contactId: phone, status: 'open' },
    ]) {
      const refused = await api(server, 'POST', '/tickets', { token: company.admin.token, body });
      expect(refused.status).toBe(400);
      expect(refused.body).toMatchObject({ error: 'ERR_CONNECTION_CANNOT_REACH_CONTACT', fields: { whatsappId: expect.any(String) } });
    }
    expect(await server.ports.database.knex('tickets').where('contact_id', phone)).toHaveLength(0);
    expect(await server.ports.database.knex('messages').where('company_id', company.companyId)).toHaveLength(0);
  });

  it("without a connection named, takes the default of the contact's own channel", async () => {
    const whatsapp = await fixtures.connection(company.companyId, { channel: 'whatsapp' });
    const phone = await fixtures.contact(company.companyId, { channel: 'whatsapp' });
    const created = await api(server, 'POST', '/tickets', { token: company.admin.token, body: { contactId: phone, status: 'open' } });
    expect(created.status).toBe(201);
    expect(created.body.whatsappId).toBe(whatsapp);
  });
});

describe('a send that failed for good (issue 13 item 8)', () => {
  it('is answered on the message with its error code, so the message shows the failure', async () => {
    const company = await server.createCompany();
    const connection = await fixtures.connection(company.companyId);
    const ticket = await fixtures.ticket(company.companyId, { whatsapp_id: connection, status: 'open', user_id: company.admin.id });
    const knex = server.ports.database.knex;
    await knex('messages').insert([
      { company_id: company.companyId, ticket_id: ticket.id, body: 'não saiu', from_me: true, data: { sendError: 'ERR_SENDING_WAPP_MSG' } },
      { company_id: company.companyId, ticket_id: ticket.id, body: 'saiu', from_me: true, ack: 2, data: { raw: 'payload' } },
    ]);
    const answer = await api(server, 'GET', `/messages/${ticket.id}`, { token: company.admin.token });
    expect(answer.status).toBe(200);
    const byBody = Object.fromEntries(answer.body.messages.map((m: { body: string }) => [m.body, m]));
    expect(byBody['não saiu']).toMatchObject({ sendError: 'ERR_SENDING_WAPP_MSG' });
    expect(byBody.saiu.sendError).toBeUndefined();
    // The raw channel payload stays on the server.
    expect(byBody.saiu.data).toBeUndefined();
  });
});
