import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { io as connectSocket } from 'socket.io-client';
import { eventually } from '../../../testing/eventually.js';
import { api, startTestServer, type CompanyFixture, type TestServer } from '../../../testing/test-server.js';

/*
 * lgpdHideNumber (spec 1 §5): a profile user of a company with the setting on never receives a contact's number
 * whole, from any route. The walk calls every GET route the server registers with this company's records in its
 * parameters, then every change that answers a contact, and looks for the number's hidden digits in each answer.
 */
const NUMBER = '5511987650123';
const MASKED = '5511*****0123';
const HIDDEN_DIGITS = '98765';

let server: TestServer;
let company: CompanyFixture;
const records = { contactId: 0, ticketId: 0, ticketUuid: '', scheduleId: 0, tagId: 0, queueId: 0, connectionId: 0, noteId: 0 };

const agent = () => company.users[0]!;

beforeAll(async () => {
  server = await startTestServer();
  company = await server.createCompany({ users: [{ profile: 'user', all_ticket: 'enable', allow_real_time: 'enabled' }] });
  const knex = server.ports.database.knex;
  const companyId = company.companyId;
  await knex('company_settings').where('company_id', companyId).update({ lgpd_hide_number: 'enabled' });
  await server.ports.cache.invalidate(companyId);
  const [queue] = await knex('queues').insert({ company_id: companyId, name: 'Fila LGPD', color: '#abcdef' }).returning('id');
  await knex('user_queues').insert({ company_id: companyId, user_id: agent().id, queue_id: queue.id });
  const [connection] = await knex('connections')
    .insert({ company_id: companyId, name: 'Conexão LGPD', channel: 'whatsapp', is_default: true, number: '5511900000000' })
    .returning('id');
  const [contact] = await knex('contacts')
    .insert({ company_id: companyId, name: 'Cliente LGPD', number: NUMBER, channel: 'whatsapp', whatsapp_id: connection.id })
    .returning('id');
  const [ticket] = await knex('tickets')
    .insert({
      company_id: companyId,
      contact_id: contact.id,
      whatsapp_id: connection.id,
      queue_id: queue.id,
      user_id: agent().id,
      status: 'open',
    })
    .returning(['id', 'uuid']);
  await knex('messages').insert({
    company_id: companyId,
    ticket_id: ticket.id,
    contact_id: contact.id,
    whatsapp_id: connection.id,
    body: 'Olá',
  });
  const [tag] = await knex('tags').insert({ company_id: companyId, name: 'Etiqueta LGPD', color: '#123456', kanban: 1 }).returning('id');
  await knex('contact_tags').insert({ company_id: companyId, contact_id: contact.id, tag_id: tag.id });
  await knex('ticket_tags').insert({ company_id: companyId, ticket_id: ticket.id, tag_id: tag.id });
  const [note] = await knex('ticket_notes')
    .insert({ company_id: companyId, note: 'Nota LGPD', ticket_id: ticket.id, contact_id: contact.id, user_id: agent().id })
    .returning('id');
  const schedule = await api(server, 'POST', '/schedules', {
    token: company.admin.token,
    body: { body: 'Lembrete agendado', contactId: contact.id, sendAt: new Date(Date.now() + 86_400_000).toISOString() },
  });
  expect(schedule.status).toBe(201);
  Object.assign(records, {
    contactId: contact.id,
    ticketId: ticket.id,
    ticketUuid: ticket.uuid,
    scheduleId: schedule.body.id,
    tagId: tag.id,
    queueId: queue.id,
    connectionId: connection.id,
    noteId: note.id,
  });
}, 60_000);

afterAll(async () => {
  await server?.stop();
});

/** The concrete path of a registered GET route, with this company's records in its parameters. */
function concretePath(path: string): string {
  const resource = path.split('/')[1] ?? '';
  const idOf: Record<string, number> = {
    contacts: records.contactId,
    tickets: records.ticketId,
    schedules: records.scheduleId,
    tags: records.tagId,
    queue: records.queueId,
    whatsapp: records.connectionId,
    users: agent().id,
  };
  const concrete = path
    .replace(':ticketId', String(records.ticketId))
    .replace(':contactId', String(records.contactId))
    .replace(':companyId', String(company.companyId))
    .replace(':uuid', records.ticketUuid)
    .replace(':number', NUMBER)
    .replace(/:id\b/, String(idOf[resource] ?? records.contactId));
  const query: Record<string, string> = {
    '/ticket-notes/list': `?ticketId=${records.ticketId}`,
    '/ticket-notes': `?ticketId=${records.ticketId}`,
    '/schedules': `?contactId=${records.contactId}`,
    '/contacts': '?searchParam=Cliente',
  };
  return `${concrete}${query[path] ?? ''}`;
}

function text(body: unknown): string {
  return typeof body === 'string' ? body : JSON.stringify(body ?? '');
}

describe('lgpdHideNumber', () => {
  it('masks the number in every GET answer to a profile user', async () => {
    const routes = server.routes.filter((route) => route.method === 'get' && route.access !== 'public' && !route.path.includes('*'));
    const leaks: string[] = [];
    const masked = new Set<string>();
    for (const route of routes) {
      const path = concretePath(route.path);
      const answer = await api(server, 'GET', path, { token: agent().token });
      const body = text(answer.body);
      if (body.includes(HIDDEN_DIGITS)) leaks.push(`GET ${path} (${answer.status})`);
      if (body.includes(MASKED)) masked.add(route.path);
    }
    expect(leaks).toEqual([]);
    // A connection's own line is the company's, not a person's: it stays whole.
    expect(text((await api(server, 'GET', '/whatsapp', { token: agent().token })).body)).toContain('5511900000000');
    // The walk reached the answers that carry the contact (else it proves nothing).
    expect([...masked].sort()).toEqual(
      expect.arrayContaining([
        '/contacts',
        '/contacts/:id',
        '/contacts/list',
        '/contacts/profile/:number',
        '/dashboard/moments',
        '/schedules',
        '/schedules/:id',
        '/tickets',
        '/tickets/:id',
        '/tickets/u/:uuid',
      ]),
    );
  });

  it('masks the number in the answer of every change that answers a contact, and keeps it stored whole', async () => {
    const { contactId, ticketId, scheduleId, tagId } = records;
    const sendAt = new Date(Date.now() + 2 * 86_400_000).toISOString();
    const calls: [string, string, unknown][] = [
      // The contact form sent back as shown (masked number) leaves the number as it is.
      ['PUT', `/contacts/${contactId}`, { name: 'Cliente LGPD', number: MASKED, email: '' }],
      ['PUT', `/contacts/toggleDisableBot/${contactId}`, {}],
      ['PUT', `/contacts/toggleAcceptAudio/${contactId}`, {}],
      ['PUT', `/contacts/block/${contactId}`, { active: true }],
      ['PUT', `/tickets/${ticketId}`, { status: 'open', userId: agent().id }],
      ['POST', '/schedules', { body: 'Outro lembrete', contactId, sendAt }],
      ['PUT', `/schedules/${scheduleId}`, { body: 'Lembrete mudado', contactId, sendAt }],
      ['POST', '/ticket-notes', { note: 'Mais uma nota', ticketId }],
      ['POST', '/tags/sync', { contactId, ticketId, tags: [{ id: tagId }] }],
      ['PUT', `/ticket-tags/${ticketId}/${tagId}`, undefined],
    ];
    for (const [method, path, body] of calls) {
      const answer = await api(server, method, path, { token: agent().token, body });
      expect({ method, path, status: answer.status < 300 }).toEqual({ method, path, status: true });
      expect({ method, path, leak: text(answer.body).includes(HIDDEN_DIGITS) }).toEqual({ method, path, leak: false });
    }
    const created = await api(server, 'POST', '/contacts', {
      token: agent().token,
      body: { name: 'Cliente Novo', number: '5511976540987' },
    });
    expect(created.status).toBe(201);
    expect(created.body.number).toBe('5511*****0987');
    expect(await server.ports.database.knex('contacts').where('id', contactId).first('number')).toEqual({ number: NUMBER });
  });

  it('masks the number in the events a profile user receives, whichever way they are sent', async () => {
    const socket = connectSocket(server.url, { auth: { token: agent().token }, transports: ['websocket'], reconnection: false });
    try {
      await new Promise<void>((resolve, reject) => socket.on('connect', () => resolve()).on('connect_error', reject));
      const events: unknown[] = [];
      for (const name of ['schedule', 'contact', 'ticket']) socket.on(name, (payload: unknown) => events.push(payload));
      const sendAt = new Date(Date.now() + 3 * 86_400_000).toISOString();
      const scheduled = api(server, 'POST', '/schedules', {
        token: company.admin.token,
        body: { body: 'Lembrete do evento', contactId: records.contactId, sendAt },
      });
      expect((await scheduled).status).toBe(201);
      const renamed = await api(server, 'PUT', `/contacts/${records.contactId}`, {
        token: company.admin.token,
        body: { name: 'Cliente LGPD 2' },
      });
      expect(renamed.status).toBe(200);
      await eventually(async () => (events.length >= 2 ? true : undefined), 'the schedule and contact events');
      expect(events.map(text).filter((payload) => payload.includes(HIDDEN_DIGITS))).toEqual([]);
      expect(events.map(text).filter((payload) => payload.includes(MASKED))).toHaveLength(events.length);
    } finally {
      socket.disconnect();
    }
  });

  it('answers admins the whole number, and profile users too once the setting is off', async () => {
    const path = `/contacts/${records.contactId}`;
    expect((await api(server, 'GET', path, { token: company.admin.token })).body.number).toBe(NUMBER);
    expect((await api(server, 'GET', path, { token: agent().token })).body.number).toBe(MASKED);
    const knex = server.ports.database.knex;
    await knex('company_settings').where('company_id', company.companyId).update({ lgpd_hide_number: 'disabled' });
    await server.ports.cache.invalidate(company.companyId);
    try {
      expect((await api(server, 'GET', path, { token: agent().token })).body.number).toBe(NUMBER);
    } finally {
      await knex('company_settings').where('company_id', company.companyId).update({ lgpd_hide_number: 'enabled' });
      await server.ports.cache.invalidate(company.companyId);
    }
  });
});
