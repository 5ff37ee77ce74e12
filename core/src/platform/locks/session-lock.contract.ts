import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import type { SessionLock } from './session-lock.js';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The behaviour every SessionLock implementation shares (DESIGN §8.7). */
export function defineSessionLockContract(name: string, factory: () => Promise<SessionLock> | SessionLock): void {
  describe(`SessionLock contract: ${name}`, () => {
    let lock: SessionLock;

    beforeEach(async () => {
      lock = await factory();
    });

    afterEach(async () => {
      await lock.close();
    });

    it('gives a held key to nobody else', async () => {
      const first = await lock.acquire('whatsapp:3');
      expect(first?.key).toBe('whatsapp:3');
      expect(await lock.acquire('whatsapp:3')).toBeNull();
      await first!.release();
    });

    it('gives a released key to the next caller, and a second release changes nothing', async () => {
      const first = await lock.acquire('whatsapp:3');
      await first!.release();
      const second = await lock.acquire('whatsapp:3');
      expect(second).not.toBeNull();
      await first!.release();
      expect(await lock.acquire('whatsapp:3')).toBeNull();
      await second!.release();
    });

    it('keeps different keys independent', async () => {
      const first = await lock.acquire('whatsapp:3');
      const second = await lock.acquire('whatsapp:4');
      expect(first).not.toBeNull();
      expect(second).not.toBeNull();
      await first!.release();
      await second!.release();
    });

    it('keeps a lock past several TTL periods while its holder lives', async () => {
      let lost = false;
      const held = await lock.acquire('telegram:9', { ttlMs: 300, onLost: () => (lost = true) });
      expect(held).not.toBeNull();
      // What is tested is time passing: the lock outlives three TTLs because it is renewed.
      await sleep(1000);
      expect(await lock.acquire('telegram:9')).toBeNull();
      expect(lost).toBe(false);
      await held!.release();
      expect(await lock.acquire('telegram:9', { ttlMs: 300 })).not.toBeNull();
    });

    it('reports its health', async () => {
      const health = await lock.health();
      expect(health).toEqual({ status: 'ok', implementation: lock.implementation });
    });
  });
}
