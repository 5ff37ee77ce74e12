import { rateLimit, type Options } from 'express-rate-limit';
import { RedisStore } from 'rate-limit-redis';
import type { RequestHandler } from 'express';
import type { Redis } from 'ioredis';
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

/** Rate limits counted in Redis when scaled (shared by every node), in memory when embedded. */
export class RateLimits {
  constructor(private readonly options: { redis?: Redis; prefix: string }) {}

  create(rule: RateLimitRule): RequestHandler {
    const redis = this.options.redis;
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
      store: redis
        ? new RedisStore({
            prefix: `${this.options.prefix}rl:${rule.name}:`,
            sendCommand: (command: string, ...args: string[]) => redis.call(command, ...args) as never,
          })
        : undefined,
      handler: (_req, _res, next) => next(new AppError('ERR_TOO_MANY_REQUESTS', 429, { message: 'Too many attempts, try again later' })),
    });
  }
}
