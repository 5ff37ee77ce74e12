import { randomBytes } from 'node:crypto';
import { TEST_ADMIN } from './test-server.js';

/** A Redis key prefix of its own for one test's servers or ports, so parallel test files never share keys. */
export function testRedisPrefix(): string {
  return `sbtest:${process.pid}:${randomBytes(4).toString('hex')}:`;
}

/** The environment of one node of a scaled installation under test: its database and Redis, a fresh secret, quiet logs. */
export function scaledNodeEnv(options: { dataDir: string; databaseUrl: string; redisUrl: string }): Record<string, string> {
  return {
    PORT: '0',
    DATA_DIR: options.dataDir,
    LOG_LEVEL: 'silent',
    DATABASE_URL: options.databaseUrl,
    REDIS_URL: options.redisUrl,
    APP_SECRET: randomBytes(32).toString('hex'),
    ADMIN_EMAIL: TEST_ADMIN.email,
    ADMIN_PASSWORD: TEST_ADMIN.password,
  };
}
