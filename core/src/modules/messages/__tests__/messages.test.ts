import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { ConnectionInfo } from '@switchboard/sdk';
import { InboundPipeline } from '../../conversations/inbound-pipeline.js';
import { eventually } from '../../../testing/eventually.js';
import { api, startTestServer, type CompanyFixture, type TestServer } from '../../../testing/test-server.js';

/** What an agent's sends and the automatic texts store: message types, filled placeholders, group senders. */
let server: TestServer;
let company: CompanyFixture;
let connection: ConnectionInfo;
let sequence = 0;

const knex = () => server.ports.database.knex;

async function openTicket(contactName: string, extra: Record<string, unknown> = {}): Promise<number> {
  sequence += 1;
  const [contact] = await knex()('contacts')
    .insert({ company_id: company.companyId, name: contactName, number: `55119${String(sequence).padStart(8, '0')}`, channel: 'whatsapp' })
    .returning('id');
  const [ticket] = await knex()('tickets')
    .insert({
      company_id: company.companyId,
      contact_id: contact.id,
      whatsapp_id: connection.id,
      status: 'open',
      user_id: company.admin.id,
      ...extra,
    })
    .returning('id');
  return ticket.id as number;
}

async function settings(values: Record<string, string>): Promise<void> {
  const updated = await knex()('company_settings').where('company_id', company.companyId).update(values);
  if (!updated) await knex()('company_settings').insert({ company_id: company.companyId, ...values });
  await server.ports.cache.invalidate(company.companyId);
}

beforeAll(async () => {
  server = await startTestServer();
  company = await server.createCompany();
  await knex()('users').where('id', company.admin.id).update({ name: 'Ana Souza' });
  const [row] = await knex()('connections')
    .insert({ company_id: company.companyId, name: 'Loja Centro', channel: 'test-channel', status: 'CONNECTED' })
    .returning('id');
  connection = { id: row.id, companyId: company.companyId, name: 'Loja Centro', channel: 'test-channel', settings: {} };
});

afterAll(async () => {
  await server?.stop();
});

describe('messages an agent sends', () => {
  it('stores a contact card (vCard) as a contactMessage, not a chat text', async () => {
    const ticketId = await openTicket('Cliente Cartão');
    const vCard = 'BEGIN:VCARD\nVERSION:3.0\nN:;Maria;;;\nFN:Maria\nTEL;type=CELL;waid=5511999990000:+5511999990000\nEND:VCARD';
    const sent = await api(server, 'POST', `/messages/${ticketId}`, { token: company.admin.token, body: { body: '', vCard } });
    expect(sent.status).toBe(201);
    const listed = await api(server, 'GET', `/messages/${ticketId}`, { token: company.admin.token });
    expect(listed.body.messages).toEqual([expect.objectContaining({ mediaType: 'contactMessage', vCard })]);
  });

  it('fills the placeholders of a signed message', async () => {
    await settings({ send_sign_message: 'enabled' });
    const ticketId = await openTicket('Maria Clara Lima');
    const sent = await api(server, 'POST', `/messages/${ticketId}`, {
      token: company.admin.token,
      body: { body: '{{ms}}, {{firstName}}! Aqui é {{userName}} da {{connection}}, protocolo {{protocol}} ({{unknown}})' },
    });
    expect(sent.status).toBe(201);
    const [message] = (await api(server, 'GET', `/messages/${ticketId}`, { token: company.admin.token })).body.messages;
    const { protocol } = (await api(server, 'GET', `/tickets/${ticketId}`, { token: company.admin.token })).body;
    expect(protocol).toMatch(/^\d{14}$/);
    expect(message.body).toMatch(
      new RegExp(
        `^\\*Ana Souza:\\*\\n(Bom dia|Boa tarde|Boa noite|Boa madrugada), Maria! Aqui é Ana Souza da Loja Centro, protocolo ${protocol} \\(\\{\\{unknown\\}\\}\\)$`,
      ),
    );
    await settings({ send_sign_message: 'disabled' });
  });

  it('fills the placeholders of the farewell sent on resolve', async () => {
    await knex()('users')
      .where('id', company.admin.id)
      .update({ farewell_message: 'Obrigado, {{name}}! Atendimento {{ticket_id}} encerrado por {{userName}} em {{date}}.' });
    const ticketId = await openTicket('João Pedro');
    const resolved = await api(server, 'PUT', `/tickets/${ticketId}`, { token: company.admin.token, body: { status: 'closed' } });
    expect(resolved.status).toBe(200);
    const farewell = await eventually(
      async () => (await knex()('messages').where({ ticket_id: ticketId, from_me: true }).first('body')) as { body: string } | undefined,
      'the farewell',
    );
    expect(farewell.body).toMatch(
      new RegExp(`^Obrigado, João Pedro! Atendimento ${ticketId} encerrado por Ana Souza em \\d{2}/\\d{2}/\\d{4}\\.$`),
    );
    await knex()('users').where('id', company.admin.id).update({ farewell_message: null });
  });
});

describe('group messages', () => {
  it('carry the name their sender shows on the channel', async () => {
    await knex()('connections').where('id', connection.id).update({ allow_group: true });
    await server.container.get(InboundPipeline).receive(connection, {
      type: 'message',
      externalId: `group-${Date.now()}`,
      chat: { address: '120363000000000001@g.us', isGroup: true, name: 'Equipe' },
      participant: { address: '5511988887777', name: 'Carla Mendes' },
      fromMe: false,
      body: 'bom dia, grupo',
    });
    const ticket = await eventually(
      async () =>
        (await knex()('tickets as t')
          .join('contacts as c', 'c.id', 't.contact_id')
          .where({ 'c.company_id': company.companyId, 'c.number': '120363000000000001@g.us' })
          .first('t.id')) as { id: number } | undefined,
      'the group ticket',
    );
    const listed = await api(server, 'GET', `/messages/${ticket.id}`, { token: company.admin.token });
    expect(listed.status).toBe(200);
    expect(listed.body.messages).toEqual([
      expect.objectContaining({ body: 'bom dia, grupo', participant: '5511988887777', participantName: 'Carla Mendes' }),
    ]);
  });
});
