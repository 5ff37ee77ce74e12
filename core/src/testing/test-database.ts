import { randomBytes } from 'node:crypto';
import { readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import knexPackage from 'knex';
import { PGlite } from '@electric-sql/pglite';
import { createPgliteDatabase, createPostgresDatabase, pgliteExtensions } from '../platform/database/knex-database.js';
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
    const database = await createPgliteDatabase({ loadDataDir: await freshPgliteTemplate() });
    test = { database, drop: () => database.close() };
  }
  if (options.migrate !== false) await test.database.migrate();
  return test;
}

/**
 * PGlite's initdb takes seconds and every test file needs a fresh database: the first file dumps a freshly
 * initialised data folder to the temporary folder (per PGlite build), and every later one loads that copy.
 * Migrations still run per database, so the template never goes stale with the schema.
 */
async function freshPgliteTemplate(): Promise<Blob> {
  // The installed PGlite's build names the template (its package.json is not exported).
  const build = await stat(createRequire(import.meta.url).resolve('@electric-sql/pglite'));
  const file = path.join(tmpdir(), `switchboard-pglite-${build.size}-${Math.round(build.mtimeMs)}.tar`);
  try {
    return new Blob([await readFile(file)]);
  } catch {
    const fresh = await PGlite.create({ extensions: pgliteExtensions });
    const dump = await fresh.dumpDataDir('none');
    await fresh.close();
    // Written aside and renamed in: parallel workers may race, and a reader never sees half a file.
    const partial = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
    try {
      await writeFile(partial, Buffer.from(await dump.arrayBuffer()));
      await rename(partial, file);
    } finally {
      await rm(partial, { force: true });
    }
    return dump;
  }
}
