import { randomUUID } from 'node:crypto';
import { closeRedisClient, openRedisClient, RedisOutageLog, type RedisClient } from '../redis/redis-client.js';
import { probeHealth, type PortHealth } from '../port.js';
import type { AcquireOptions, LockHandle, SessionLock } from './session-lock.js';

export interface RedisSessionLockOptions {
  redisUrl: string;
  /** Prepended to every key; tests use a unique one per run. Default 'sb:lock:'. */
  prefix?: string;
  /** Shared by the node's Redis clients, so an outage is logged once. */
  outageLog?: RedisOutageLog;
}

// Both scripts act only while the key still holds our token, so a lock that expired and was taken by
// another node is never extended or deleted by its former owner. A key that is gone (Redis came back empty) is
// taken back by its holder; if another node took it first, that node finds the session's owner alive in the
// database and gives it up (SessionOwners), and the holder stops its session on its next renewal.
const renewScript = `local held = redis.call('get', KEYS[1])
if held == ARGV[1] then return redis.call('pexpire', KEYS[1], ARGV[2]) end
if held == false then redis.call('set', KEYS[1], ARGV[1], 'PX', ARGV[2]) return 1 end
return 0`;
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
    private readonly redis: RedisClient,
    private readonly onLost: (() => void) | undefined,
    private readonly onEnd: (handle: RedisLockHandle) => void,
  ) {
    this.scheduleRenewal();
  }

  async release(): Promise<void> {
    if (this.ended) return;
    this.stop();
    try {
      await this.redis.eval(releaseScript, { keys: [this.redisKey], arguments: [this.token] });
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
      owned = (await this.redis.eval(renewScript, { keys: [this.redisKey], arguments: [this.token, String(this.ttlMs)] })) === 1;
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
  private readonly redis: RedisClient;
  private readonly outageLog: RedisOutageLog;
  private readonly prefix: string;
  private readonly handles = new Set<RedisLockHandle>();

  constructor(options: RedisSessionLockOptions) {
    this.prefix = options.prefix ?? 'sb:lock:';
    // Reconnects by itself; a command fails after a timeout while Redis is away, through acquire, renewal and health.
    this.outageLog = options.outageLog ?? new RedisOutageLog();
    this.redis = openRedisClient(options.redisUrl, this.outageLog);
  }

  async acquire(key: string, options: AcquireOptions = {}): Promise<LockHandle | null> {
    const ttlMs = Math.max(3, Math.round(options.ttlMs ?? 30000));
    const redisKey = this.prefix + key;
    const token = randomUUID();
    const result = await this.redis.set(redisKey, token, { expiration: { type: 'PX', value: ttlMs }, condition: 'NX' });
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
    await closeRedisClient(this.redis, this.outageLog);
  }
}
