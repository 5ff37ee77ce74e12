import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { proto, type WAMessage } from '@whiskeysockets/baileys';
import { io as connectSocket, type Socket } from 'socket.io-client';
import {
  FakeWhatsapp,
  fakeWhatsappModule,
  messageId,
  waMessage,
} from '../../../../../plugins/channel-whatsapp/src/__tests__/fake-whatsapp.js';
import { api, startTestServer, type CompanyFixture, type TestServer } from '../../../testing/test-server.js';
import { IMPORT_ENDED } from '../../connections/session-manager.js';

/**
 * A WhatsApp history import through core: the WhatsApp plugin on a fake Baileys socket gets history chunks; core
 * stores each message once on imported tickets, without routing or notifications, and tells the company how far the
 * import is (importMessages, statusImportMessages).
 */
const ALICE = '5511912345678';
const BOB = '5511955554444';
const CAROL = '5511933332222';
const GROUP = '120363040000000000@g.us';
const DAY = 86_400_000;
const jid = (number: string) => `${number}@s.whatsapp.net`;

const whatsapp = new FakeWhatsapp();
let server: TestServer;
let company: CompanyFixture;
let socket: Socket;
/** What the company admin's socket received, in order. */
const received: { event: string; payload: any }[] = [];
const arrivals = new Set<() => void>();

beforeAll(async () => {
  server = await startTestServer({ extraModules: [fakeWhatsappModule(whatsapp)] });
  company = await server.createCompany();
  socket = connectSocket(server.url, { auth: { token: company.admin.token }, transports: ['websocket'], reconnection: false });
  await new Promise<void>((resolve, reject) => socket.on('connect', () => resolve()).on('connect_error', reject));
  for (const event of ['importMessages', 'appMessage', 'whatsappSession'])
    socket.on(event, (payload) => {
      received.push({ event, payload });
      for (const arrival of arrivals) arrival();
    });
}, 60_000);

afterAll(async () => {
  socket?.disconnect();
  await server?.stop();
});

/** The first payload of this event (received already, or yet to come) that matches. */
function payloadOf(event: string, matches: (payload: any) => boolean, timeoutMs = 8000): Promise<any> {
  const find = () => received.find((r) => r.event === event && matches(r.payload))?.payload;
  return new Promise((resolve, reject) => {
    const check = () => {
      const found = find();
      if (found === undefined) return;
      finish();
      resolve(found);
    };
    const timer = setTimeout(() => {
      finish();
      reject(new Error(`no ${event} event matched in ${timeoutMs} ms`));
    }, timeoutMs);
    const finish = () => {
      clearTimeout(timer);
      arrivals.delete(check);
    };
    arrivals.add(check);
    check();
  });
}

function text(chat: string, daysAgo: number, body: string, extra: Record<string, unknown> = {}): WAMessage {
  return waMessage({
    key: { remoteJid: chat, id: messageId(), fromMe: false, ...extra },
    messageTimestamp: Math.floor((Date.now() - daysAgo * DAY) / 1000),
    message: { conversation: body },
  });
}

/** A WhatsApp connection importing the last ten days, connected on the fake socket (the newest one), preparing. */
async function importingConnection(body: Record<string, unknown>): Promise<number> {
  const created = await api(server, 'POST', '/whatsapp', {
    token: company.admin.token,
    body: { name: `Zap ${Date.now()}`, channel: 'whatsapp', importOldMessages: new Date(Date.now() - 10 * DAY).toISOString(), ...body },
  });
  expect(created.status).toBe(201);
  const id = created.body.id as number;
  await payloadOf('whatsappSession', (p) => p.session.id === id && p.session.status === 'CONNECTED');
  // Preparing: reported when the connection opens, before any chunk.
  await payloadOf('importMessages', (p) => p.whatsappId === id && p.status?.this === -1);
  return id;
}

const importEvents = (id: number) =>
  received.filter((r) => r.event === 'importMessages' && r.payload.whatsappId === id).map((r) => r.payload);
const importEnded = (id: number) => payloadOf('importMessages', (p) => p.whatsappId === id && p.action === 'refresh');

describe('WhatsApp history import through core', () => {
  it('stores the history once on imported tickets, reports progress, and the imported tickets close on request', async () => {
    const knex = server.ports.database.knex;
    const id = await importingConnection({});
    const preparing = await knex('connections').where('id', id).first('status_import_messages');
    expect(Number(preparing.status_import_messages)).toBeGreaterThan(Date.now() - 60_000);

    // A live conversation already open with Carol.
    const live = messageId();
    whatsapp.upsert(waMessage({ key: { remoteJid: jid(CAROL), id: live, fromMe: false }, message: { conversation: 'live question' } }));
    const carolTicket = (await payloadOf('appMessage', (p) => p.message?.externalId === live)).message.ticketId;

    const aliceOld = text(jid(ALICE), 5, 'alice first');
    const aliceNew = text(jid(ALICE), 3, 'alice second');
    const bob = text(jid(BOB), 2, 'we wrote to bob', { fromMe: true });
    const carolOld = text(jid(CAROL), 4, 'carol long ago');
    const outside = text(jid(ALICE), 30, 'before the window');
    const group = text(GROUP, 2, 'group chatter', { participant: jid(BOB) });
    const chunk = [bob, aliceNew, carolOld, aliceOld, outside, group];
    whatsapp.history(chunk);
    // The same history delivered again, then the last FULL chunk.
    whatsapp.history(chunk);
    whatsapp.history([], { syncType: proto.HistorySync.HistorySyncType.FULL, progress: 100 });
    await importEnded(id);

    const imported = [aliceOld, aliceNew, bob, carolOld].map((m) => m.key.id!);
    const stored = await knex('messages')
      .where({ whatsapp_id: id })
      .whereIn('external_id', imported)
      .select('external_id', 'read', 'ticket_id');
    expect(stored.map((m: any) => m.external_id).sort()).toEqual([...imported].sort());
    expect(stored.every((m: any) => m.read)).toBe(true);
    expect(await knex('messages').where({ whatsapp_id: id }).whereIn('external_id', [outside.key.id!, group.key.id!])).toEqual([]);

    const tickets = await knex('tickets as t')
      .join('contacts as c', 'c.id', 't.contact_id')
      .where('t.whatsapp_id', id)
      .select('c.number', 't.id', 't.status', 't.imported_at', 't.unread_messages', 't.last_message');
    const byNumber = Object.fromEntries(tickets.map((t: any) => [t.number, t]));
    expect(tickets).toHaveLength(3);
    expect(byNumber[ALICE]).toMatchObject({ status: 'pending', unread_messages: 0, last_message: 'alice second' });
    expect(byNumber[ALICE].imported_at).not.toBeNull();
    expect(byNumber[BOB]).toMatchObject({ status: 'pending', unread_messages: 0, last_message: 'we wrote to bob' });
    expect(byNumber[BOB].imported_at).not.toBeNull();
    // Carol's old message joined her live ticket, which stays live and keeps its newer last message.
    expect(byNumber[CAROL]).toMatchObject({ id: carolTicket, imported_at: null, unread_messages: 1, last_message: 'live question' });

    // Preparing first, then processed of total; the repeated chunk counts again but stores nothing twice.
    const updates = importEvents(id).filter((e) => e.action === 'update');
    expect(updates[0].status).toMatchObject({ this: -1, all: 0 });
    expect(updates.at(-1).status).toMatchObject({ this: 8, all: 8 });
    expect(updates.every((e) => typeof e.status.date === 'string')).toBe(true);
    // History is no live message: no client was told of one.
    const announced = received.filter((r) => r.event === 'appMessage').map((r) => r.payload.message?.externalId);
    expect(announced).toContain(live);
    expect(announced.filter((externalId) => imported.includes(externalId))).toEqual([]);

    const ended = await knex('connections').where('id', id).first('status_import_messages');
    expect(ended.status_import_messages).toBe(IMPORT_ENDED);
    const closed = await api(server, 'POST', `/closedimported/${id}`, { token: company.admin.token });
    expect(closed.body).toEqual({ count: 2 });
    const after = await knex('tickets').where('whatsapp_id', id).orderBy('id').select('id', 'status');
    expect(after.find((t: any) => t.id === carolTicket).status).toBe('pending');
    expect(after.filter((t: any) => t.status === 'closed')).toHaveLength(2);
    // Settled: the close button is gone.
    expect((await knex('connections').where('id', id).first('status_import_messages')).status_import_messages).toBeNull();
  });

  it('with closedTicketsPostImported, imports onto closed tickets, groups too when asked, and offers no close button', async () => {
    const knex = server.ports.database.knex;
    const id = await importingConnection({ closedTicketsPostImported: true, importOldMessagesGroups: true, allowGroup: true });
    whatsapp.socket.groups.set(GROUP, 'Support team');
    whatsapp.history([text(jid(ALICE), 2, 'second'), text(GROUP, 3, 'group chatter', { participant: jid(BOB) })]);
    whatsapp.history([text(jid(ALICE), 4, 'first')], { syncType: proto.HistorySync.HistorySyncType.FULL, progress: 100 });
    await importEnded(id);

    const tickets = await knex('tickets as t')
      .join('contacts as c', 'c.id', 't.contact_id')
      .where('t.whatsapp_id', id)
      .select('c.number', 't.id', 't.status', 't.imported_at', 't.closed_at', 't.last_message');
    expect(tickets.map((t: any) => t.number).sort()).toEqual([ALICE, GROUP].sort());
    for (const ticket of tickets)
      expect(ticket).toMatchObject({ status: 'closed', imported_at: expect.any(Date), closed_at: expect.any(Date) });
    const alice = tickets.find((t: any) => t.number === ALICE);
    // Both of Alice's messages, from two chunks, on her one imported ticket; the newest is its last message.
    const [{ n }] = await knex('messages').where({ whatsapp_id: id, ticket_id: alice.id }).count('* as n');
    expect(Number(n)).toBe(2);
    expect(alice.last_message).toBe('second');
    expect((await knex('connections').where('id', id).first('status_import_messages')).status_import_messages).toBeNull();
  });
});
