import { createHash, randomBytes } from 'node:crypto';
import { readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import knexPackage, { type Knex } from 'knex';
import pg from 'pg';
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
  const migrated = options.migrate !== false;
  const serverUrl = process.env.DATABASE_URL;
  if (!serverUrl) {
    const template = migrated ? await migratedPgliteTemplate() : undefined;
    const database = await createPgliteDatabase({ loadDataDir: template ?? (await freshPgliteTemplate()) });
    if (migrated && !template) await database.migrate();
    return { database, drop: () => database.close() };
  }
  const name = `sb_test_${process.pid}_${randomBytes(4).toString('hex')}`;
  const admin = knexPackage.knex({ client: 'pg', connection: serverUrl, pool: { min: 0, max: 1 } });
  const template = migrated ? await migratedPostgresTemplate(admin, serverUrl) : undefined;
  await admin.raw(template ? `create database ${name} template ${template}` : `create database ${name}`);
  await keepCommitsOffDisk(admin, name);
  const url = databaseUrl(serverUrl, name);
  const database = createPostgresDatabase({ url, poolMax: 10 });
  if (migrated && !template) await database.migrate();
  return {
    database,
    url,
    drop: async () => {
      await database.close();
      await admin.raw(`drop database if exists ${name} with (force)`);
      await admin.destroy();
    },
  };
}

function databaseUrl(serverUrl: string, name: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/**
 * A test database is thrown away: its commits need not wait for the disk, which on a two-core machine running two
 * suites is most of what a test's write costs. Only this database is touched, never the server's settings.
 */
async function keepCommitsOffDisk(admin: Knex, name: string): Promise<void> {
  await admin.raw(`alter database ${name} set synchronous_commit = off`);
}

/**
 * The name of a PostgreSQL database with every core migration applied, copied by `create database … template`
 * instead of migrating each test file's database (a second or more per file). Built once per migrations digest,
 * under an advisory lock so parallel workers build it once, and renamed into place only when complete. Without the
 * migrations' sources at hand there is none.
 */
async function migratedPostgresTemplate(admin: Knex, serverUrl: string): Promise<string | undefined> {
  const digest = await migrationSourcesDigest();
  if (!digest) return undefined;
  const name = `sb_template_${digest}`;
  const exists = async () => (await admin('pg_database').where({ datname: name }).first()) !== undefined;
  if (await exists()) return name;
  // A session lock needs one connection throughout; the admin pool may swap its connection between statements.
  const builder = new pg.Client({ connectionString: serverUrl });
  await builder.connect();
  try {
    await builder.query('select pg_advisory_lock($1)', [TEMPLATE_LOCK]);
    if (await exists()) return name;
    const building = `${name}_${process.pid}`;
    await builder.query(`create database ${building}`);
    await keepCommitsOffDisk(admin, building);
    const database = createPostgresDatabase({ url: databaseUrl(serverUrl, building), poolMax: 1 });
    try {
      await database.migrate();
    } finally {
      await database.close();
    }
    try {
      await builder.query(`alter database ${building} rename to ${name}`);
    } catch (error) {
      // Another run on another database of this server (whose lock is not this one) finished first.
      await builder.query(`drop database if exists ${building}`);
      if (await exists()) return name;
      throw error;
    }
    // Templates of older schemas go; one that another run is copying right now stays (one in use is not dropped).
    const older = await builder.query<{ datname: string }>(
      "select datname from pg_database where datname like 'sb\\_template\\_%' and datname <> $1",
      [name],
    );
    for (const { datname } of older.rows) await builder.query(`drop database if exists ${datname}`).catch(() => undefined);
    return name;
  } finally {
    // Ending the session releases its lock.
    await builder.end();
  }
}

/** The advisory lock key under which a template is built: any fixed number the schema's own locks do not use. */
const TEMPLATE_LOCK = 7_341_902_115;

/**
 * A PGlite data folder with every core migration applied, kept like the blank one below: the migrations take about
 * a second per test file on PGlite. Its name carries a hash of the migrations' source files (helpers and SQL
 * included), so any change to them makes a new one; without those files at hand, there is none.
 */
async function migratedPgliteTemplate(): Promise<Blob | undefined> {
  const digest = await migrationSourcesDigest();
  if (!digest) return undefined;
  return cachedTemplate(`migrated-${digest}`, async () => {
    const pglite = await PGlite.create({ loadDataDir: await freshPgliteTemplate(), extensions: pgliteExtensions });
    const database = await createPgliteDatabase({ pglite });
    try {
      await database.migrate();
      return await pglite.dumpDataDir('none');
    } finally {
      await database.close();
    }
  });
}

/** migrations/src of this checkout, seen from core/src/testing and from core/dist/testing alike. */
const MIGRATION_SOURCES = fileURLToPath(new URL('../../../migrations/src/', import.meta.url));

async function migrationSourcesDigest(): Promise<string | undefined> {
  try {
    const hash = createHash('sha256');
    const files = (await readdir(MIGRATION_SOURCES, { withFileTypes: true })).filter((entry) => entry.isFile());
    for (const name of files.map((entry) => entry.name).sort()) {
      hash.update(`${name}\n`).update(await readFile(path.join(MIGRATION_SOURCES, name)));
    }
    return hash.digest('hex').slice(0, 16);
  } catch {
    return undefined;
  }
}

/**
 * PGlite's initdb takes seconds and every test file needs a fresh database: the first file dumps a freshly
 * initialised data folder to the temporary folder (per PGlite build), and every later one loads that copy.
 */
function freshPgliteTemplate(): Promise<Blob> {
  return cachedTemplate('blank', async () => {
    const fresh = await PGlite.create({ extensions: pgliteExtensions });
    try {
      return await fresh.dumpDataDir('none');
    } finally {
      await fresh.close();
    }
  });
}

/** A data folder dump kept in the temporary folder under the installed PGlite build and `kind`, made once. */
async function cachedTemplate(kind: string, make: () => Promise<Blob>): Promise<Blob> {
  // The installed PGlite's build names the template (its package.json is not exported).
  const build = await stat(createRequire(import.meta.url).resolve('@electric-sql/pglite'));
  const file = path.join(tmpdir(), `switchboard-pglite-${build.size}-${Math.round(build.mtimeMs)}-${kind}.tar`);
  try {
    return new Blob([await readFile(file)]);
  } catch {
    const dump = await make();
    // Written aside and renamed in: parallel workers may race, and a reader never sees half a file.
    const partial = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
    try {
      await writeFile(partial, Buffer.from(await dump.arrayBuffer()));
      await rename(partial, file);
    } finally {
      await rm(partial, { force: true });
    }
    await pruneTemplates();
    return dump;
  }
}

/**
 * Each install of PGlite and each schema makes new templates (about 40 MB each): those older than a day go. A file
 * another worker was about to read is simply made again.
 */
async function pruneTemplates(): Promise<void> {
  const dayAgo = Date.now() - 86_400_000;
  for (const name of await readdir(tmpdir())) {
    if (!name.startsWith('switchboard-pglite-') || !name.endsWith('.tar')) continue;
    const file = path.join(tmpdir(), name);
    const info = await stat(file).catch(() => undefined);
    if (info && info.mtimeMs < dayAgo) await rm(file, { force: true });
  }
}
