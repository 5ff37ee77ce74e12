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
};

export interface RedisConfig {
  url?: string;
}

export function loadRedisConfig(env: NodeJS.ProcessEnv): RedisConfig {
  return { url: readVariable(redisVariables.url, env) as string | undefined };
}
