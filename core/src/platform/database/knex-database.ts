import { createHash } from 'node:crypto';
import knexPackage, { type Knex } from 'knex';
import ClientPgLite from 'knex-pglite';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { btree_gin } from '@electric-sql/pglite/contrib/btree_gin';
import pg from 'pg';
import { coreMigrations, ListMigrationSource, type Migration } from '@switchboard/migrations';
import { probeHealth, type PortHealth } from '../port.js';
import type { Database } from './database.js';

// PostgreSQL returns bigint (count(*)) and numeric as strings; the API speaks numbers.
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number(value));
pg.types.setTypeParser(pg.types.builtins.NUMERIC, (value) => Number(value));

const MIGRATION_LOCK = 7_310_000;

/**
 * The knex table recording a plugin's applied migrations. Plugin ids are lowercase letters, digits and dashes, so
 * dashes become underscores without two ids meeting. PostgreSQL cuts names at 63 bytes and knex adds `_lock` for
 * its lock table: a longer id is shortened and given a hash of the whole id, so the two tables never share a name.
 */
export function pluginMigrationTable(pluginId: string): string {
  const table = `knex_migrations_plugin_${pluginId.replace(/-/g, '_')}`;
  if (table.length + '_lock'.length <= 63) return table;
  const hash = createHash('sha256').update(pluginId).digest('hex').slice(0, 8);
  return `${table.slice(0, 63 - '_lock'.length - hash.length - 1)}_${hash}`;
}

class KnexDatabase implements Database {
  constructor(
    readonly implementation: 'postgres' | 'pglite',
    readonly knex: Knex,
    private readonly onClose: () => Promise<void> = async () => {},
  ) {}

  async migrate(): Promise<void> {
    await this.underMigrationLock((knex) => knex.migrate.latest({ migrationSource: new ListMigrationSource(coreMigrations) }));
  }

  async migratePlugin(pluginId: string, migrations: Migration[]): Promise<void> {
    const tableName = pluginMigrationTable(pluginId);
    await this.underMigrationLock((knex) => knex.migrate.latest({ migrationSource: new ListMigrationSource(migrations), tableName }));
  }

  /** Migrations of this process, one after another: PGlite's single connection would deadlock two at once. */
  private migrations: Promise<unknown> = Promise.resolve();

  private underMigrationLock(run: (knex: Knex) => Promise<unknown>): Promise<void> {
    const next = this.migrations.catch(() => {}).then(() => this.lockedAcrossNodes(run));
    this.migrations = next;
    return next;
  }

  private async lockedAcrossNodes(run: (knex: Knex) => Promise<unknown>): Promise<void> {
    // PGlite has one connection in one process: no other node to race with.
    if (this.implementation === 'pglite') return void (await run(this.knex));
    // Nodes starting together on an empty database would both create knex's own tables: a transaction advisory
    // lock lets one node migrate while the others wait. The lock and the migrations share one transaction, hence
    // one connection, so a pool of a single connection (DATABASE_POOL_MAX=1) does not wait on itself.
    await this.knex.transaction(async (trx) => {
      await trx.raw('select pg_advisory_xact_lock(?)', [MIGRATION_LOCK]);
      await run(trx);
    });
  }

  health(): Promise<PortHealth> {
    return probeHealth(this.implementation, () => this.knex.raw('select 1'));
  }

  async close(): Promise<void> {
    await this.knex.destroy();
    await this.onClose();
  }
}

interface PgConnection {
  query(sql: string, done: (error?: Error) => void): void;
}

export function createPostgresDatabase(options: { url: string; poolMax: number }): Database {
  const knex = knexPackage.knex({
    client: 'pg',
    // A database that is away refuses within 2 s (503 with Retry-After) rather than holding requests for knex's 60 s.
    connection: { connectionString: options.url, connectionTimeoutMillis: 2000 },
    acquireConnectionTimeout: 2000,
    // Knex's own line per failed connection would repeat for every request of an outage; the outage log says it once.
    log: {
      warn: (message: unknown) => {
        if (!/^(Connection Error|Acquire connection error)/.test(String(message))) console.warn(message);
      },
    },
    pool: {
      min: 0,
      max: options.poolMax,
      // No JIT: the list and search queries are short, and a compile costing ~200 ms fires whenever a large table's
      // estimate crosses jit_above_cost. Random reads priced for SSDs, so trigram searches use their indexes. Set per
      // session rather than as startup options, which connection poolers such as PgBouncer refuse.
      afterCreate: (connection: PgConnection, done: (error: Error | undefined, connection: PgConnection) => void) =>
        connection.query('set jit = off; set random_page_cost = 1.1', (error) => done(error, connection)),
    },
  });
  return new KnexDatabase('postgres', knex);
}

/** dir undefined: an in-memory database (tests). */
/** The extensions the schema uses, loaded into every PGlite. */
export const pgliteExtensions = { pg_trgm, btree_gin };

/**
 * `loadDataDir`: start from a dumped data folder instead of a fresh initdb (tests start from one template); `pglite`: an
 * instance already open (a test template is dumped from it after migrating), closed with the database.
 */
export async function createPgliteDatabase(options: { dir?: string; loadDataDir?: Blob; pglite?: PGlite }): Promise<Database> {
  const pglite =
    options.pglite ?? (await PGlite.create({ dataDir: options.dir, loadDataDir: options.loadDataDir, extensions: pgliteExtensions }));
  const knex = knexPackage.knex({
    client: ClientPgLite as unknown as typeof Knex.Client,
    dialect: 'postgres',
    connection: () => ({ pglite }) as object,
  } as Knex.Config);
  return new KnexDatabase('pglite', knex, async () => {
    if (!pglite.closed) await pglite.close();
  });
}
