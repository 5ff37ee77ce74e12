import type { Port } from '../port.js';

export interface LockHandle {
  readonly key: string;
  /** Gives the lock up; safe to call twice. */
  release(): Promise<void>;
}

export interface AcquireOptions {
  /** How long the lock lives without renewal; the holder renews it at a third of this. Default 30000. */
  ttlMs?: number;
  /** Called when renewal fails and the lock may now belong to someone else. */
  onLost?: () => void;
}

export const SessionLock = Symbol('SessionLock');
/** Makes one node the owner of a live channel session; a dead owner's lock expires so another node takes over. */
export interface SessionLock extends Port {
  /** The handle when this caller now holds the lock, null when someone else holds it. */
  acquire(key: string, options?: AcquireOptions): Promise<LockHandle | null>;
}
