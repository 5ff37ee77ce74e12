import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from '@jest/globals';
import { loadConfig } from '@switchboard/config';
import { startServer, type RunningServer } from '../../../server.js';
import { createTestDatabase, type TestDatabase } from '../../../testing/test-database.js';
import { postgresUrlForTests } from '../../../testing/services.js';
import { api, TEST_ADMIN } from '../../../testing/test-server.js';

// The pool size only exists on PostgreSQL (PGlite is one connection in process).
const onPostgres = postgresUrlForTests() ? describe : describe.skip;

onPostgres('DATABASE_POOL_MAX=1', () => {
  let testDatabase: TestDatabase | undefined;
  let server: RunningServer | undefined;
  let dataDir: string | undefined;

  afterAll(async () => {
    await server?.close();
    await testDatabase?.drop();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  it('starts on an empty database with one connection (migrations under their lock, first start) and serves reads and writes', async () => {
    // An empty database; the server opens its own pool of one connection on it.
    testDatabase = await createTestDatabase({ migrate: false });
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'sb-pool1-'));
    const config = loadConfig({
      PORT: '0',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'silent',
      APP_SECRET: randomBytes(32).toString('hex'),
      ADMIN_EMAIL: TEST_ADMIN.email,
      ADMIN_PASSWORD: TEST_ADMIN.password,
      DATABASE_URL: testDatabase.url!,
      DATABASE_POOL_MAX: '1',
    });
    expect(config.database).toMatchObject({ kind: 'postgres', poolMax: 1 });
    server = await startServer({ config, announce: () => {}, redisPrefix: `sbtest:${randomBytes(4).toString('hex')}:` });

    const health = await api(server, 'GET', '/health');
    expect(health.status).toBe(200);
    expect(health.body.ports.database).toMatchObject({ status: 'ok', implementation: 'postgres' });
    const login = await api(server, 'POST', '/auth/login', { body: TEST_ADMIN });
    expect(login.status).toBe(200);
    // A write in a transaction (company, settings and first admin) on the same single connection.
    const planId = (await server.ports.database.knex('plans').orderBy('id').first('id')).id as number;
    const created = await api(server, 'POST', '/companies', {
      token: login.body.token,
      body: { name: 'Pool Of One', email: 'owner@pool-one.test', planId, password: 'secret1' },
    });
    expect(created.status).toBe(201);
  });
});
