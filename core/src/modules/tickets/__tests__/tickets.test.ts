import { spyOnRealtime } from '../../../testing/realtime-spy.js';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { api, startTestServer, type CompanyFixture, type TestServer } from '../../../testing/test-server.js';
import { TicketFixtures } from './ticket-fixtures.js';

let server: TestServer;
let fixtures: TicketFixtures;

beforeAll(async () => {
  server = await startTestServer();
  fixtures = new TicketFixtures(server.ports.database.knex, server.ports.cache);
});

afterAll(async () => {
  await server?.stop();
});

describe('POST /tickets', () => {
  let company: CompanyFixture;
  let agent: { id: number; token: string };
  let queue: number;
  let connection: number;

  beforeAll(async () => {
    company = await server.createCompany({ users: [{ profile: 'user' }] });
    agent = company.users[0]!;
    queue = await fixtures.queue(company.companyId, 'Vendas');
    await fixtures.userQueue(company.companyId, agent.id, queue);
    connection = await fixtures.connection(company.companyId, { is_default: true, channel: 'whatsapp' });
  });

  it('creates an open ticket with a uuid and a create log; a second one for the contact is a conflict naming the holder', async () => {
    const contactId = await fixtures.contact(company.companyId);
    const created = await api(server, 'POST', '/tickets', {
      token: agent.token,
      body: { contactId, userId: agent.id, status: 'open', queueId: queue, whatsappId: connection, companyId: 999 },
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      status: 'open',
      userId: agent.id,
      queueId: queue,
      whatsappId: connection,
      companyId: company.companyId,
      user: { id: agent.id },
      queue: { id: queue, name: 'Vendas' },
      contact: { id: contactId },
    });
    expect(created.body.uuid).toMatch(/^[0-9a-f-]{36}$/);
    expect((await fixtures.logTypes(created.body.id)).map((l) => l.type)).toEqual(['create']);

    const again = await api(server, 'POST', '/tickets', { token: company.admin.token, body: { contactId, whatsappId: connection } });
    expect(again.status).toBe(409);
    expect(again.body.error).toBe('ERR_OTHER_OPEN_TICKET');
    const holder = JSON.parse(again.body.message);
    expect(holder).toEqual({
      id: created.body.id,
      uuid: created.body.uuid,
      user: { id: agent.id, name: expect.any(String) },
      queue: { id: queue, name: 'Vendas' },
    });
    expect(again.body.ticket).toMatchObject(holder);
  });

  it('lets only one of concurrent creations for one contact through (the unique index decides)', async () => {
    const contactId = await fixtures.contact(company.companyId);
    const answers = await Promise.all(
      [1, 2, 3].map(() =>
        api(server, 'POST', '/tickets', { token: company.admin.token, body: { contactId, status: 'pending', whatsappId: connection } }),
      ),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([201, 409, 409]);
    const winner = answers.find((a) => a.status === 201)!;
    for (const loser of answers.filter((a) => a.status === 409)) expect(JSON.parse(loser.body.message).uuid).toBe(winner.body.uuid);
  });

  it('needs a queue unless the caller is an admin, and a contact of the company', async () => {
    const contactId = await fixtures.contact(company.companyId);
    const noQueue = await api(server, 'POST', '/tickets', { token: agent.token, body: { contactId, status: 'open', userId: agent.id } });
    expect(noQueue.status).toBe(400);
    expect(noQueue.body.fields.queueId).toBe('Selecione uma fila');
    const byAdmin = await api(server, 'POST', '/tickets', { token: company.admin.token, body: { contactId } });
    expect(byAdmin.status).toBe(201);
    expect(byAdmin.body).toMatchObject({ status: 'open', userId: company.admin.id, queueId: null, whatsappId: connection });

    const other = await server.createCompany();
    const foreign = await api(server, 'POST', '/tickets', { token: other.admin.token, body: { contactId } });
    expect(foreign.status).toBe(404);
    expect(foreign.body.error).toBe('ERR_NO_CONTACT_FOUND');
    expect((await api(server, 'POST', '/tickets', { token: agent.token, body: {} })).status).toBe(400);
  });
});

describe('PUT /tickets/:id transitions (spec 1 §4)', () => {
  let company: CompanyFixture;
  let agent: { id: number; token: string };
  let colleague: { id: number; token: string };
  let q1: number;
  let q2: number;
  let connection: number;
  let emit: { mock: { calls: unknown[][] }; mockClear(): void };

  beforeAll(async () => {
    company = await server.createCompany({ users: [{ profile: 'user', farewell_message: 'Até logo!' }, { profile: 'user' }] });
    agent = company.users[0]!;
    colleague = company.users[1]!;
    q1 = await fixtures.queue(company.companyId, 'Suporte');
    q2 = await fixtures.queue(company.companyId, 'Financeiro');
    await fixtures.userQueue(company.companyId, agent.id, q1);
    await fixtures.userQueue(company.companyId, colleague.id, q1);
    connection = await fixtures.connection(company.companyId, { complation_message: 'Obrigado pelo contato' });
    emit = spyOnRealtime(server.ports.realtime);
  });

  const put = (token: string, id: number, body: unknown) => api(server, 'PUT', `/tickets/${id}`, { token, body });

  it('accept: pending becomes open for the caller, with greeting, unread reset and events', async () => {
    const ticket = await fixtures.ticket(company.companyId, { whatsapp_id: connection, queue_id: q1, unread_messages: 3 });
    emit.mockClear();
    const accepted = await put(agent.token, ticket.id, { status: 'open', userId: agent.id });
    expect(accepted.status).toBe(200);
    expect(accepted.body).toMatchObject({ id: ticket.id, uuid: ticket.uuid, status: 'open', userId: agent.id, unreadMessages: 0 });
    expect(accepted.body.user).toMatchObject({ id: agent.id });
    expect(accepted.body.queue).toMatchObject({ id: q1 });
    expect((await fixtures.logTypes(ticket.id)).map((l) => [l.type, l.user_id])).toEqual([['open', agent.id]]);
    const [greeting] = await fixtures.messageBodies(ticket.id);
    expect(greeting).toContain('meu nome é');
    const ticketEvents = emit.mock.calls
      .filter((call: unknown[]) => call[1] === 'ticket')
      .map((call: unknown[]) => call[2] as Record<string, any>);
    expect(ticketEvents).toEqual(
      expect.arrayContaining([
        { action: 'delete', ticketId: ticket.id },
        expect.objectContaining({ action: 'update', ticket: expect.objectContaining({ id: ticket.id, status: 'open' }) }),
        { action: 'updateUnread', ticketId: ticket.id },
      ]),
    );
    // Ticket events reach who may see the ticket (the company's admins at least), never the whole company room.
    const ticketRooms = emit.mock.calls.filter((call: unknown[]) => call[1] === 'ticket').map((call: unknown[]) => call[0]);
    expect(ticketRooms.every((rooms: unknown) => Array.isArray(rooms) && rooms.includes(`company:${company.companyId}:tickets`))).toBe(
      true,
    );
    expect(ticketRooms.some((rooms: unknown) => Array.isArray(rooms) && rooms.includes(`company:${company.companyId}`))).toBe(false);
  });

  it('accept without greeting when sendGreetingAccepted is disabled; a group ticket becomes group', async () => {
    await fixtures.setting(company.companyId, { send_greeting_accepted: 'disabled' });
    const group = await fixtures.ticket(company.companyId, { whatsapp_id: connection, queue_id: q1, is_group: true });
    await api(server, 'PUT', `/tickets/${group.id}`, { token: company.admin.token, body: { status: 'open' } }).then((a) => {
      expect(a.status).toBe(200);
      expect(a.body).toMatchObject({ status: 'group', userId: company.admin.id });
    });
    expect(await fixtures.messageBodies(group.id)).toEqual([]);
    await fixtures.setting(company.companyId, { send_greeting_accepted: 'enabled' });
  });

  it('return to queue, transfer to a user, transfer to a queue, each with its log rows and transfer notice', async () => {
    await fixtures.setting(company.companyId, { send_msg_transf_ticket: 'enabled' });
    const ticket = await fixtures.ticket(company.companyId, { whatsapp_id: connection, queue_id: q1, status: 'open', user_id: agent.id });

    const returned = await put(agent.token, ticket.id, { status: 'pending', userId: null });
    expect(returned.body).toMatchObject({ status: 'pending', userId: null, user: null, queueId: q1 });

    await put(agent.token, ticket.id, { status: 'open', userId: agent.id });
    const toUser = await put(agent.token, ticket.id, { userId: colleague.id, queueId: q1, status: 'open' });
    expect(toUser.body).toMatchObject({ status: 'open', userId: colleague.id, user: { id: colleague.id } });

    const toQueue = await put(colleague.token, ticket.id, { queueId: q2, userId: null, status: 'pending' });
    expect(toQueue.status).toBe(200);
    expect(toQueue.body).toMatchObject({ status: 'pending', userId: null, queueId: q2, queue: { id: q2, name: 'Financeiro' } });

    expect(await fixtures.logTypes(ticket.id)).toEqual([
      { type: 'pending', user_id: agent.id, queue_id: q1 },
      { type: 'open', user_id: agent.id, queue_id: q1 },
      { type: 'transfered', user_id: agent.id, queue_id: q1 },
      { type: 'receivedTransfer', user_id: colleague.id, queue_id: q1 },
      { type: 'transfered', user_id: colleague.id, queue_id: q1 },
      { type: 'receivedTransfer', user_id: null, queue_id: q2 },
    ]);
    const bodies = await fixtures.messageBodies(ticket.id);
    expect(bodies.filter((b) => b.includes('Você foi transferido'))).toHaveLength(2);
    expect(bodies.some((b) => b.includes('*Financeiro*'))).toBe(true);

    // The agent (not in Q2) no longer sees it; the log is read by those who do.
    expect((await api(server, 'GET', `/tickets-log/${ticket.id}`, { token: agent.token })).status).toBe(404);
    const log = await api(server, 'GET', `/tickets-log/${ticket.id}`, { token: company.admin.token });
    expect(log.status).toBe(200);
    expect(log.body[0]).toMatchObject({
      type: 'receivedTransfer',
      user: null,
      queue: { id: q2, name: 'Financeiro' },
      createdAt: expect.any(String),
    });
    expect(log.body[5]).toMatchObject({
      type: 'pending',
      user: { id: agent.id, name: expect.any(String) },
      queue: { id: q1, name: 'Suporte' },
    });
    await fixtures.setting(company.companyId, { send_msg_transf_ticket: 'disabled' });
  });

  it('resolve: closed with closedAt and the farewell; not with sendFarewellMessage false; not for a pending ticket closed from the list', async () => {
    const ticket = await fixtures.ticket(company.companyId, { whatsapp_id: connection, queue_id: q1, status: 'open', user_id: agent.id });
    const closed = await put(agent.token, ticket.id, { status: 'closed' });
    expect(closed.status).toBe(200);
    expect(closed.body).toMatchObject({ status: 'closed', userId: agent.id });
    expect(closed.body.closedAt).toEqual(expect.any(String));
    expect(await fixtures.messageBodies(ticket.id)).toEqual(['Até logo!']);
    expect((await fixtures.logTypes(ticket.id)).map((l) => l.type)).toEqual(['closed']);

    const quiet = await fixtures.ticket(company.companyId, {
      whatsapp_id: connection,
      queue_id: q1,
      status: 'open',
      user_id: colleague.id,
    });
    expect((await put(colleague.token, quiet.id, { status: 'closed', sendFarewellMessage: false })).body.status).toBe('closed');
    expect(await fixtures.messageBodies(quiet.id)).toEqual([]);

    const waiting = await fixtures.ticket(company.companyId, { whatsapp_id: connection, queue_id: q1 });
    expect((await put(colleague.token, waiting.id, { status: 'closed' })).body.status).toBe('closed');
    expect(await fixtures.messageBodies(waiting.id)).toEqual([]);

    // sendFarewellWaitingTicket: the connection's completion message for a waiting ticket.
    await fixtures.setting(company.companyId, { send_farewell_waiting_ticket: 'enabled' });
    const waitingToo = await fixtures.ticket(company.companyId, { whatsapp_id: connection, queue_id: q2 });
    expect((await put(company.admin.token, waitingToo.id, { status: 'closed' })).body.status).toBe('closed');
    expect(await fixtures.messageBodies(waitingToo.id)).toEqual(['Obrigado pelo contato']);
    await fixtures.setting(company.companyId, { send_farewell_waiting_ticket: 'disabled' });
  });

  it('resolve with a rating: the 1 to 5 rate is stored for the agent and shown as userRating', async () => {
    const ticket = await fixtures.ticket(company.companyId, { whatsapp_id: connection, queue_id: q1, status: 'open', user_id: agent.id });
    const refused = await put(agent.token, ticket.id, { status: 'closed', userRating: 6 });
    expect([refused.status, refused.body.fields]).toEqual([400, { userRating: 'Avaliação inválida' }]);
    expect((await api(server, 'GET', `/tickets/${ticket.id}`, { token: agent.token })).body.status).toBe('open');

    const closed = await put(agent.token, ticket.id, { status: 'closed', userRating: 5 });
    expect(closed.body).toMatchObject({ status: 'closed', userRating: { rate: 5 } });
    const stored = await server.ports.database.knex('user_ratings').where({ ticket_id: ticket.id });
    expect(stored).toMatchObject([{ company_id: company.companyId, user_id: agent.id, rate: 5 }]);
    const listed = await api(server, 'GET', '/tickets?status=closed', { token: agent.token });
    expect(listed.body.tickets.find((t: any) => t.id === ticket.id).userRating).toEqual({ rate: 5 });
  });

  it('requiredTag: a contact without tags cannot be resolved', async () => {
    await fixtures.setting(company.companyId, { required_tag: 'enabled' });
    const ticket = await fixtures.ticket(company.companyId, { whatsapp_id: connection, queue_id: q1, status: 'open', user_id: agent.id });
    const refused = await put(agent.token, ticket.id, { status: 'closed' });
    expect(refused.status).toBe(400);
    expect(refused.body).toEqual({ error: 'ERR_REQUIRED_TAG', message: 'messagesList.header.buttons.requiredTag' });
    expect((await fixtures.ticketRow(ticket.id)).status).toBe('open');

    const tagId = await fixtures.tag(company.companyId);
    await server.ports.database.knex('contact_tags').insert({ company_id: company.companyId, contact_id: ticket.contactId, tag_id: tagId });
    expect((await put(agent.token, ticket.id, { status: 'closed' })).body.status).toBe('closed');
    await fixtures.setting(company.companyId, { required_tag: 'disabled' });
  });

  it('reopen: a closed ticket becomes open for the caller; refused while another active ticket exists', async () => {
    // The colleague's closed ticket is not the agent's to see (visibility); an admin reopens it and takes it.
    const contactId = await fixtures.contact(company.companyId);
    const ticket = await fixtures.ticket(company.companyId, {
      whatsapp_id: connection,
      contact_id: contactId,
      queue_id: q1,
      status: 'closed',
      user_id: colleague.id,
      closed_at: new Date(),
    });
    expect((await put(agent.token, ticket.id, { status: 'open' })).status).toBe(404);
    const reopened = await put(company.admin.token, ticket.id, { status: 'open' });
    expect(reopened.status).toBe(200);
    expect(reopened.body).toMatchObject({ status: 'open', userId: company.admin.id, closedAt: null });
    expect(await fixtures.logTypes(ticket.id)).toEqual([{ type: 'reopen', user_id: company.admin.id, queue_id: q1 }]);

    const old = await fixtures.ticket(company.companyId, {
      whatsapp_id: connection,
      contact_id: contactId,
      queue_id: q1,
      status: 'closed',
    });
    const conflict = await put(agent.token, old.id, { status: 'open' });
    expect(conflict.status).toBe(409);
    expect(conflict.body.error).toBe('ERR_OTHER_OPEN_TICKET');
    expect(JSON.parse(conflict.body.message)).toMatchObject({ id: ticket.id, uuid: ticket.uuid, user: { id: company.admin.id } });
    expect((await fixtures.ticketRow(old.id)).status).toBe('closed');
  });

  it('updates queue, integration and bot fields, logging a queue change', async () => {
    const ticket = await fixtures.ticket(company.companyId, { whatsapp_id: connection });
    const answer = await put(company.admin.token, ticket.id, { queueId: q2, useIntegration: true, amountUsedBotQueues: 2, promptId: null });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ status: 'pending', queueId: q2, useIntegration: true, amountUsedBotQueues: 2, promptId: null });
    expect((await fixtures.logTypes(ticket.id)).map((l) => l.type)).toEqual(['queue']);
    expect((await put(company.admin.token, ticket.id, { queueId: 999999 })).status).toBe(404);
    expect((await put(company.admin.token, ticket.id, { status: 'weird' })).status).toBe(400);
  });
});

describe('DELETE /tickets/:id and POST /tickets/closeAll', () => {
  let company: CompanyFixture;
  let other: CompanyFixture;
  let connection: number;

  beforeAll(async () => {
    company = await server.createCompany({ users: [{ profile: 'user' }] });
    other = await server.createCompany();
    connection = await fixtures.connection(company.companyId);
  });

  it('deletes for admins only; another company gets 404', async () => {
    const ticket = await fixtures.ticket(company.companyId, { whatsapp_id: connection });
    expect((await api(server, 'DELETE', `/tickets/${ticket.id}`, { token: company.users[0]!.token })).status).toBe(403);
    expect((await api(server, 'DELETE', `/tickets/${ticket.id}`, { token: other.admin.token })).status).toBe(404);
    expect((await api(server, 'GET', `/tickets/u/${ticket.uuid}`, { token: other.admin.token })).status).toBe(404);
    expect((await api(server, 'PUT', `/tickets/${ticket.id}`, { token: other.admin.token, body: { status: 'open' } })).status).toBe(404);
    const emit = spyOnRealtime(server.ports.realtime);
    emit.mockClear();
    const removed = await api(server, 'DELETE', `/tickets/${ticket.id}`, { token: company.admin.token });
    expect(removed.status).toBe(200);
    expect(emit).toHaveBeenCalledWith(expect.arrayContaining([`company:${company.companyId}:tickets`]), 'ticket', {
      action: 'delete',
      ticketId: ticket.id,
    });
    expect((await api(server, 'GET', `/tickets/${ticket.id}`, { token: company.admin.token })).status).toBe(404);
  });

  it('closes the matching tickets of the company, without farewell, with a log row each', async () => {
    const q1 = await fixtures.queue(company.companyId);
    const q2 = await fixtures.queue(company.companyId);
    const inQ1 = await fixtures.ticket(company.companyId, { whatsapp_id: connection, queue_id: q1 });
    const inQ2 = await fixtures.ticket(company.companyId, { whatsapp_id: connection, queue_id: q2 });
    const openQ1 = await fixtures.ticket(company.companyId, {
      whatsapp_id: connection,
      queue_id: q1,
      status: 'open',
      user_id: company.admin.id,
    });
    const foreignConnection = await fixtures.connection(other.companyId);
    const foreign = await fixtures.ticket(other.companyId, { whatsapp_id: foreignConnection, queue_id: null });

    expect((await api(server, 'POST', '/tickets/closeAll', { token: company.users[0]!.token, body: { status: 'pending' } })).status).toBe(
      403,
    );
    const answer = await api(server, 'POST', '/tickets/closeAll', {
      token: company.admin.token,
      body: { status: 'pending', queueIds: [q1] },
    });
    expect(answer.status).toBe(200);
    expect(answer.body.ticketIds).toContain(inQ1.id);
    expect(answer.body.ticketIds).not.toContain(inQ2.id);
    expect(answer.body.ticketIds).not.toContain(openQ1.id);
    expect((await fixtures.ticketRow(inQ1.id)).status).toBe('closed');
    expect((await fixtures.ticketRow(inQ1.id)).closed_at).not.toBeNull();
    expect((await fixtures.ticketRow(inQ2.id)).status).toBe('pending');
    expect((await fixtures.ticketRow(openQ1.id)).status).toBe('open');
    expect((await fixtures.ticketRow(foreign.id)).status).toBe('pending');
    expect(await fixtures.logTypes(inQ1.id)).toEqual([{ type: 'closed', user_id: company.admin.id, queue_id: q1 }]);
    expect(await fixtures.messageBodies(inQ1.id)).toEqual([]);
  });
});

describe('GET /tickets filters and paging', () => {
  let company: CompanyFixture;
  let connection: number;
  let otherConnection: number;
  let q1: number;
  let q2: number;
  const t: Record<string, { id: number; uuid: string; contactId: number }> = {};

  beforeAll(async () => {
    company = await server.createCompany({ users: [{ profile: 'user' }] });
    const c = company.companyId;
    connection = await fixtures.connection(c);
    otherConnection = await fixtures.connection(c);
    q1 = await fixtures.queue(c);
    q2 = await fixtures.queue(c);
    const knex = server.ports.database.knex;
    t.maria = await fixtures.ticket(c, {
      whatsapp_id: connection,
      contact_id: await fixtures.contact(c, { name: 'Maria Aparecida', number: '5511987650001' }),
      queue_id: q1,
      status: 'open',
      // The admin's own: without showAll an admin's lists leave out other agents' tickets (spec 1 §6).
      user_id: company.admin.id,
      unread_messages: 2,
    });
    t.joao = await fixtures.ticket(c, {
      whatsapp_id: otherConnection,
      contact_id: await fixtures.contact(c, { name: 'João Batista', number: '5511912340002' }),
      queue_id: q2,
      created_at: new Date('2024-03-10T15:00:00Z'),
      updated_at: new Date('2024-03-10T15:00:00Z'),
    });
    t.closed = await fixtures.ticket(c, { whatsapp_id: connection, queue_id: q1, status: 'closed' });
    await knex('messages').insert([
      { company_id: c, ticket_id: t.joao.id, body: 'quero saber do boleto atrasado' },
      { company_id: c, ticket_id: t.joao.id, body: 'o boleto venceu' },
      { company_id: c, ticket_id: t.closed.id, body: 'bom dia' },
    ]);
    const tag = await fixtures.tag(c, 'VIP');
    await knex('ticket_tags').insert({ company_id: c, ticket_id: t.maria.id, tag_id: tag });
    t.tag = { id: tag, uuid: '', contactId: 0 };
  });

  async function list(query: string): Promise<number[]> {
    const answer = await api(server, 'GET', `/tickets${query}`, { token: company.admin.token });
    expect(answer.status).toBe(200);
    return (answer.body.tickets as { id: number }[]).map((ticket) => ticket.id).sort((a, b) => a - b);
  }
  const ids = (...names: string[]) => names.map((name) => t[name]!.id).sort((a, b) => a - b);

  it('filters by status, statusFilter, queues, connections, users, tags and unread', async () => {
    expect(await list('?status=open')).toEqual(ids('maria'));
    expect(await list('?status=closed')).toEqual(ids('closed'));
    expect(await list(`?statusFilter=${encodeURIComponent('["pending","closed"]')}`)).toEqual(ids('joao', 'closed'));
    expect(await list(`?queueIds=${encodeURIComponent(JSON.stringify([q2]))}`)).toEqual(ids('joao'));
    expect(await list(`?queueIds=${q1}&queueIds=${q2}`)).toEqual(ids('maria', 'joao', 'closed'));
    expect(await list(`?queueIds=${q1}&showAll=true`)).toEqual(ids('maria', 'joao', 'closed'));
    expect(await list(`?whatsappIds=${otherConnection}`)).toEqual(ids('joao'));
    expect(await list(`?whatsapps=[${connection}]`)).toEqual(ids('maria', 'closed'));
    expect(await list(`?users=[${company.admin.id}]`)).toEqual(ids('maria'));
    expect(await list(`?tags=${encodeURIComponent(JSON.stringify([t.tag!.id]))}`)).toEqual(ids('maria'));
    expect(await list('?withUnreadMessages=true')).toEqual(ids('maria'));
    expect((await api(server, 'GET', '/tickets?tags=abc', { token: company.admin.token })).status).toBe(400);
  });

  it('searches contact name, number and message bodies without repeating tickets', async () => {
    expect(await list('?searchParam=maria')).toEqual(ids('maria'));
    expect(await list('?searchParam=1234000')).toEqual(ids('joao'));
    expect(await list('?searchParam=BOLETO')).toEqual(ids('joao'));
    expect(await list('?searchParam=100%25')).toEqual([]);
    const answer = await api(server, 'GET', '/tickets?searchParam=boleto', { token: company.admin.token });
    expect(answer.body).toMatchObject({ hasMore: false });
    // No count for a search: the tabs that show one are the open tab's (spec 1 §2).
    expect(answer.body).not.toHaveProperty('count');
    expect(answer.body.tickets[0]).toMatchObject({ contact: { name: 'João Batista' }, whatsapp: { id: otherConnection }, tags: [] });
    const maria = await api(server, 'GET', '/tickets?searchParam=maria', { token: company.admin.token });
    expect(maria.body.tickets[0].tags).toEqual([{ id: t.tag!.id, name: 'VIP', color: '#123456' }]);
    expect(maria.body.tickets[0].user).toEqual({ id: company.admin.id, name: expect.any(String), color: null });
  });

  it('finds a ticket by its protocol, shown on the ticket', async () => {
    const shown = await api(server, 'GET', `/tickets/${t.closed!.id}`, { token: company.admin.token });
    expect(shown.body.protocol).toMatch(/^\d{14}$/);
    expect(await list(`?searchParam=${shown.body.protocol}`)).toEqual(ids('closed'));
    // Another company's ticket is never found by its protocol (companies count their own numbers).
    const other = await server.createCompany();
    const w = await fixtures.connection(other.companyId);
    const foreign = await fixtures.ticket(other.companyId, { whatsapp_id: w });
    const foreignProtocol = (await fixtures.ticketRow(foreign.id)).protocol as string;
    expect(await list(`?searchParam=${foreignProtocol}`)).not.toContain(foreign.id);
  });

  it('searches a word in more messages than it lists by id: newest activity first, each ticket once, paged', async () => {
    const busy = await server.createCompany();
    const w = await fixtures.connection(busy.companyId);
    const knex = server.ports.database.knex;
    // 1,200 tickets (more than the 1,000 ids a search lists directly), two matching messages each, one older
    // ticket of another contact whose name matches.
    await knex.raw(
      `with c as (insert into contacts (company_id, name, number) select ?, 'Cliente ' || g, '5599' || lpad(g::text, 8, '0')
                  from generate_series(1, 1200) g returning id, number),
            t as (insert into tickets (company_id, status, whatsapp_id, contact_id, updated_at)
                  select ?, 'closed', ?, c.id, now() - (c.number::bigint % 100000000) * interval '1 minute' from c returning id)
       insert into messages (company_id, ticket_id, body) select ?, t.id, 'pedido ' || k || ' do CUPOM10' from t cross join generate_series(1, 2) k`,
      [busy.companyId, busy.companyId, w, busy.companyId],
    );
    const namedContact = await fixtures.contact(busy.companyId, { name: 'Loja Cupom10' });
    const named = await fixtures.ticket(busy.companyId, {
      whatsapp_id: w,
      contact_id: namedContact,
      status: 'closed',
      updated_at: new Date(Date.now() - 400 * 86_400_000),
    });
    const seen: number[] = [];
    let last: { body: any } | undefined;
    for (let page = 1; page <= 31; page += 1) {
      last = await api(server, 'GET', `/tickets?searchParam=cupom10&pageNumber=${page}`, { token: busy.admin.token });
      seen.push(...last.body.tickets.map((ticket: { id: number }) => ticket.id));
      const times = last.body.tickets.map((ticket: { updatedAt: string }) => Date.parse(ticket.updatedAt));
      expect(times).toEqual([...times].sort((a, b) => b - a));
    }
    expect(last!.body.hasMore).toBe(false);
    expect(new Set(seen).size).toBe(1201);
    expect(seen).toHaveLength(1201);
    expect(seen.at(-1)).toBe(named.id);
    // Another company's search finds none of them.
    expect((await api(server, 'GET', '/tickets?searchParam=cupom10', { token: company.admin.token })).body.tickets).toEqual([]);
  });

  it('filters by creation day and update day in the company timezone', async () => {
    expect(await list('?date=2024-03-10')).toEqual(ids('joao'));
    expect(await list('?updatedAt=2024-03-10')).toEqual(ids('joao'));
    expect(await list('?date=2024-03-11')).toEqual([]);
    expect((await api(server, 'GET', '/tickets?date=yesterday', { token: company.admin.token })).status).toBe(400);
  });

  it('pages by 40 with hasMore, and counts the open tab lists on their first page', async () => {
    const paged = await server.createCompany();
    const w = await fixtures.connection(paged.companyId);
    for (let i = 0; i < 45; i += 1) await fixtures.ticket(paged.companyId, { whatsapp_id: w });
    const first = await api(server, 'GET', '/tickets?status=pending&pageNumber=1', { token: paged.admin.token });
    expect(first.body.tickets).toHaveLength(40);
    expect(first.body).toMatchObject({ count: 45, hasMore: true });
    const second = await api(server, 'GET', '/tickets?status=pending&pageNumber=2', { token: paged.admin.token });
    expect(second.body.tickets).toHaveLength(5);
    expect(second.body.hasMore).toBe(false);
    expect(second.body).not.toHaveProperty('count');
    const unfiltered = await api(server, 'GET', '/tickets?pageNumber=2', { token: paged.admin.token });
    expect(unfiltered.body).toMatchObject({ hasMore: false });
    expect(unfiltered.body).not.toHaveProperty('count');
    expect(unfiltered.body.tickets).toHaveLength(5);
    const seen = new Set([...first.body.tickets, ...second.body.tickets].map((ticket: { id: number }) => ticket.id));
    expect(seen.size).toBe(45);
    expect((await api(server, 'GET', '/tickets?pageNumber=0', { token: paged.admin.token })).status).toBe(400);
  });
});
