import { MemoryStore, rateLimit, type Options, type Store } from 'express-rate-limit';
import { RedisStore } from 'rate-limit-redis';
import type { RequestHandler } from 'express';
import type { RedisClient } from '../redis/redis-client.js';
import { AppError } from './app-error.js';

export interface RateLimitRule {
  /** Distinguishes the counters of different rules. */
  name: string;
  windowMs: number;
  limit: number;
  /** Count only failed answers (status >= 400), e.g. wrong passwords. */
  failuresOnly?: boolean;
  key?: Options['keyGenerator'];
}

/** Hits of a key within a window, in the rate-limit store (shared by every node when scaled). */
export interface HitCounter {
  /** Counts one hit and answers the hits of the current window, this one included. */
  hit(key: string): Promise<number>;
  reset(key: string): Promise<void>;
}

/** Rate limits counted in Redis when scaled (shared by every node), in memory when embedded. */
export class RateLimits {
  constructor(private readonly options: { redis?: RedisClient; prefix: string }) {}

  create(rule: RateLimitRule): RequestHandler {
    return rateLimit({
      windowMs: rule.windowMs,
      limit: rule.limit,
      standardHeaders: 'draft-7',
      legacyHeaders: false,
      skipFailedRequests: false,
      requestWasSuccessful: (_req, res) => res.statusCode < 400,
      skipSuccessfulRequests: rule.failuresOnly ?? false,
      keyGenerator: rule.key,
      validate: { keyGeneratorIpFallback: false },
      store: this.store(rule.name),
      handler: (_req, _res, next) => next(new AppError('ERR_TOO_MANY_REQUESTS', 429, { message: 'Too many attempts, try again later' })),
    });
  }

  counter(name: string, windowMs: number): HitCounter {
    const store = this.store(name) ?? new MemoryStore();
    const ready = Promise.resolve(store.init?.({ windowMs } as Options));
    return {
      hit: async (key) => {
        await ready;
        return (await store.increment(key)).totalHits;
      },
      reset: async (key) => {
        await ready;
        await store.resetKey(key);
      },
    };
  }

  /** The Redis store of a rule when scaled; undefined lets express-rate-limit keep its memory store. */
  private store(name: string): Store | undefined {
    const redis = this.options.redis;
    if (!redis) return undefined;
    return new RedisStore({
      prefix: `${this.options.prefix}rl:${name}:`,
      sendCommand: (...args: string[]) => redis.sendCommand(args),
    });
  }
}
