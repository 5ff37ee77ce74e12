import { createServer as createHttpServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import { io as connectSocket } from 'socket.io-client';
import { eventually } from '../../../testing/eventually.js';
import { TcpRelay as Relay } from '../../../testing/tcp-relay.js';
import { redisUrlForTests } from '../../../testing/services.js';
import { RedisSessionLock } from '../../locks/redis-session-lock.js';
import { SocketRealtimeBus } from '../../realtime/socket-realtime-bus.js';
import { closeRedisClient, openRedisClient, RedisOutageLog, type OutageLogger } from '../redis-client.js';

/** Records what the outage log writes. */
function recordingLogger(): OutageLogger & { lines: string[] } {
  const lines: string[] = [];
  return { lines, warn: (_details, message) => lines.push(`warn ${message}`), info: (_details, message) => lines.push(`info ${message}`) };
}

const redisUrl = redisUrlForTests();
(redisUrl ? describe : describe.skip)('a Redis outage', () => {
  let relay: Relay;
  const unhandled: unknown[] = [];
  const onUnhandled = (reason: unknown) => unhandled.push(reason);

  beforeEach(async () => {
    relay = new Relay(new URL(redisUrl!));
    await relay.up();
    unhandled.length = 0;
    process.on('unhandledRejection', onUnhandled);
  });
  afterEach(async () => {
    process.off('unhandledRejection', onUnhandled);
    await relay.down();
  });

  it('is logged once when Redis goes and once when it is back, and the client reconnects by itself', async () => {
    const logger = recordingLogger();
    const log = new RedisOutageLog(logger);
    const first = openRedisClient(relay.url, log);
    const second = openRedisClient(relay.url, log);
    try {
      expect(await first.ping()).toBe('PONG');
      expect(await second.ping()).toBe('PONG');

      await relay.down();
      // A command meanwhile fails after its timeout instead of waiting for Redis forever.
      await expect(first.ping()).rejects.toThrow();
      // Both clients keep retrying (an 'error' event each time), yet the outage is one line.
      expect(logger.lines).toEqual(['warn Redis is unreachable; reconnecting']);

      await relay.up();
      await eventually(async () => (logger.lines.length === 2 ? true : undefined), 'the recovery logged');
      expect(logger.lines).toEqual(['warn Redis is unreachable; reconnecting', 'info Redis is reachable again']);
      expect(await first.ping()).toBe('PONG');
      expect(await second.ping()).toBe('PONG');
    } finally {
      await Promise.all([closeRedisClient(first, log), closeRedisClient(second, log)]);
    }
  });

  it("tells this node's sockets to read again once the link to the other nodes is back (events may have been lost)", async () => {
    const log = new RedisOutageLog(recordingLogger());
    const bus = new SocketRealtimeBus({ redisUrl: relay.url, redisKey: `sbtest:${process.pid}:${Date.now()}:resync`, outageLog: log });
    const http = createHttpServer();
    bus.attach(http);
    await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
    const client = connectSocket(`http://127.0.0.1:${(http.address() as AddressInfo).port}`, { transports: ['websocket'] });
    const resyncs: unknown[] = [];
    client.on('resync', (payload: unknown) => resyncs.push(payload));
    try {
      await new Promise<void>((resolve) => client.once('connect', () => resolve()));
      await eventually(async () => ((await bus.health()).status === 'ok' ? true : undefined), 'the adapter connected');
      await relay.down();
      await eventually(async () => ((await bus.health()).status === 'error' ? true : undefined), 'the adapter down');
      await relay.up();
      await eventually(() => resyncs.length > 0 || undefined, 'the resync after the outage');
      // One for both adapter clients' reconnects, and none for their first connection.
      expect(resyncs).toEqual([{ reason: 'events-lost' }]);
    } finally {
      client.close();
      await bus.close();
    }
  });

  it('leaves session locks and socket.io events failing softly meanwhile, and working again after it', async () => {
    const log = new RedisOutageLog(recordingLogger());
    const lock = new RedisSessionLock({ redisUrl: relay.url, prefix: `sbtest:${process.pid}:${Date.now()}:`, outageLog: log });
    const bus = new SocketRealtimeBus({ redisUrl: relay.url, redisKey: `sbtest:${process.pid}:${Date.now()}`, outageLog: log });
    const http = createHttpServer();
    const io = bus.attach(http);
    try {
      await eventually(async () => ((await bus.health()).status === 'ok' ? true : undefined), 'the adapter connected');

      await relay.down();
      // The adapter publishes without awaiting; a failed publish must not surface as an unhandled rejection.
      io.to('room-during-outage').emit('notice', { text: 'lost with the outage' });
      await expect(lock.acquire('whatsapp:outage', { ttlMs: 1000 })).rejects.toThrow();
      expect(await bus.health()).toMatchObject({ status: 'error' });

      await relay.up();
      const held = await eventually(
        async () => (await lock.acquire('whatsapp:outage', { ttlMs: 1000 }).catch(() => null)) ?? undefined,
        'a lock after the outage',
      );
      await held.release();
      await eventually(async () => ((await bus.health()).status === 'ok' ? true : undefined), 'the adapter reconnected');
      expect(unhandled).toEqual([]);
    } finally {
      await lock.close();
      await bus.close();
    }
  });
});
