import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { probeHealth, type PortHealth } from '../port.js';
import type { AcquireOptions, LockHandle, SessionLock } from './session-lock.js';

export interface RedisSessionLockOptions {
  redisUrl: string;
  /** Prepended to every key; tests use a unique one per run. Default 'sb:lock:'. */
  prefix?: string;
}

// Both scripts act only while the key still holds our token, so a lock that expired and was taken by
// another node is never extended or deleted by its former owner.
const renewScript = `if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('pexpire', KEYS[1], ARGV[2]) else return 0 end`;
const releaseScript = `if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('del', KEYS[1]) else return 0 end`;

class RedisLockHandle implements LockHandle {
  private timer?: NodeJS.Timeout;
  private renewedAt = Date.now();
  private ended = false;

  constructor(
    readonly key: string,
    private readonly redisKey: string,
    private readonly token: string,
    private readonly ttlMs: number,
    private readonly redis: Redis,
    private readonly onLost: (() => void) | undefined,
    private readonly onEnd: (handle: RedisLockHandle) => void,
  ) {
    this.scheduleRenewal();
  }

  async release(): Promise<void> {
    if (this.ended) return;
    this.stop();
    try {
      await this.redis.eval(releaseScript, 1, this.redisKey, this.token);
    } catch {
      // Redis is unreachable: the key expires after its TTL anyway, which is what release would have hastened.
    }
  }

  /** Stops renewing without deleting the key, as a node that dies would; the TTL then frees it. */
  stop(): void {
    this.ended = true;
    clearTimeout(this.timer);
    this.onEnd(this);
  }

  private scheduleRenewal(): void {
    const interval = Math.max(1, Math.floor(this.ttlMs / 3));
    this.timer = setTimeout(() => void this.renew(interval), interval);
  }

  private async renew(interval: number): Promise<void> {
    let owned: boolean;
    try {
      owned = (await this.redis.eval(renewScript, 1, this.redisKey, this.token, this.ttlMs)) === 1;
      if (owned) this.renewedAt = Date.now();
    } catch {
      // One failed renewal is survivable; the lock is lost once it could expire before the next attempt.
      owned = Date.now() + interval < this.renewedAt + this.ttlMs;
    }
    if (this.ended) return;
    if (owned) {
      this.scheduleRenewal();
    } else {
      this.stop();
      this.onLost?.();
    }
  }
}

/** Scaled mode: SET NX PX with a per-holder token, renewed at a third of the TTL while the holder lives. */
export class RedisSessionLock implements SessionLock {
  readonly implementation = 'redis';
  private readonly redis: Redis;
  private readonly prefix: string;
  private readonly handles = new Set<RedisLockHandle>();

  constructor(options: RedisSessionLockOptions) {
    this.prefix = options.prefix ?? 'sb:lock:';
    // Fail a command fast when Redis is away instead of queueing it through many reconnects.
    this.redis = new Redis(options.redisUrl, { maxRetriesPerRequest: 1 });
    this.redis.on('error', () => {
      // ioredis reconnects by itself; failed commands surface through acquire, renewal and health.
    });
  }

  async acquire(key: string, options: AcquireOptions = {}): Promise<LockHandle | null> {
    const ttlMs = Math.max(3, Math.round(options.ttlMs ?? 30000));
    const redisKey = this.prefix + key;
    const token = randomUUID();
    const result = await this.redis.set(redisKey, token, 'PX', ttlMs, 'NX');
    if (result !== 'OK') return null;
    const handle = new RedisLockHandle(key, redisKey, token, ttlMs, this.redis, options.onLost, (ended) => this.handles.delete(ended));
    this.handles.add(handle);
    return handle;
  }

  health(): Promise<PortHealth> {
    return probeHealth(this.implementation, () => this.redis.ping());
  }

  /**
   * Stops renewing every lock still held, without deleting them: owners release their locks on a graceful
   * shutdown; what is left behaves as a dead node's locks and expires after its TTL.
   */
  async close(): Promise<void> {
    for (const handle of [...this.handles]) handle.stop();
    if (this.redis.status === 'end') return;
    await this.redis.quit().catch(() => this.redis.disconnect());
  }
}
