import knexPackage, { type Knex } from 'knex';
import ClientPgLite from 'knex-pglite';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { btree_gin } from '@electric-sql/pglite/contrib/btree_gin';
import pg from 'pg';
import { coreMigrations, ListMigrationSource } from '@switchboard/migrations';
import { probeHealth, type PortHealth } from '../port.js';
import type { Database } from './database.js';

// PostgreSQL returns bigint (count(*)) and numeric as strings; the API speaks numbers.
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number(value));
pg.types.setTypeParser(pg.types.builtins.NUMERIC, (value) => Number(value));

const MIGRATION_LOCK = 7_310_000;

class KnexDatabase implements Database {
  constructor(
    readonly implementation: 'postgres' | 'pglite',
    readonly knex: Knex,
    private readonly onClose: () => Promise<void> = async () => {},
  ) {}

  async migrate(): Promise<void> {
    const run = () => this.knex.migrate.latest({ migrationSource: new ListMigrationSource(coreMigrations) });
    // PGlite has one connection in one process: nobody to race with.
    if (this.implementation === 'pglite') return void (await run());
    // Nodes starting together on an empty database would both create knex's own tables; a session advisory
    // lock, held on a connection of its own, lets one node migrate while the others wait.
    const client = this.knex.client;
    const connection = await client.acquireConnection();
    try {
      await connection.query('select pg_advisory_lock($1)', [MIGRATION_LOCK]);
      try {
        await run();
      } finally {
        await connection.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK]);
      }
    } finally {
      await client.releaseConnection(connection);
    }
  }

  health(): Promise<PortHealth> {
    return probeHealth(this.implementation, () => this.knex.raw('select 1'));
  }

  async close(): Promise<void> {
    await this.knex.destroy();
    await this.onClose();
  }
}

export function createPostgresDatabase(options: { url: string; poolMax: number }): Database {
  const knex = knexPackage.knex({
    client: 'pg',
    connection: options.url,
    pool: { min: 0, max: options.poolMax },
  });
  return new KnexDatabase('postgres', knex);
}

/** dir undefined: an in-memory database (tests). */
export async function createPgliteDatabase(options: { dir?: string }): Promise<Database> {
  const pglite = await PGlite.create({ dataDir: options.dir, extensions: { pg_trgm, btree_gin } });
  const knex = knexPackage.knex({
    client: ClientPgLite as unknown as typeof Knex.Client,
    dialect: 'postgres',
    connection: () => ({ pglite }) as object,
  } as Knex.Config);
  return new KnexDatabase('pglite', knex, async () => {
    if (!pglite.closed) await pglite.close();
  });
}
