import type { Knex } from 'knex';

// Small column builders shared by the core migrations. Keep them stable: changing one changes what an
// already-written migration would create on a fresh database.

/** created_at / updated_at, timestamptz not null default now(). */
export function timestamps(knex: Knex, t: Knex.CreateTableBuilder): void {
  t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
}

/**
 * company_id integer not null references companies(id) on delete cascade. `index: false` when another
 * index of the table already starts with company_id.
 */
export function companyId(t: Knex.CreateTableBuilder, options: { index?: boolean } = {}): void {
  t.integer('company_id').notNullable().references('id').inTable('companies').onDelete('CASCADE');
  if (options.index !== false) t.index(['company_id']);
}

/** A foreign-key integer column. */
export function foreignKey(
  t: Knex.CreateTableBuilder,
  column: string,
  table: string,
  onDelete: 'CASCADE' | 'SET NULL' | 'RESTRICT',
  options: { notNull?: boolean; index?: boolean } = {},
): void {
  const c = t.integer(column).references('id').inTable(table).onDelete(onDelete);
  if (options.notNull) c.notNullable();
  else c.nullable();
  if (options.index) t.index([column]);
}

/** A timestamptz column, nullable. */
export function timestamptz(t: Knex.CreateTableBuilder, column: string): Knex.ColumnBuilder {
  return t.timestamp(column, { useTz: true }).nullable();
}

/** A jsonb column, not null with a literal default ('[]' or '{}'). */
export function jsonb(knex: Knex, t: Knex.CreateTableBuilder, column: string, empty: '[]' | '{}'): Knex.ColumnBuilder {
  return t
    .jsonb(column)
    .notNullable()
    .defaultTo(knex.raw(`'${empty}'::jsonb`));
}

/** An 'enabled' / 'disabled' option column. */
export function enabledOption(t: Knex.CreateTableBuilder, column: string, defaultValue: 'enabled' | 'disabled'): void {
  t.text(column).notNullable().defaultTo(defaultValue);
}

/** Drops tables in the given order (children first). */
export async function dropTables(knex: Knex, tables: string[]): Promise<void> {
  for (const table of tables) await knex.schema.dropTableIfExists(table);
}
