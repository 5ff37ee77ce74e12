import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import type { CompanyCache } from './company-cache.js';

/** The behaviour every CompanyCache implementation shares; `name` is its implementation. */
export function defineCompanyCacheContract(name: string, factory: (options: { maxAgeMs?: number }) => CompanyCache): void {
  describe(`CompanyCache contract: ${name}`, () => {
    let caches: CompanyCache[];
    // Ready before use: a Redis node drops whatever it cached before its subscription started.
    const open = async (options: { maxAgeMs?: number } = {}) => {
      const cache = factory(options);
      caches.push(cache);
      await cache.health();
      return cache;
    };

    beforeEach(() => {
      caches = [];
    });

    afterEach(async () => {
      await Promise.all(caches.map((cache) => cache.close()));
    });

    it('loads a key once until the company is invalidated', async () => {
      const cache = await open();
      let loads = 0;
      const load = async () => ++loads;
      expect(await cache.get(1, 'settings', load)).toBe(1);
      expect(await cache.get(1, 'settings', load)).toBe(1);
      await cache.invalidate(1);
      expect(await cache.get(1, 'settings', load)).toBe(2);
    });

    it('shares one load between concurrent readers', async () => {
      const cache = await open();
      let loads = 0;
      const load = async () => ++loads;
      const values = await Promise.all([cache.get(1, 'k', load), cache.get(1, 'k', load), cache.get(1, 'k', load)]);
      expect(values).toEqual([1, 1, 1]);
    });

    it('keeps companies apart: invalidating one leaves the other cached', async () => {
      const cache = await open();
      let loads = 0;
      const load = async () => ++loads;
      await cache.get(1, 'k', load);
      await cache.get(2, 'k', load);
      await cache.invalidate(1);
      expect(await cache.get(2, 'k', load)).toBe(2);
      expect(await cache.get(1, 'k', load)).toBe(3);
    });

    it('does not keep a failed load', async () => {
      const cache = await open();
      await expect(cache.get(1, 'k', () => Promise.reject(new Error('down')))).rejects.toThrow('down');
      expect(await cache.get(1, 'k', async () => 'loaded')).toBe('loaded');
    });

    it('reloads an entry past its maximum age', async () => {
      const cache = await open({ maxAgeMs: 0 });
      let loads = 0;
      const load = async () => ++loads;
      expect(await cache.get(1, 'k', load)).toBe(1);
      expect(await cache.get(1, 'k', load)).toBe(2);
      expect(await cache.health()).toMatchObject({ status: 'ok', implementation: name });
    });
  });
}
