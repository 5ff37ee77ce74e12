import { afterEach, describe, expect, it } from '@jest/globals';
import { eventually } from '../../../testing/eventually.js';
import { redisUrlForTests } from '../../../testing/services.js';
import { testRedisPrefix } from '../../../testing/scaled-nodes.js';
import { defineCompanyCacheContract } from '../company-cache.contract.js';
import { MemoryCompanyCache } from '../memory-company-cache.js';
import { RedisCompanyCache } from '../redis-company-cache.js';

/** Unique per call, so parallel runs never hear each other's invalidations. */

defineCompanyCacheContract('memory', (options) => new MemoryCompanyCache(options));

const redisUrl = redisUrlForTests();
(redisUrl ? describe : describe.skip)('Redis company cache', () => {
  defineCompanyCacheContract('redis', (options) => new RedisCompanyCache({ redisUrl: redisUrl!, prefix: testRedisPrefix(), ...options }));

  const nodes: RedisCompanyCache[] = [];
  afterEach(async () => {
    await Promise.all(nodes.splice(0).map((node) => node.close()));
  });

  it("drops the company's entries on another node when one node invalidates, and only that company's", async () => {
    const prefix = testRedisPrefix();
    const a = new RedisCompanyCache({ redisUrl: redisUrl!, prefix });
    const b = new RedisCompanyCache({ redisUrl: redisUrl!, prefix });
    nodes.push(a, b);
    // Both subscribed: a health probe answers once the node's connection and subscription are up.
    await Promise.all([a.health(), b.health()]);
    let version = 1;
    const load = async () => version;
    expect(await b.get(7, 'settings', load)).toBe(1);
    expect(await b.get(8, 'settings', load)).toBe(1);
    version = 2;
    await a.invalidate(7);
    await eventually(async () => ((await b.get(7, 'settings', load)) === 2 ? true : undefined), "B sees A's invalidation", 2_000);
    expect(await b.get(8, 'settings', load)).toBe(1);
  });
});
