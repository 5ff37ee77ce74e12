import * as yup from 'yup';
import { readVariable, variable } from './variable.js';

export const redisVariables = {
  url: variable({
    env: 'REDIS_URL',
    doc: 'Redis connection string. Set: jobs on bee-queue, realtime through the Redis adapter, session locks and rate limits in Redis. Unset: all in process.',
    schema: yup
      .string()
      .matches(/^rediss?:\/\//, 'must start with redis:// or rediss://')
      .optional(),
  }),
  prefix: variable({
    env: 'REDIS_PREFIX',
    doc: 'Prefix of every Redis key (jobs, locks, rate limits, realtime channels); installations sharing one Redis use different ones.',
    defaultText: 'sb:',
    schema: yup
      .string()
      .matches(/^[A-Za-z0-9_.:-]{1,64}$/, 'must be 1 to 64 letters, digits or _ . : -')
      .default('sb:'),
  }),
};

export interface RedisConfig {
  url?: string;
  prefix: string;
}

export function loadRedisConfig(env: NodeJS.ProcessEnv): RedisConfig {
  return { url: readVariable(redisVariables.url, env) as string | undefined, prefix: readVariable(redisVariables.prefix, env) as string };
}
