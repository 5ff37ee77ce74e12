import type { Knex } from 'knex';

/**
 * A statement run for every inbound message, prepared under `name`: PostgreSQL parses and plans it once per pooled
 * connection instead of at each run (for the ingest path's statements, planning cost as much as running them). A name
 * stands for one SQL text, and pg refuses it for another, so a statement whose text varies names each variant.
 * PGlite runs it as any other statement.
 */
export function prepared<Statement extends Knex.ChainableInterface>(name: string, statement: Statement): Statement {
  return statement.options({ name });
}
