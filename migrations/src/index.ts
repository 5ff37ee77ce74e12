import type { Knex } from 'knex';

/** One schema step; `name` orders them and is what knex records as applied. */
export interface Migration {
  name: string;
  up(knex: Knex): Promise<void>;
  down(knex: Knex): Promise<void>;
}

// Listed explicitly (not read from a folder) so the same list works from source, from dist and in tests.
export const coreMigrations: Migration[] = [];

/** A knex MigrationSource over a list of migrations (the core list, or a plugin's own). */
export class ListMigrationSource implements Knex.MigrationSource<Migration> {
  constructor(private readonly migrations: Migration[]) {}

  async getMigrations(): Promise<Migration[]> {
    return [...this.migrations].sort((a, b) => a.name.localeCompare(b.name));
  }

  getMigrationName(migration: Migration): string {
    return migration.name;
  }

  async getMigration(migration: Migration): Promise<Knex.Migration> {
    return { up: migration.up, down: migration.down };
  }
}
