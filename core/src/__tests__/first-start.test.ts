import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { loadConfig } from '@switchboard/config';
import { startServer } from '../server.js';
import { api } from '../testing/test-server.js';
import { createTestDatabase, type TestDatabase } from '../testing/test-database.js';
import { redisUrlForTests } from '../testing/services.js';

/**
 * First start with no configuration but a data folder: the embedded database on disk, a generated secret,
 * a printed admin password. A second start over the same data creates nothing and keeps everything.
 * With DATABASE_URL set (CI) the same runs on a fresh PostgreSQL database.
 */
let dataDir: string;
let testDatabase: TestDatabase | undefined;

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'sb-first-start-'));
  if (process.env.DATABASE_URL) testDatabase = await createTestDatabase({ migrate: false });
});

afterAll(async () => {
  await testDatabase?.drop();
  await rm(dataDir, { recursive: true, force: true });
});

function environment(): Record<string, string> {
  const redisUrl = redisUrlForTests();
  return {
    PORT: '0',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    ...(testDatabase?.url ? { DATABASE_URL: testDatabase.url } : {}),
    ...(testDatabase?.url && redisUrl ? { REDIS_URL: redisUrl, APP_SECRET: 'a-secret-for-the-first-start-test-0123456789' } : {}),
  };
}

async function start(announced: string[]) {
  const config = loadConfig(environment());
  return startServer({
    config,
    redisPrefix: `sbtest:${process.pid}:first-start:`,
    // The test database is reopened by URL on each start, like a real restart; PGlite reopens DATA_DIR/db.
    announce: (text) => announced.push(text),
  });
}

describe('first start', () => {
  it('creates company 1, the default plan and the super admin once, printing a random password', async () => {
    const announced: string[] = [];
    const first = await start(announced);
    let password: string;
    try {
      const health = await api(first, 'GET', '/health');
      expect(health.status).toBe(200);
      const ports = Object.entries(health.body.ports).map(([name, port]: [string, any]) => [name, port.status]);
      expect(ports).toEqual(['database', 'jobQueue', 'realtime', 'sessionLock', 'mediaStorage', 'cache'].map((name) => [name, 'ok']));
      expect(announced).toHaveLength(1);
      password = /password: (\S+)/.exec(announced[0]!)![1]!;
      expect(password.length).toBeGreaterThanOrEqual(12);
      const login = await api(first, 'POST', '/auth/login', { body: { email: 'admin@switchboard.local', password } });
      expect(login.status).toBe(200);
      expect(login.body.user).toMatchObject({ super: true, companyId: 1 });
      await api(first, 'POST', '/auth/signup', {
        body: {
          name: 'Ana Lima',
          companyName: 'Ana Co',
          email: 'ana@co.test',
          password: 'Segura123',
          phone: '11987654321',
          planId: 1,
          termo: true,
        },
      });
    } finally {
      await first.close();
    }

    const second = await start(announced);
    try {
      expect(announced).toHaveLength(1);
      const knex = second.ports.database.knex;
      const counts = await Promise.all(
        ['plans', 'companies', 'users', 'company_settings'].map(async (table) => Number((await knex(table).count({ n: '*' }))[0]!.n)),
      );
      expect(counts).toEqual([1, 2, 2, 2]);
      // The same secret was reused, so the same password and the sign-up survive the restart.
      expect((await api(second, 'POST', '/auth/login', { body: { email: 'admin@switchboard.local', password: password! } })).status).toBe(
        200,
      );
      expect((await api(second, 'POST', '/auth/login', { body: { email: 'ana@co.test', password: 'Segura123' } })).status).toBe(200);
    } finally {
      await second.close();
    }
  }, 60_000);
});
