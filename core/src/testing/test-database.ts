import { randomBytes } from 'node:crypto';
import knexPackage from 'knex';
import { createPgliteDatabase, createPostgresDatabase } from '../platform/database/knex-database.js';
import type { Database } from '../platform/database/database.js';

export interface TestDatabase {
  database: Database;
  /** The URL of the fresh PostgreSQL database, undefined on PGlite. */
  url?: string;
  /** Closes the connection and drops the database. */
  drop(): Promise<void>;
}

/**
 * A fresh, migrated database for one test file: a new PostgreSQL database on the server of DATABASE_URL
 * when it is set (as in CI), otherwise an in-memory PGlite.
 */
export async function createTestDatabase(options: { migrate?: boolean } = {}): Promise<TestDatabase> {
  const serverUrl = process.env.DATABASE_URL;
  let test: TestDatabase;
  if (serverUrl) {
    const name = `sb_test_${process.pid}_${randomBytes(4).toString('hex')}`;
    const admin = knexPackage.knex({ client: 'pg', connection: serverUrl, pool: { min: 0, max: 1 } });
    await admin.raw(`create database ${name}`);
    const url = new URL(serverUrl);
    url.pathname = `/${name}`;
    const database = createPostgresDatabase({ url: url.toString(), poolMax: 10 });
    test = {
      database,
      url: url.toString(),
      drop: async () => {
        await database.close();
        await admin.raw(`drop database if exists ${name} with (force)`);
        await admin.destroy();
      },
    };
  } else {
    const database = await createPgliteDatabase({});
    test = { database, drop: () => database.close() };
  }
  if (options.migrate !== false) await test.database.migrate();
  return test;
}
