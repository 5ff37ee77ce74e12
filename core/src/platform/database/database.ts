import type { Knex } from 'knex';
import type { Migration } from '@switchboard/migrations';
import type { Port } from '../port.js';

export const Database = Symbol('Database');
/** The relational store: PostgreSQL when scaled, PGlite (the same SQL, in process) when embedded. */
export interface Database extends Port {
  readonly knex: Knex;
  /** Applies the core migrations not yet applied; safe to run from several nodes at once. */
  migrate(): Promise<void>;
  /**
   * Applies a plugin's own migrations not yet applied, recorded in its own table `knex_migrations_plugin_<id>`
   * (dashes as underscores), under the same lock as migrate. Called after migrate.
   */
  migratePlugin(pluginId: string, migrations: Migration[]): Promise<void>;
}
