import { probeHealth, type PortHealth } from '../port.js';
import type { AcquireOptions, LockHandle, SessionLock } from './session-lock.js';

/**
 * Embedded mode: one process owns every session. The holder lives exactly as long as this process, so the lock
 * never needs renewal and never expires: it is held until released (ttlMs and onLost have nothing to do here).
 */
export class MemorySessionLock implements SessionLock {
  readonly implementation = 'memory';
  private readonly held = new Map<string, symbol>();

  async acquire(key: string, _options?: AcquireOptions): Promise<LockHandle | null> {
    if (this.held.has(key)) return null;
    const token = Symbol(key);
    this.held.set(key, token);
    const held = this.held;
    return {
      key,
      async release() {
        // Only the holder's own token frees the key, so a second release cannot free a later holder's lock.
        if (held.get(key) === token) held.delete(key);
      },
    };
  }

  health(): Promise<PortHealth> {
    return probeHealth(this.implementation, async () => {});
  }

  async close(): Promise<void> {
    this.held.clear();
  }
}
