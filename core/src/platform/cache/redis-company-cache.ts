import { createClient } from 'redis';
import { probeHealth, type PortHealth } from '../port.js';
import { DEFAULT_MAX_AGE_MS, LocalEntries, type CompanyCache } from './company-cache.js';

export interface RedisCompanyCacheOptions {
  redisUrl: string;
  /** Names the invalidation channel; installations sharing a Redis use different ones. Default 'sb:'. */
  prefix?: string;
  maxAgeMs?: number;
}

/**
 * Every node keeps its own entries and hears the others' invalidations on one Redis pub/sub channel. A node that
 * loses its subscription may miss some, so it drops everything whenever the subscription is (re)established.
 */
export class RedisCompanyCache implements CompanyCache {
  readonly implementation = 'redis';
  private readonly entries: LocalEntries;
  private readonly channel: string;
  private readonly publisher: ReturnType<typeof createClient>;
  private readonly subscriber: ReturnType<typeof createClient>;
  private ready?: Promise<void>;

  constructor(options: RedisCompanyCacheOptions) {
    this.entries = new LocalEntries(options.maxAgeMs ?? DEFAULT_MAX_AGE_MS);
    this.channel = `${options.prefix ?? 'sb:'}cache:invalidate`;
    this.publisher = createClient({ url: options.redisUrl });
    this.subscriber = this.publisher.duplicate();
    // node-redis reconnects by itself; the errors are reported by health, not thrown at callers.
    this.publisher.on('error', () => {});
    this.subscriber.on('error', () => {});
    this.subscriber.on('ready', () => this.entries.clear());
  }

  /** Connects both clients and subscribes, once; entries kept before the subscription are dropped when it starts. */
  private connect(): Promise<void> {
    this.ready ??= (async () => {
      await Promise.all([this.publisher.connect(), this.subscriber.connect()]);
      await this.subscriber.subscribe(this.channel, (message) => {
        const companyId = Number(message);
        if (Number.isInteger(companyId)) this.entries.forget(companyId);
      });
      this.entries.clear();
    })();
    this.ready.catch(() => (this.ready = undefined));
    return this.ready;
  }

  get<T>(companyId: number, key: string, load: () => Promise<T>): Promise<T> {
    // Not awaited: reads never wait for Redis, and whatever was cached before the subscription is dropped by it.
    this.connect().catch(() => {});
    return this.entries.get(companyId, key, load);
  }

  async invalidate(companyId: number): Promise<void> {
    this.entries.forget(companyId);
    await this.connect();
    await this.publisher.publish(this.channel, String(companyId));
  }

  health(): Promise<PortHealth> {
    return probeHealth(this.implementation, async () => {
      await this.connect();
      await this.publisher.ping();
    });
  }

  async close(): Promise<void> {
    this.entries.clear();
    if (!this.ready) return;
    await this.ready.catch(() => {});
    await Promise.allSettled([this.subscriber.quit(), this.publisher.quit()]);
  }
}
