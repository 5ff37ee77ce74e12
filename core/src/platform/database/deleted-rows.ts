import type { Model, QueryBuilder } from 'objection';

/**
 * How many rows a delete removed, the same on PostgreSQL and the embedded database. knex-pglite answers a plain
 * delete with PGlite's result object instead of the row count, so the delete returns the removed ids and they are
 * counted.
 */
export async function deletedRows<M extends Model>(query: QueryBuilder<M, number>): Promise<number> {
  const removed = await query.returning('id');
  return removed.length;
}
