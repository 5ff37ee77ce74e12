import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { io as connectSocket, type Socket } from 'socket.io-client';
import type { ConnectionInfo } from '@switchboard/sdk';
import { InboundPipeline } from '../../conversations/inbound-pipeline.js';
import { eventually } from '../../../testing/eventually.js';
import { api, startTestServer, type CompanyFixture, type TestServer } from '../../../testing/test-server.js';

/**
 * The ticket as its card shows it (issue 13): the last message, its type and its time follow outgoing messages as
 * well as incoming ones, live; reading a ticket (opening its messages or writing in it with `read`) clears its
 * unread count for everyone who sees it.
 */
let server: TestServer;
let company: CompanyFixture;
let other: CompanyFixture;
let connection: ConnectionInfo;
let socket: Socket;
const events: { event: string; payload: any }[] = [];
let sequence = 0;

const knex = () => server.ports.database.knex;

async function openTicket(extra: Record<string, unknown> = {}): Promise<{ id: number; number: string }> {
  sequence += 1;
  const number = `55119${String(sequence).padStart(8, '0')}`;
  const [contact] = await knex()('contacts')
    .insert({ company_id: company.companyId, name: `Cliente ${sequence}`, number, channel: 'test-channel' })
    .returning('id');
  const [ticket] = await knex()('tickets')
    .insert({
      company_id: company.companyId,
      contact_id: contact.id,
      whatsapp_id: connection.id,
      channel: 'test-channel',
      status: 'open',
      user_id: company.admin.id,
      ...extra,
    })
    .returning('id');
  return { id: ticket.id as number, number };
}

const ticketOf = async (id: number) => (await api(server, 'GET', `/tickets/${id}`, { token: company.admin.token })).body;

/** The first socket event of this kind about the ticket, once it came. */
function eventAbout(event: string, ticketId: number, match: (payload: any) => boolean = () => true) {
  return eventually(
    async () =>
      events.find(
        (entry) =>
          entry.event === event &&
          (entry.payload.ticket?.id ?? entry.payload.ticketId ?? entry.payload.message?.ticketId) === ticketId &&
          match(entry.payload),
      )?.payload,
    `${event} of ticket ${ticketId}`,
  );
}

beforeAll(async () => {
  server = await startTestServer();
  company = await server.createCompany();
  other = await server.createCompany();
  // Unsigned messages: the stored text is what the agent typed.
  await knex()('company_settings').where('company_id', company.companyId).update({ send_sign_message: 'disabled' });
  const [row] = await knex()('connections')
    .insert({ company_id: company.companyId, name: 'Loja', channel: 'test-channel', status: 'CONNECTED' })
    .returning('id');
  connection = { id: row.id, companyId: company.companyId, name: 'Loja', channel: 'test-channel', settings: {} };
  socket = connectSocket(server.url, { auth: { token: company.admin.token }, transports: ['websocket'], reconnection: false });
  socket.onAny((event, payload) => events.push({ event, payload }));
  await new Promise<void>((resolve, reject) => socket.on('connect', () => resolve()).on('connect_error', reject));
});

afterAll(async () => {
  socket?.disconnect();
  await server?.stop();
});

describe('the last message of a ticket', () => {
  it("follows an agent's reply: text, type and time, told live with the ticket's contact", async () => {
    const ticket = await openTicket({ last_message: 'Olá', last_message_type: 'chat', updated_at: new Date(Date.now() - 3_600_000) });
    const before = await ticketOf(ticket.id);
    const sent = await api(server, 'POST', `/messages/${ticket.id}`, { token: company.admin.token, body: { body: 'Seu pedido *saiu*' } });
    expect(sent.status).toBe(201);

    const after = await ticketOf(ticket.id);
    expect(after).toMatchObject({ lastMessage: 'Seu pedido *saiu*', lastMessageType: 'chat', fromMe: true });
    expect(new Date(after.updatedAt).getTime()).toBeGreaterThan(new Date(before.updatedAt).getTime());
    // The ticket's update rides on the message's event (one broadcast per message).
    const update = await eventAbout('appMessage', ticket.id, (payload) => payload.action === 'create');
    expect(update.ticket).toMatchObject({ lastMessage: 'Seu pedido *saiu*', lastMessageType: 'chat', contact: { number: ticket.number } });
  });

  it('names a contact card and a location by their type', async () => {
    const ticket = await openTicket();
    const vCard = 'BEGIN:VCARD\nVERSION:3.0\nFN:Maria\nTEL;waid=5511999990000:+5511999990000\nEND:VCARD';
    await api(server, 'POST', `/messages/${ticket.id}`, { token: company.admin.token, body: { body: '', vCard } });
    expect(await ticketOf(ticket.id)).toMatchObject({ lastMessageType: 'contactMessage' });

    await server.container.get(InboundPipeline).receive(connection, {
      type: 'message',
      externalId: `location-${ticket.id}`,
      chat: { address: ticket.number, name: 'Cliente' },
      fromMe: false,
      body: '-23.5505,-46.6333',
      mediaType: 'locationMessage',
    });
    await eventually(
      async () => ((await ticketOf(ticket.id)).lastMessageType === 'locationMessage' ? true : undefined),
      'the location as last message',
    );
  });

  it('stays as it was for a private note', async () => {
    const ticket = await openTicket({ last_message: 'Oi', last_message_type: 'chat' });
    await api(server, 'POST', `/messages/${ticket.id}`, { token: company.admin.token, body: { body: 'nota interna', isPrivate: true } });
    expect(await ticketOf(ticket.id)).toMatchObject({ lastMessage: 'Oi', lastMessageType: 'chat' });
  });
});

describe('reading a ticket', () => {
  it('writing in it with read clears its unread count and tells the clients', async () => {
    const ticket = await openTicket({ unread_messages: 3 });
    await knex()('messages').insert({ company_id: company.companyId, ticket_id: ticket.id, body: 'oi', from_me: false, read: false });
    const sent = await api(server, 'POST', `/messages/${ticket.id}`, { token: company.admin.token, body: { body: 'Já vejo', read: true } });
    expect(sent.status).toBe(201);
    expect(await ticketOf(ticket.id)).toMatchObject({ unreadMessages: 0 });
    expect(await knex()('messages').where({ ticket_id: ticket.id, read: false }).count('* as n').first()).toMatchObject({ n: 0 });
    await eventAbout('ticket', ticket.id, (payload) => payload.action === 'updateUnread');
  });

  it('a message sent without read (a system-like client) leaves the count', async () => {
    const ticket = await openTicket({ unread_messages: 2 });
    await api(server, 'POST', `/messages/${ticket.id}`, { token: company.admin.token, body: { body: 'Automático' } });
    expect(await ticketOf(ticket.id)).toMatchObject({ unreadMessages: 2 });
  });

  it("opening its messages clears the count; another company's ticket answers 404 and stays unread", async () => {
    const ticket = await openTicket({ unread_messages: 1 });
    const foreign = await api(server, 'GET', `/messages/${ticket.id}`, { token: other.admin.token });
    expect(foreign.status).toBe(404);
    expect(foreign.body).toMatchObject({ error: 'ERR_NO_TICKET_FOUND' });
    const foreignSend = await api(server, 'POST', `/messages/${ticket.id}`, { token: other.admin.token, body: { body: 'x', read: true } });
    expect(foreignSend.status).toBe(404);
    expect(await ticketOf(ticket.id)).toMatchObject({ unreadMessages: 1 });

    const opened = await api(server, 'GET', `/messages/${ticket.id}?pageNumber=1`, { token: company.admin.token });
    expect(opened.status).toBe(200);
    expect(await ticketOf(ticket.id)).toMatchObject({ unreadMessages: 0 });
    await eventAbout('ticket', ticket.id, (payload) => payload.action === 'updateUnread');
  });
});
