/**
 * npm run migrate:to-postgres -- --to <postgres url> [--data-dir <dir>] [--force]
 *
 * Moves an installation from the embedded database (PGlite in DATA_DIR/db) to PostgreSQL: the schema is migrated on
 * the target, every table's rows are copied, sequences are set past the copied ids and the row counts are compared
 * table by table. Media files stay in DATA_DIR, which the scaled server keeps using, with APP_SECRET taken from
 * DATA_DIR/secret. The embedded database is only read: the copy is made from a copy of its folder.
 */
import { existsSync } from 'node:fs';
import { cp, mkdtemp, readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { loadConfig } from '@switchboard/config';
import type { Database } from '../platform/database/database.js';
import { createPgliteDatabase, createPostgresDatabase } from '../platform/database/knex-database.js';
import { discoverPluginPackages, loadPlugins, type LoadedPlugin } from '../platform/plugins/plugin-loader.js';
import { carrySequences, copyTable, countRows, hasRows, installationTables, withoutConstraints } from './table-copy.js';

const here = path.dirname(fileURLToPath(import.meta.url));
/** The same node_modules the server finds plugins in (core/dist/tools or core/src/tools → the repository root). */
const nodeModules = path.resolve(here, '../../../node_modules');
const DEFAULT_BATCH = 1000;
/** How often a long table reports its progress. */
const PROGRESS_EVERY_MS = 2000;

/** The move did not start: nothing was written anywhere. */
export class MoveRefused extends Error {
  override readonly name = 'MoveRefused';
}

export interface MoveOptions {
  /** The PostgreSQL database to move into: new, or without any Switchboard data. */
  to: string;
  /** The embedded installation's DATA_DIR. */
  dataDir: string;
  /** Read a database whose server did not stop cleanly (its postmaster.pid is left behind). */
  force?: boolean;
  /** Rows per batch (memory in use is about one batch). */
  batchSize?: number;
  /** Extra plugin packages (PLUGINS), whose own migrations and tables come along. */
  extraPlugins?: string[];
  /** Where the embedded database is copied aside to be read; the system's temporary folder by default. */
  workDir?: string;
  log?: (line: string) => void;
}

export interface TableCount {
  table: string;
  embedded: number;
  postgres: number;
}

export interface MoveReport {
  tables: TableCount[];
  rows: number;
  sequences: number;
  mediaFiles: number;
  /** What the operator does next, line by line. */
  nextSteps: string[];
}

/** The URL with its password hidden, for printing. */
export function redactedUrl(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '***';
    return parsed.toString();
  } catch {
    return '(the URL given to --to)';
  }
}

export async function migrateToPostgres(options: MoveOptions): Promise<MoveReport> {
  const log = options.log ?? (() => {});
  const dataDir = path.resolve(options.dataDir);
  const dbDir = path.join(dataDir, 'db');
  const target = redactedUrl(options.to);
  if (!existsSync(path.join(dbDir, 'PG_VERSION'))) {
    throw new MoveRefused(`No embedded database in ${dbDir}. Give --data-dir the DATA_DIR the embedded server ran with.`);
  }
  // PGlite leaves postmaster.pid while open and removes it when it closes cleanly.
  if (existsSync(path.join(dbDir, 'postmaster.pid')) && !options.force) {
    throw new MoveRefused(
      `The embedded database in ${dbDir} is open or was not closed cleanly. Stop the Switchboard server that uses it ` +
        `(Ctrl-C or SIGTERM) and run this again; if it is already stopped (it crashed), add --force.`,
    );
  }

  log(`Moving the embedded database in ${dbDir} to ${target}`);
  const postgres = createPostgresDatabase({ url: options.to, poolMax: 2 });
  let embedded: Database | undefined;
  let copyDir: string | undefined;
  try {
    await postgres.knex.raw('select 1').catch((error: Error) => {
      throw new MoveRefused(`Cannot reach ${target}: ${error.message}`);
    });
    // Cheap first look before copying a possibly large database: the companies table is the root of all data.
    await refuseInstallation(postgres, ['companies'], target);

    copyDir = await mkdtemp(path.join(options.workDir ?? os.tmpdir(), 'switchboard-move-'));
    log(`Reading a copy of it in ${copyDir} (the embedded database itself is not changed)`);
    await cp(dbDir, copyDir, { recursive: true });
    await rm(path.join(copyDir, 'postmaster.pid'), { force: true });
    embedded = await createPgliteDatabase({ dir: copyDir });

    // Both sides on the schema this version of Switchboard runs, with the same plugins' migrations, so every
    // embedded table has its twin. The copy is brought up to date the way the embedded server would on start.
    const plugins = await loadPlugins(discoverPluginPackages({ nodeModules, extra: options.extraPlugins ?? [] }));
    await migrate(embedded, plugins);
    const tables = await installationTables(embedded.knex);
    await refuseInstallation(postgres, tables, target);
    await migrate(postgres, plugins);
    const onTarget = new Set(await installationTables(postgres.knex));
    const missing = tables.filter((table) => !onTarget.has(table));
    if (missing.length > 0) throw new Error(`The PostgreSQL schema lacks ${missing.join(', ')} after its migrations; nothing was copied.`);
    log(`Schema migrated on PostgreSQL (${plugins.filter((plugin) => plugin.migrations).length} plugins with their own tables)`);

    const source = embedded.knex;
    const width = Math.max(...tables.map((table) => table.length));
    const counts = new Map<string, number>();
    let sequences = 0;
    // One transaction: a move that fails half-way leaves the target without data, ready for another try.
    await postgres.knex.transaction(async (trx) => {
      await withoutConstraints(trx, async () => {
        for (const table of tables) {
          const total = await countRows(source, table);
          counts.set(table, total);
          let lastReport = Date.now();
          const copied = await copyTable({
            source,
            target: trx,
            table,
            batchSize: options.batchSize ?? DEFAULT_BATCH,
            onBatch: (done) => {
              if (done < total && Date.now() - lastReport >= PROGRESS_EVERY_MS) {
                lastReport = Date.now();
                log(`  ${table.padEnd(width)} ${done}/${total}`);
              }
            },
          });
          log(`  ${table.padEnd(width)} ${copied}/${total}`);
        }
      });
      sequences = await carrySequences({ source, target: trx, tables });
    });
    log(`Sequences set past the copied ids: ${sequences}`);

    const compared: TableCount[] = [];
    for (const table of tables) {
      compared.push({ table, embedded: counts.get(table)!, postgres: await countRows(postgres.knex, table) });
    }
    log('');
    log(`${'table'.padEnd(width)} ${'embedded'.padStart(10)} ${'postgres'.padStart(10)}`);
    for (const row of compared) {
      const mark = row.embedded === row.postgres ? '' : '  DIFFERENT';
      log(`${row.table.padEnd(width)} ${String(row.embedded).padStart(10)} ${String(row.postgres).padStart(10)}${mark}`);
    }
    const different = compared.filter((row) => row.embedded !== row.postgres);
    if (different.length > 0) {
      throw new Error(
        `Row counts differ in ${different.map((row) => `${row.table} (${row.embedded} embedded, ${row.postgres} on PostgreSQL)`).join(', ')}. ` +
          'Do not start the scaled server on this database; empty it and run the move again.',
      );
    }
    const rows = compared.reduce((sum, row) => sum + row.postgres, 0);
    const mediaFiles = await countFiles(path.join(dataDir, 'media'));
    log(`All ${compared.length} tables match: ${rows} rows. Media files stay in ${path.join(dataDir, 'media')} (${mediaFiles} files).`);
    return { tables: compared, rows, sequences, mediaFiles, nextSteps: nextSteps({ dataDir, target, url: options.to }) };
  } finally {
    await embedded?.close().catch(() => {});
    await postgres.close().catch(() => {});
    if (copyDir) await rm(copyDir, { recursive: true, force: true });
  }
}

async function migrate(database: Database, plugins: LoadedPlugin[]): Promise<void> {
  await database.migrate();
  for (const plugin of plugins) if (plugin.migrations) await database.migratePlugin(plugin.manifest.id, plugin.migrations);
}

/** A target holding rows in any of the installation's tables is another installation: never mix two. */
async function refuseInstallation(database: Database, tables: string[], target: string): Promise<void> {
  const present = new Set(await installationTables(database.knex));
  const filled: string[] = [];
  for (const table of tables) if (present.has(table) && (await hasRows(database.knex, table))) filled.push(table);
  if (filled.length > 0) {
    throw new MoveRefused(
      `${target} already holds Switchboard data (rows in ${filled.slice(0, 5).join(', ')}${filled.length > 5 ? ', ...' : ''}). ` +
        'Moving into it would mix two installations: give a new, empty database. Nothing was changed.',
    );
  }
}

async function countFiles(dir: string): Promise<number> {
  if (!existsSync(dir)) return 0;
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries.filter((entry) => entry.isFile()).length;
}

function nextSteps(options: { dataDir: string; target: string; url: string }): string[] {
  const secretFile = path.join(options.dataDir, 'secret');
  const hasSecret = existsSync(secretFile);
  const hidden = options.target !== options.url;
  return [
    '',
    'Next: stop using the embedded server and start Switchboard in scaled mode on the same data folder:',
    '',
    hasSecret ? `  APP_SECRET="$(cat ${shellQuote(secretFile)})" \\` : "  APP_SECRET='<the APP_SECRET the embedded server ran with>' \\",
    `  DATABASE_URL=${shellQuote(options.target)} \\`,
    `  REDIS_URL=${shellQuote(process.env.REDIS_URL ?? 'redis://localhost:6379')} \\`,
    `  DATA_DIR=${shellQuote(options.dataDir)} \\`,
    '  npm start',
    '',
    ...(hidden ? ['DATABASE_URL is the URL given to --to (its password is hidden above).'] : []),
    hasSecret
      ? `APP_SECRET must be the secret in ${secretFile}: sign-ins, sealed channel and plugin settings and their stored keys were made with it.`
      : `There is no ${secretFile}: set APP_SECRET to the one the embedded server was started with; sealed settings and keys were made with it.`,
    'REDIS_URL is your Redis. Every node gets the same four values, and DATA_DIR must be the same folder for all of them (a shared volume): media stays there.',
    `The embedded database in ${path.join(options.dataDir, 'db')} was left as it was; the scaled server does not use it.`,
  ];
}

function shellQuote(value: string): string {
  return /^[\w@%+=:,./-]+$/.test(value) ? value : `'${value.replace(/'/g, `'\\''`)}'`;
}

const usage = `Usage: npm run migrate:to-postgres -- --to <postgres url> [--data-dir <dir>] [--force]

Moves an installation from the embedded database in DATA_DIR/db to a new, empty PostgreSQL database.
  --to        postgres:// URL of the database to move into (it must hold no Switchboard data)
  --data-dir  the embedded installation's data folder (default: DATA_DIR, or ./data)
  --force     read a database whose server stopped without closing it (it crashed)`;

/** The command line: 0 when moved with equal counts, 1 otherwise. */
export async function main(
  argv: string[],
  io: { out: (line: string) => void; err: (line: string) => void } = { out: console.log, err: console.error },
): Promise<number> {
  let values: { to?: string; 'data-dir'?: string; force?: boolean; help?: boolean };
  try {
    ({ values } = parseArgs({
      args: argv,
      options: {
        to: { type: 'string' },
        'data-dir': { type: 'string' },
        force: { type: 'boolean' },
        help: { type: 'boolean', short: 'h' },
      },
    }));
  } catch (error) {
    io.err(`${(error as Error).message}\n\n${usage}`);
    return 1;
  }
  if (values.help) {
    io.out(usage);
    return 0;
  }
  if (!values.to || !/^postgres(ql)?:\/\//.test(values.to)) {
    io.err(`--to needs the postgres:// URL of the database to move into.\n\n${usage}`);
    return 1;
  }
  try {
    // DATA_DIR and PLUGINS read as the server reads them; a --data-dir is relative to where the command was typed.
    const config = loadConfig({ DATA_DIR: process.env.DATA_DIR, PLUGINS: process.env.PLUGINS });
    const dataDir = values['data-dir'] ? path.resolve(process.env.INIT_CWD ?? process.cwd(), values['data-dir']) : config.storage.dataDir;
    const report = await migrateToPostgres({
      to: values.to,
      dataDir,
      force: values.force,
      extraPlugins: config.plugins.extra,
      log: io.out,
    });
    for (const line of report.nextSteps) io.out(line);
    return 0;
  } catch (error) {
    io.err(error instanceof Error ? error.message : String(error));
    return 1;
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  main(process.argv.slice(2)).then((code) => process.exit(code));
}
