import type { Model, QueryBuilder } from 'objection';
import { containsPattern } from '../../platform/database/like-pattern.js';
import { INTEGRATIONS_PAGE_SIZE } from './integrations.schema.js';

/** A page of a company's integrations or prompts by name (case-insensitive), searched by a part of the name. */
export async function pageByName<M extends Model>(
  query: QueryBuilder<M, M[]>,
  options: { table: string; searchParam?: string; pageNumber: number },
): Promise<{ rows: M[]; count: number; hasMore: boolean }> {
  const { table } = options;
  if (options.searchParam) query.whereRaw(`${table}.name ilike ?`, [containsPattern(options.searchParam)]);
  const offset = (options.pageNumber - 1) * INTEGRATIONS_PAGE_SIZE;
  const [count, rows] = await Promise.all([
    query.clone().resultSize(),
    query.clone().orderByRaw(`lower(${table}.name), ${table}.id`).limit(INTEGRATIONS_PAGE_SIZE).offset(offset),
  ]);
  return { rows, count, hasMore: offset + rows.length < count };
}
