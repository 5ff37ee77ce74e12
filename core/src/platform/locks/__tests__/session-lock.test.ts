import { afterEach, describe, expect, it } from '@jest/globals';
import { createClient } from 'redis';
import { eventually } from '../../../testing/eventually.js';
import { redisUrlForTests } from '../../../testing/services.js';
import { testRedisPrefix } from '../../../testing/scaled-nodes.js';
import { MemorySessionLock } from '../memory-session-lock.js';
import { RedisSessionLock } from '../redis-session-lock.js';
import { defineSessionLockContract } from '../session-lock.contract.js';

/** Only to let time pass where the test is that nothing happens meanwhile. */
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
/** Unique per call, so parallel runs and earlier tests never share a key. */

defineSessionLockContract('memory', () => new MemorySessionLock());

const redisUrl = redisUrlForTests();
(redisUrl ? describe : describe.skip)('Redis session lock', () => {
  defineSessionLockContract('redis', () => new RedisSessionLock({ redisUrl: redisUrl!, prefix: testRedisPrefix() }));

  describe('two nodes', () => {
    const nodes: RedisSessionLock[] = [];
    afterEach(async () => {
      await Promise.all(nodes.splice(0).map((node) => node.close()));
    });

    it('lets node 2 take over a session once dead node 1 stops renewing and the TTL runs out', async () => {
      const prefix = testRedisPrefix();
      const node1 = new RedisSessionLock({ redisUrl: redisUrl!, prefix });
      const node2 = new RedisSessionLock({ redisUrl: redisUrl!, prefix });
      nodes.push(node1, node2);

      expect(await node1.acquire('whatsapp:3', { ttlMs: 300 })).not.toBeNull();
      // Past node 1's TTL: its renewal, not the first TTL, keeps node 2 out.
      await sleep(500);
      expect(await node2.acquire('whatsapp:3', { ttlMs: 300 })).toBeNull();

      // Node 1 dies: renewal stops, the key stays until its TTL ends.
      await node1.close();
      expect(await node2.acquire('whatsapp:3', { ttlMs: 300 })).toBeNull();
      const taken = await eventually(
        async () => (await node2.acquire('whatsapp:3', { ttlMs: 300 })) ?? undefined,
        'node 2 taking the lock',
      );
      await taken.release();
    });

    it('tells the holder when renewal finds another owner', async () => {
      const prefix = testRedisPrefix();
      const node1 = new RedisSessionLock({ redisUrl: redisUrl!, prefix });
      nodes.push(node1);
      let lost = false;
      const held = await node1.acquire('whatsapp:5', { ttlMs: 300, onLost: () => (lost = true) });
      expect(held).not.toBeNull();
      // Another node holds the key now, as after node 1 stalled past its TTL.
      const other = await createClient({ url: redisUrl! }).connect();
      await other.set(`${prefix}whatsapp:5`, 'token-of-node-2', { expiration: { type: 'PX', value: 5000 } });
      await eventually(async () => lost || undefined, 'the holder told of the lost lock');
      // Releasing a lost lock leaves the new owner's key alone.
      await held!.release();
      expect(await other.get(`${prefix}whatsapp:5`)).toBe('token-of-node-2');
      await other.del(`${prefix}whatsapp:5`);
      await other.close();
    });
  });
});
