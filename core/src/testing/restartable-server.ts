import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { loadConfig } from '@switchboard/config';
import type { ContainerModule } from '@switchboard/sdk';
import { startServer, type RunningServer } from '../server.js';
import { TEST_ADMIN } from './test-server.js';
import { createTestDatabase, type TestDatabase } from './test-database.js';

/**
 * One installation (data directory, secret and, on PostgreSQL, database) whose server a test starts, closes and
 * starts again, to prove what survives a restart. Embedded mode keeps its database in the data directory.
 */
export interface RestartableInstallation {
  start(): Promise<RunningServer>;
  remove(): Promise<void>;
}

export async function restartableInstallation(
  name: string,
  options: { extraModules?: ContainerModule[]; env?: Record<string, string> } = {},
): Promise<RestartableInstallation> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), `sb-${name}-`));
  const testDatabase: TestDatabase | undefined = process.env.DATABASE_URL ? await createTestDatabase({ migrate: false }) : undefined;
  const secret = randomBytes(32).toString('hex');
  return {
    start: () =>
      startServer({
        config: loadConfig({
          PORT: '0',
          DATA_DIR: dataDir,
          LOG_LEVEL: 'silent',
          APP_SECRET: secret,
          ADMIN_EMAIL: TEST_ADMIN.email,
          ADMIN_PASSWORD: TEST_ADMIN.password,
          ...(testDatabase?.url ? { DATABASE_URL: testDatabase.url } : {}),
          ...options.env,
        }),
        redisPrefix: `sbtest:${process.pid}:${name}:`,
        announce: () => {},
        extraModules: options.extraModules,
      }),
    remove: async () => {
      await testDatabase?.drop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
