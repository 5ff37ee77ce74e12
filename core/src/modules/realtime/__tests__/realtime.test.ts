import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { io as connectSocket, type Socket } from 'socket.io-client';
import type { ConnectionInfo } from '@switchboard/sdk';
import { InboundPipeline } from '../../conversations/inbound-pipeline.js';
import { caughtUp } from '../../../testing/caught-up.js';
import { eventually } from '../../../testing/eventually.js';
import { api, startTestServer, type CompanyFixture, type TestServer } from '../../../testing/test-server.js';

let server: TestServer;
let company: CompanyFixture;
let connection: ConnectionInfo;
let queues: { q1: number; q2: number };
const sockets: Socket[] = [];

interface Recorder {
  socket: Socket;
  events: { event: string; payload: any }[];
}

async function listen(token: string): Promise<Recorder> {
  const socket = connectSocket(server.url, { auth: { token }, transports: ['websocket'], reconnection: false });
  sockets.push(socket);
  const events: Recorder['events'] = [];
  socket.onAny((event, payload) => events.push({ event, payload }));
  await new Promise<void>((resolve, reject) => socket.on('connect', () => resolve()).on('connect_error', reject));
  return { socket, events };
}

/** Every event the server sent these clients so far has arrived (InboundPipeline.receive emits before it returns). */
async function settle(...recorders: Recorder[]): Promise<void> {
  await Promise.all(recorders.map((recorder) => caughtUp(server.ports.realtime, recorder.socket)));
}

function ticketIdsIn(recorder: Recorder, event: string): number[] {
  return recorder.events
    .filter((entry) => entry.event === event)
    .map((entry) => entry.payload.ticket?.id ?? entry.payload.message?.ticketId ?? entry.payload.ticketId);
}

beforeAll(async () => {
  server = await startTestServer();
  company = await server.createCompany({ users: [{ profile: 'user' }] });
  const knex = server.ports.database.knex;
  const [q1, q2] = await knex('queues')
    .insert([
      { company_id: company.companyId, name: 'Vendas', color: '#111111' },
      { company_id: company.companyId, name: 'Suporte', color: '#222222' },
    ])
    .returning('id');
  queues = { q1: q1.id, q2: q2.id };
  await knex('user_queues').insert({ company_id: company.companyId, user_id: company.users[0]!.id, queue_id: queues.q1 });
  const [row] = await knex('connections')
    .insert({ company_id: company.companyId, name: 'Teste', channel: 'test-channel', status: 'CONNECTED' })
    .returning('id');
  connection = { id: row.id, companyId: company.companyId, name: 'Teste', channel: 'test-channel', settings: {} };
});

afterAll(async () => {
  for (const socket of sockets) socket.disconnect();
  await server?.stop();
});

describe('realtime', () => {
  it('refuses a socket without a valid token', async () => {
    const socket = connectSocket(server.url, { auth: { token: 'nope' }, transports: ['websocket'], reconnection: false });
    sockets.push(socket);
    const error = await new Promise<Error>((resolve) => socket.on('connect_error', resolve));
    expect(error.message).toBe('ERR_SESSION_EXPIRED');
  });

  it('sends ticket and message events only to the agents who may see the ticket', async () => {
    const admin = await listen(company.admin.token);
    const agent = await listen(company.users[0]!.token);
    const pipeline = server.container.get(InboundPipeline);
    const knex = server.ports.database.knex;

    await pipeline.receive(connection, {
      type: 'message',
      externalId: 'rt-1',
      chat: { address: 'c-q1', name: 'Cliente Q1' },
      fromMe: false,
      body: 'na fila 1',
    });
    await pipeline.receive(connection, {
      type: 'message',
      externalId: 'rt-2',
      chat: { address: 'c-q2', name: 'Cliente Q2' },
      fromMe: false,
      body: 'na fila 2',
    });
    const ticketQ1 = await knex('tickets as t').join('contacts as c', 'c.id', 't.contact_id').where('c.number', 'c-q1').first('t.id');
    const ticketQ2 = await knex('tickets as t').join('contacts as c', 'c.id', 't.contact_id').where('c.number', 'c-q2').first('t.id');
    // A ticket without a queue is seen only by admins (the agent has allTicket disabled).
    await settle(admin, agent);
    expect(ticketIdsIn(admin, 'appMessage')).toEqual(expect.arrayContaining([ticketQ1.id, ticketQ2.id]));
    expect(ticketIdsIn(agent, 'appMessage')).toEqual([]);

    await knex('tickets').where('id', ticketQ1.id).update({ queue_id: queues.q1 });
    await knex('tickets').where('id', ticketQ2.id).update({ queue_id: queues.q2 });
    await pipeline.receive(connection, {
      type: 'message',
      externalId: 'rt-3',
      chat: { address: 'c-q1' },
      fromMe: false,
      body: 'de novo 1',
    });
    await pipeline.receive(connection, {
      type: 'message',
      externalId: 'rt-4',
      chat: { address: 'c-q2' },
      fromMe: false,
      body: 'de novo 2',
    });
    await settle(agent);
    expect(ticketIdsIn(agent, 'appMessage')).toEqual([ticketQ1.id]);
    expect(agent.events.some((entry) => entry.event === 'appMessage' && entry.payload.message.body === 'de novo 2')).toBe(false);

    // The admin takes the queue-1 ticket: the agent is told it left their list and hears no more of it.
    const taken = await api(server, 'PUT', `/tickets/${ticketQ1.id}`, {
      token: company.admin.token,
      body: { status: 'open', userId: company.admin.id },
    });
    expect(taken.status).toBe(200);
    await settle(agent);
    expect(
      agent.events.some((entry) => entry.event === 'ticket' && entry.payload.action === 'delete' && entry.payload.ticketId === ticketQ1.id),
    ).toBe(true);
    const before = agent.events.length;
    await pipeline.receive(connection, {
      type: 'message',
      externalId: 'rt-5',
      chat: { address: 'c-q1' },
      fromMe: false,
      body: 'só o admin',
    });
    await settle(admin, agent);
    expect(agent.events.slice(before).filter((entry) => entry.event === 'appMessage')).toEqual([]);
    expect(admin.events.some((entry) => entry.event === 'appMessage' && entry.payload.message.body === 'só o admin')).toBe(true);
  });

  it('sends profile users masked contact numbers once lgpdHideNumber is switched on, and whole again once off', async () => {
    const admin = await listen(company.admin.token);
    const agent = await listen(company.users[0]!.token);
    const pipeline = server.container.get(InboundPipeline);
    const knex = server.ports.database.knex;
    const say = async (externalId: string, body: string) => {
      await pipeline.receive(connection, {
        type: 'message',
        externalId,
        chat: { address: '5511987654321', name: 'Cliente LGPD' },
        fromMe: false,
        body,
      });
      await settle(...listening);
    };
    const listening = [admin, agent];
    const numbersIn = (recorder: Recorder, body: string) => {
      const message = recorder.events.find((entry) => entry.event === 'appMessage' && entry.payload.message.body === body)?.payload;
      return [message?.contact.number, message?.ticket.contact.number];
    };
    await say('lgpd-1', 'primeira');
    const ticket = await knex('tickets as t')
      .join('contacts as c', 'c.id', 't.contact_id')
      .where('c.number', '5511987654321')
      .first('t.id');
    await knex('tickets').where('id', ticket.id).update({ queue_id: queues.q1 });

    const switchTo = async (data: string) =>
      expect(
        (await api(server, 'PUT', '/companySettings', { token: company.admin.token, body: { column: 'lgpdHideNumber', data } })).status,
      ).toBe(200);
    // The agent's socket was open before the switch: it moves to the masked view at once.
    await switchTo('enabled');
    await say('lgpd-2', 'mascarada');
    expect(numbersIn(agent, 'mascarada')).toEqual(Array(2).fill('5511*****4321'));
    expect(numbersIn(admin, 'mascarada')).toEqual(Array(2).fill('5511987654321'));
    // A socket opened while the switch is on starts masked.
    const later = await listen(company.users[0]!.token);
    listening.push(later);
    await say('lgpd-3', 'de novo');
    expect(numbersIn(later, 'de novo')).toEqual(Array(2).fill('5511*****4321'));

    await switchTo('disabled');
    await say('lgpd-4', 'inteira');
    expect(numbersIn(agent, 'inteira')).toEqual(Array(2).fill('5511987654321'));
    expect(numbersIn(later, 'inteira')).toEqual(Array(2).fill('5511987654321'));
  });

  it('keeps the user online while connected and offline after', async () => {
    const knex = server.ports.database.knex;
    const userId = company.users[0]!.id;
    await knex('users').where('id', userId).update({ online: false });
    const recorder = await listen(company.users[0]!.token);
    const online = async () => (await knex('users').where('id', userId).first('online')).online as boolean;
    recorder.socket.emit('userStatus');
    await eventually(online, 'the user online');
    // Close every socket of this user.
    for (const socket of sockets) socket.disconnect();
    await eventually(async () => !(await online()), 'the user offline');
  });

  it('a second sign-in tells the first session and closes it, and keeps the new one', async () => {
    const company2 = await server.createCompany();
    const first = await listen(company2.admin.token);
    const closed = new Promise<void>((resolve) => first.socket.on('disconnect', () => resolve()));
    const newToken = await server.login(company2.admin.email, 'Passw0rd-test');
    const second = await listen(newToken);
    await closed;
    expect(first.events.find((entry) => entry.event === 'auth')?.payload).toMatchObject({
      user: { id: company2.admin.id },
      reason: 'elsewhere',
    });
    // The new session still hears the server after the old one was closed.
    await settle(second);
    expect(second.socket.connected).toBe(true);
  });
});
