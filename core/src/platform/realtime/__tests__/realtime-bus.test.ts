import { afterEach, describe, expect, it } from '@jest/globals';
import type { Socket as ClientSocket } from 'socket.io-client';
import { eventually } from '../../../testing/eventually.js';
import { redisUrlForTests } from '../../../testing/services.js';
import { rooms } from '../realtime-bus.js';
import { connectToRoom, defineRealtimeBusContract, listenWithBus } from '../realtime-bus.contract.js';
import { SocketRealtimeBus } from '../socket-realtime-bus.js';

defineRealtimeBusContract('socket.io', () => new SocketRealtimeBus());

const redisUrl = redisUrlForTests();
(redisUrl ? describe : describe.skip)('socket.io with the Redis adapter', () => {
  defineRealtimeBusContract('socket.io+redis', () => new SocketRealtimeBus({ redisUrl }));

  describe('two nodes on two ports', () => {
    const buses: SocketRealtimeBus[] = [];
    const clients: ClientSocket[] = [];

    afterEach(async () => {
      for (const client of clients.splice(0)) client.disconnect();
      await Promise.all(buses.splice(0).map((bus) => bus.close()));
    });

    it('delivers an event emitted on node A to a client of node B', async () => {
      const nodeA = new SocketRealtimeBus({ redisUrl });
      const nodeB = new SocketRealtimeBus({ redisUrl });
      buses.push(nodeA, nodeB);
      const a = await listenWithBus(nodeA);
      const b = await listenWithBus(nodeB);
      expect(a.url).not.toBe(b.url);
      // A room unique to this run: other test runs on the same Redis share the adapter channel.
      const room = rooms.ticket(`${process.pid}-${Date.now()}`);
      const client = await connectToRoom(b.url, room);
      clients.push(client);
      // Node A sees node B's client through Redis once B's subscriber connection is up; only then emit.
      await eventually(async () => (await nodeA.io.in(room).fetchSockets()).length > 0, "node A seeing node B's client");
      const received = new Promise((resolve) => client.once('presence', resolve));
      nodeA.emit(room, 'presence', { ticketId: 1, presence: 'from node A' });
      await expect(received).resolves.toEqual({ ticketId: 1, presence: 'from node A' });
    });
  });
});
