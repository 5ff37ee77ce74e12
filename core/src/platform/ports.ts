import type { SwitchboardConfig } from '@switchboard/config';
import { Redis } from 'ioredis';
import { createPgliteDatabase, createPostgresDatabase } from './database/knex-database.js';
import type { Database } from './database/database.js';
import { BeeJobQueue } from './jobs/bee-job-queue.js';
import { InProcessJobQueue } from './jobs/in-process-job-queue.js';
import type { JobQueue } from './jobs/job-queue.js';
import { MemorySessionLock } from './locks/memory-session-lock.js';
import { RedisSessionLock } from './locks/redis-session-lock.js';
import type { SessionLock } from './locks/session-lock.js';
import { DiskMediaStorage } from './media/disk-media-storage.js';
import type { MediaStorage } from './media/media-storage.js';
import type { RealtimeBus } from './realtime/realtime-bus.js';
import { SocketRealtimeBus } from './realtime/socket-realtime-bus.js';

export interface Ports {
  database: Database;
  jobQueue: JobQueue;
  realtime: RealtimeBus;
  sessionLock: SessionLock;
  media: MediaStorage;
  /** Shared client for rate limits; undefined when embedded. */
  redis?: Redis;
}

/** The one place that picks each port's implementation from the configuration. */
export async function createPorts(config: SwitchboardConfig, options: { redisPrefix: string; database?: Database }): Promise<Ports> {
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
    };
  }
  return {
    database,
    jobQueue: new BeeJobQueue({ redisUrl, prefix: `${options.redisPrefix}bq` }),
    realtime: new SocketRealtimeBus({ redisUrl, redisKey: `${options.redisPrefix}socket.io` }),
    sessionLock: new RedisSessionLock({ redisUrl, prefix: `${options.redisPrefix}lock:` }),
    media: new DiskMediaStorage({ root: config.storage.mediaDir }),
    redis: new Redis(redisUrl, { maxRetriesPerRequest: 2, lazyConnect: false }),
  };
}
