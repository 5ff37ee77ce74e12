import type { SwitchboardConfig } from '@switchboard/config';
import { inject, injectable } from '@switchboard/sdk';
import { createPgliteDatabase, createPostgresDatabase } from './database/knex-database.js';
import { Database } from './database/database.js';
import { BeeJobQueue } from './jobs/bee-job-queue.js';
import { InProcessJobQueue } from './jobs/in-process-job-queue.js';
import { JobQueue } from './jobs/job-queue.js';
import { CompanyCache } from './cache/company-cache.js';
import { MemoryCompanyCache } from './cache/memory-company-cache.js';
import { RedisCompanyCache } from './cache/redis-company-cache.js';
import { MemorySessionLock } from './locks/memory-session-lock.js';
import { RedisSessionLock } from './locks/redis-session-lock.js';
import { SessionLock } from './locks/session-lock.js';
import { DiskMediaStorage } from './media/disk-media-storage.js';
import { MediaStorage } from './media/media-storage.js';
import { openRedisClient, RedisOutageLog, type OutageLogger, type RedisClient } from './redis/redis-client.js';
import { RealtimeBus } from './realtime/realtime-bus.js';
import type { PortHealth } from './port.js';
import { SocketRealtimeBus } from './realtime/socket-realtime-bus.js';

export interface Ports {
  database: Database;
  jobQueue: JobQueue;
  realtime: RealtimeBus;
  sessionLock: SessionLock;
  media: MediaStorage;
  cache: CompanyCache;
  /** Shared client for rate limits; undefined when embedded. */
  redis?: RedisClient;
}

/** The one place that picks each port's implementation from the configuration. */
export async function createPorts(
  config: SwitchboardConfig,
  options: { redisPrefix: string; database?: Database; logger?: OutageLogger },
): Promise<Ports> {
  const database =
    options.database ??
    (config.database.kind === 'postgres'
      ? createPostgresDatabase({ url: config.database.url, poolMax: config.database.poolMax })
      : await createPgliteDatabase({ dir: config.database.dir }));
  const redisUrl = config.redis.url;
  if (!redisUrl) {
    return {
      database,
      jobQueue: new InProcessJobQueue(),
      realtime: new SocketRealtimeBus({}),
      sessionLock: new MemorySessionLock(),
      media: new DiskMediaStorage({ root: config.storage.mediaDir }),
      cache: new MemoryCompanyCache(),
    };
  }
  // One log line per Redis outage for all of this node's clients.
  const outageLog = new RedisOutageLog(options.logger);
  return {
    database,
    jobQueue: new BeeJobQueue({ redisUrl, prefix: `${options.redisPrefix}bq`, outageLog }),
    realtime: new SocketRealtimeBus({ redisUrl, redisKey: `${options.redisPrefix}socket.io`, outageLog }),
    sessionLock: new RedisSessionLock({ redisUrl, prefix: `${options.redisPrefix}lock:`, outageLog }),
    media: new DiskMediaStorage({ root: config.storage.mediaDir }),
    cache: new RedisCompanyCache({ redisUrl, prefix: options.redisPrefix, outageLog }),
    redis: openRedisClient(redisUrl, outageLog),
  };
}

/** What every port reports, by name, for GET /health: the route reads the ports' health, never the ports. */
@injectable()
export class PortsHealth {
  constructor(
    @inject(Database) private readonly database: Database,
    @inject(JobQueue) private readonly jobQueue: JobQueue,
    @inject(RealtimeBus) private readonly realtime: RealtimeBus,
    @inject(SessionLock) private readonly sessionLock: SessionLock,
    @inject(MediaStorage) private readonly media: MediaStorage,
    @inject(CompanyCache) private readonly cache: CompanyCache,
  ) {}

  async report(): Promise<Record<string, PortHealth>> {
    const ports = {
      database: this.database,
      jobQueue: this.jobQueue,
      realtime: this.realtime,
      sessionLock: this.sessionLock,
      mediaStorage: this.media,
      cache: this.cache,
    };
    const reports = await Promise.all(Object.entries(ports).map(async ([name, port]) => [name, await port.health()] as const));
    return Object.fromEntries(reports);
  }
}
