import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { ConnectionInfo, InboundMessage } from '@switchboard/sdk';
import { ConversationRecords } from '../conversation-records.js';
import { InboundPipeline } from '../inbound-pipeline.js';
import { startTestServer, type CompanyFixture, type TestServer } from '../../../testing/test-server.js';

let server: TestServer;
let company: CompanyFixture;
let connection: ConnectionInfo;

beforeAll(async () => {
  server = await startTestServer();
  company = await server.createCompany();
  const [row] = await server.ports.database
    .knex('connections')
    .insert({ company_id: company.companyId, name: 'Site', channel: 'test-channel', status: 'CONNECTED' })
    .returning('id');
  connection = { id: row.id, companyId: company.companyId, name: 'Site', channel: 'test-channel', settings: {} };
});

afterAll(async () => {
  await server?.stop();
});

function message(externalId: string, address: string, body: string, extra: Partial<InboundMessage> = {}): InboundMessage {
  return { type: 'message', externalId, chat: { address, name: `Visitor ${address}` }, fromMe: false, body, ...extra };
}

describe('inbound pipeline', () => {
  it('runs the core steps in order', () => {
    expect(server.container.get(InboundPipeline).steps).toEqual([
      'dedupe',
      'contact',
      'contactPreferences',
      'ticket',
      'message',
      'campaignConfirmation',
      'audioMessages',
      'inactivity',
      'lgpd',
      'rating',
      'outOfHours',
      'integration',
      'chatbot',
      'assignment',
    ]);
  });

  it('turns 50 concurrent first messages of one contact into one pending ticket with 50 messages', async () => {
    const pipeline = server.container.get(InboundPipeline);
    await Promise.all(
      Array.from({ length: 50 }, (_, index) => pipeline.receive(connection, message(`burst-${index}`, 'visitor-burst', `hello ${index}`))),
    );
    const knex = server.ports.database.knex;
    const contacts = await knex('contacts').where({ company_id: company.companyId, number: 'visitor-burst' });
    expect(contacts).toHaveLength(1);
    const tickets = await knex('tickets').where({ contact_id: contacts[0].id });
    expect(tickets).toHaveLength(1);
    expect(tickets[0]).toMatchObject({ status: 'pending', unread_messages: 50, whatsapp_id: connection.id });
    expect(Number((await knex('messages').where('ticket_id', tickets[0].id).count({ n: '*' }))[0]!.n)).toBe(50);
    expect(await knex('ticket_logs').where({ ticket_id: tickets[0].id, type: 'create' })).toHaveLength(1);
  });

  it('stores a message delivered twice (even at once) only once', async () => {
    const pipeline = server.container.get(InboundPipeline);
    const twice = message('dup-1', 'visitor-dup', 'only once');
    await Promise.all([pipeline.receive(connection, twice), pipeline.receive(connection, twice)]);
    await pipeline.receive(connection, twice);
    const knex = server.ports.database.knex;
    expect(await knex('messages').where({ whatsapp_id: connection.id, external_id: 'dup-1' })).toHaveLength(1);
    const ticket = await knex('tickets as t')
      .join('contacts as c', 'c.id', 't.contact_id')
      .where('c.number', 'visitor-dup')
      .first('t.unread_messages');
    expect(ticket.unread_messages).toBe(1);
  });

  it('applies acks forward only, edits, deletes and reactions to the stored message', async () => {
    const pipeline = server.container.get(InboundPipeline);
    const knex = server.ports.database.knex;
    await pipeline.receive(connection, message('m-ack', 'visitor-events', 'first', { fromMe: true }));
    await pipeline.receive(connection, { type: 'ack', externalId: 'm-ack', ack: 3 });
    await pipeline.receive(connection, { type: 'ack', externalId: 'm-ack', ack: 2 });
    await pipeline.receive(connection, { type: 'edit', externalId: 'm-ack', body: 'first (edited)' });
    await pipeline.receive(connection, {
      type: 'reaction',
      externalId: 'r-1',
      targetExternalId: 'm-ack',
      emoji: '👍',
      chat: { address: 'visitor-events' },
      fromMe: false,
    });
    const stored = await knex('messages').where({ whatsapp_id: connection.id, external_id: 'm-ack' }).first();
    expect(stored).toMatchObject({ ack: 3, body: 'first (edited)', is_edited: true });
    const reaction = await knex('messages').where({ whatsapp_id: connection.id, external_id: 'r-1' }).first();
    expect(reaction).toMatchObject({ media_type: 'reactionMessage', body: '👍', quoted_msg_id: stored.id });
    await pipeline.receive(connection, { type: 'delete', externalId: 'm-ack' });
    expect((await knex('messages').where('id', stored.id).first()).is_deleted).toBe(true);
  });

  it('reuses the active ticket, and after closing opens a new one unless the reopen window applies', async () => {
    const pipeline = server.container.get(InboundPipeline);
    const knex = server.ports.database.knex;
    await pipeline.receive(connection, message('w-1', 'visitor-window', 'one'));
    await pipeline.receive(connection, message('w-2', 'visitor-window', 'two'));
    const contact = await knex('contacts').where({ company_id: company.companyId, number: 'visitor-window' }).first('id');
    const [first] = await knex('tickets').where('contact_id', contact.id);
    await knex('tickets').where('id', first.id).update({ status: 'closed' });
    await pipeline.receive(connection, message('w-3', 'visitor-window', 'three'));
    const afterClose = await knex('tickets').where('contact_id', contact.id).orderBy('id');
    expect(afterClose.map((ticket) => ticket.status)).toEqual(['closed', 'pending']);

    await knex('connections').where('id', connection.id).update({ time_create_new_ticket: 60 });
    await server.container.get(ConversationRecords).forgetConnection(connection.companyId);
    await knex('tickets').where('id', afterClose[1].id).update({ status: 'closed' });
    await pipeline.receive(connection, message('w-4', 'visitor-window', 'four'));
    const withWindow = await knex('tickets').where('contact_id', contact.id).orderBy('id');
    expect(withWindow).toHaveLength(2);
    expect(withWindow[1]).toMatchObject({ id: afterClose[1].id, status: 'pending' });
    await knex('connections').where('id', connection.id).update({ time_create_new_ticket: 0 });
    await server.container.get(ConversationRecords).forgetConnection(connection.companyId);
  });
});
