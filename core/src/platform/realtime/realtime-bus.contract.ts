import { createServer, type Server as HttpServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import { io as connectClient, type Socket as ClientSocket } from 'socket.io-client';
import { caughtUp } from '../../testing/caught-up.js';
import { rooms, type RealtimeBus } from './realtime-bus.js';

/** An HTTP server on a free port with the bus attached; test clients join the room named in their query. */
export async function listenWithBus(bus: RealtimeBus): Promise<{ server: HttpServer; url: string }> {
  const server = createServer();
  bus.attach(server);
  bus.io.on('connection', (socket) => {
    const room = socket.handshake.query.room;
    if (typeof room === 'string') void socket.join(room);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}

/** A client connected and already in its room (the server joins it during the connection handler). */
export async function connectToRoom(url: string, room: string): Promise<ClientSocket> {
  const client = connectClient(url, { path: '/socket.io', transports: ['websocket'], query: { room }, forceNew: true });
  await new Promise<void>((resolve, reject) => {
    client.once('connect', resolve);
    client.once('connect_error', reject);
  });
  return client;
}

/** The payloads of an event as the client receives them; read it once `caughtUp` says all sent so far arrived. */
function recording(client: ClientSocket, event: string): unknown[] {
  const received: unknown[] = [];
  client.on(event, (payload) => received.push(payload));
  return received;
}

/** A 'contact' update event for a contact with this number. */
function contactUpdate(id: number, number: string) {
  const contact = {
    id,
    name: 'Ana',
    number,
    email: null,
    active: true,
    channel: 'whatsapp',
    isGroup: false,
    disableBot: false,
    acceptAudioMessage: true,
  };
  return { action: 'update' as const, contact };
}

/** The behaviour every RealtimeBus implementation shares (DESIGN §8.7). */
export function defineRealtimeBusContract(name: string, factory: () => Promise<RealtimeBus> | RealtimeBus): void {
  describe(`RealtimeBus contract: ${name}`, () => {
    let bus: RealtimeBus;
    let url: string;
    const clients: ClientSocket[] = [];

    beforeEach(async () => {
      bus = await factory();
      ({ url } = await listenWithBus(bus));
    });

    afterEach(async () => {
      for (const client of clients.splice(0)) client.disconnect();
      await bus.close();
    });

    it('delivers an event to a client in the room', async () => {
      const client = await connectToRoom(url, rooms.ticket(42));
      clients.push(client);
      const received = new Promise((resolve) => client.once('presence', resolve));
      bus.emit(rooms.ticket(42), 'presence', { ticketId: 42, presence: 'composing' });
      await expect(received).resolves.toEqual({ ticketId: 42, presence: 'composing' });
    });

    it('delivers to any of several rooms', async () => {
      const client = await connectToRoom(url, rooms.user(7));
      clients.push(client);
      const received = new Promise((resolve) => client.once('contact', resolve));
      bus.emit([rooms.company(1), rooms.user(7)], 'contact', { action: 'reload' });
      await expect(received).resolves.toEqual({ action: 'reload' });
    });

    it('does not deliver an event for another room', async () => {
      const client = await connectToRoom(url, rooms.company(1));
      clients.push(client);
      const received = recording(client, 'presence');
      bus.emit(rooms.company(2), 'presence', { ticketId: 1, presence: 'composing' });
      await caughtUp(bus, client);
      expect(received).toEqual([]);
    });

    it('gives the sockets of a masked room variant the masked view, and every other event as it is', async () => {
      const plain = await connectToRoom(url, rooms.queue(3));
      const masked = await connectToRoom(url, rooms.masked(rooms.queue(3)));
      clients.push(plain, masked);
      const plainGot = recording(plain, 'contact');
      const maskedGot = recording(masked, 'contact');
      bus.emitViews(rooms.queue(3), 'contact', contactUpdate(1, '5511987654321'), contactUpdate(1, '5511*****4321'));
      // The masked view may come as the function that makes it.
      bus.emitViews(rooms.queue(3), 'contact', contactUpdate(3, '5511987654321'), () => contactUpdate(3, '5511*****4321'));
      bus.emit(rooms.queue(3), 'contact', { action: 'delete', contactId: 1 });
      // A plain emit masks contact numbers for the masked variant by itself.
      bus.emit(rooms.queue(3), 'contact', contactUpdate(2, '5511987654321'));
      await Promise.all([caughtUp(bus, plain), caughtUp(bus, masked)]);
      expect(plainGot).toEqual([
        contactUpdate(1, '5511987654321'),
        contactUpdate(3, '5511987654321'),
        { action: 'delete', contactId: 1 },
        contactUpdate(2, '5511987654321'),
      ]);
      expect(maskedGot).toEqual([
        contactUpdate(1, '5511*****4321'),
        contactUpdate(3, '5511*****4321'),
        { action: 'delete', contactId: 1 },
        contactUpdate(2, '5511*****4321'),
      ]);
      // `except` leaves out both variants of its rooms.
      const left = recording(masked, 'contact');
      bus.emit(rooms.queue(3), 'contact', { action: 'reload' }, rooms.queue(3));
      await caughtUp(bus, masked);
      expect(left).toEqual([]);
    });

    it('reports its health once attached', async () => {
      const health = await bus.health();
      expect(health).toEqual({ status: 'ok', implementation: bus.implementation });
    });
  });
}
