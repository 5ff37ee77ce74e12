import { probeHealth, type PortHealth } from '../port.js';
import { closeRedisClient, openRedisClient, RedisOutageLog, type RedisClient } from '../redis/redis-client.js';
import { DEFAULT_MAX_AGE_MS, LocalEntries, type CompanyCache } from './company-cache.js';

export interface RedisCompanyCacheOptions {
  redisUrl: string;
  /** Names the invalidation channel; installations sharing a Redis use different ones. Default 'sb:'. */
  prefix?: string;
  maxAgeMs?: number;
  outageLog?: RedisOutageLog;
}

/**
 * Every node keeps its own entries and hears the others' invalidations on one Redis pub/sub channel. A node that
 * loses its subscription may miss some, so it drops everything whenever the subscription is (re)established.
 */
export class RedisCompanyCache implements CompanyCache {
  readonly implementation = 'redis';
  private readonly entries: LocalEntries;
  private readonly channel: string;
  private readonly outageLog: RedisOutageLog;
  private readonly publisher: RedisClient;
  private readonly subscriber: RedisClient;
  private subscribed?: Promise<void>;

  constructor(options: RedisCompanyCacheOptions) {
    this.entries = new LocalEntries(options.maxAgeMs ?? DEFAULT_MAX_AGE_MS);
    this.channel = `${options.prefix ?? 'sb:'}cache:invalidate`;
    this.outageLog = options.outageLog ?? new RedisOutageLog();
    this.publisher = openRedisClient(options.redisUrl, this.outageLog);
    this.subscriber = openRedisClient(options.redisUrl, this.outageLog);
    // node-redis subscribes again after a reconnect; what was published meanwhile is lost, so forget everything.
    this.subscriber.on('ready', () => this.entries.clear());
  }

  /** Subscribes once (again after a failure); entries kept before the subscription are dropped when it starts. */
  private subscribe(): Promise<void> {
    this.subscribed ??= this.subscriber
      .subscribe(this.channel, (message) => {
        const companyId = Number(message);
        if (Number.isInteger(companyId)) this.entries.forget(companyId);
      })
      .then(() => this.entries.clear());
    this.subscribed.catch(() => (this.subscribed = undefined));
    return this.subscribed;
  }

  get<T>(companyId: number, key: string, load: () => Promise<T>): Promise<T> {
    // Not awaited: reads never wait for Redis.
    this.subscribe().catch(() => {});
    return this.entries.get(companyId, key, load);
  }

  async invalidate(companyId: number): Promise<void> {
    this.entries.forget(companyId);
    await this.publisher.publish(this.channel, String(companyId));
  }

  health(): Promise<PortHealth> {
    return probeHealth(this.implementation, async () => {
      await this.subscribe();
      await this.publisher.ping();
    });
  }

  async close(): Promise<void> {
    this.entries.clear();
    await Promise.all([closeRedisClient(this.subscriber, this.outageLog), closeRedisClient(this.publisher, this.outageLog)]);
  }
}
