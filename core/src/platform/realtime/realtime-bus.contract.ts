import { createServer, type Server as HttpServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import { io as connectClient, type Socket as ClientSocket } from 'socket.io-client';
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

/** Resolves with the payloads of an event received within the wait. */
export async function receivedWithin(client: ClientSocket, event: string, ms: number): Promise<unknown[]> {
  const received: unknown[] = [];
  client.on(event, (payload) => received.push(payload));
  await new Promise((resolve) => setTimeout(resolve, ms));
  return received;
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
      const received = new Promise((resolve) => client.once('ticket:updated', resolve));
      bus.emit(rooms.ticket(42), 'ticket:updated', { id: 42, status: 'open' });
      await expect(received).resolves.toEqual({ id: 42, status: 'open' });
    });

    it('delivers to any of several rooms', async () => {
      const client = await connectToRoom(url, rooms.user(7));
      clients.push(client);
      const received = new Promise((resolve) => client.once('notice', resolve));
      bus.emit([rooms.company(1), rooms.user(7)], 'notice', 'hello');
      await expect(received).resolves.toBe('hello');
    });

    it('does not deliver an event for another room', async () => {
      const client = await connectToRoom(url, rooms.company(1));
      clients.push(client);
      const received = receivedWithin(client, 'ticket:updated', 300);
      bus.emit(rooms.company(2), 'ticket:updated', { id: 1 });
      await expect(received).resolves.toEqual([]);
    });

    it('gives the sockets of a masked room variant the masked view, and every other event as it is', async () => {
      const plain = await connectToRoom(url, rooms.queue(3));
      const masked = await connectToRoom(url, rooms.masked(rooms.queue(3)));
      clients.push(plain, masked);
      const plainGot = receivedWithin(plain, 'ticket', 300);
      const maskedGot = receivedWithin(masked, 'ticket', 300);
      bus.emitViews(rooms.queue(3), 'ticket', { number: '5511987654321' }, { number: '5511*****4321' });
      bus.emit(rooms.queue(3), 'ticket', { action: 'delete' });
      // A plain emit masks contact numbers for the masked variant by itself.
      bus.emit(rooms.queue(3), 'ticket', { contact: { id: 1, number: '5511987654321' } });
      await expect(plainGot).resolves.toEqual([
        { number: '5511987654321' },
        { action: 'delete' },
        { contact: { id: 1, number: '5511987654321' } },
      ]);
      await expect(maskedGot).resolves.toEqual([
        { number: '5511*****4321' },
        { action: 'delete' },
        { contact: { id: 1, number: '5511*****4321' } },
      ]);
      // `except` leaves out both variants of its rooms.
      const left = receivedWithin(masked, 'notice', 300);
      bus.emit(rooms.queue(3), 'notice', 'x', rooms.queue(3));
      await expect(left).resolves.toEqual([]);
    });

    it('reports its health once attached', async () => {
      const health = await bus.health();
      expect(health).toEqual({ status: 'ok', implementation: bus.implementation });
    });
  });
}
