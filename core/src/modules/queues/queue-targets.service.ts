import { inject, injectable } from '@switchboard/sdk';
import type { AuthContext } from '../../platform/auth/auth-context.js';
import { Tenancy } from '../../platform/tenancy.js';
import { containsPattern } from '../../platform/database/like-pattern.js';

/** A page of a target list; large enough that the queue dialog's selects usually need no second page. */
export const TARGETS_PAGE_SIZE = 50;

interface PageOptions {
  auth: AuthContext;
  searchParam?: string;
  pageNumber: number;
}

/**
 * The read-only list of file lists that queues and chatbot options point at, by name; their own management comes
 * with a later issue. (Queue integrations and AI prompts are the integrations module's.)
 */
@injectable()
export class QueueTargetsService {
  constructor(@inject(Tenancy) private readonly tenancy: Tenancy) {}

  /** GET /files. */
  async files(options: PageOptions) {
    const { rows, count, hasMore } = await this.page<{ id: number; name: string; message: string | null }>(options, 'files', [
      'id',
      'name',
      'message',
    ]);
    return { files: rows, count, hasMore };
  }

  private async page<Row>(
    options: PageOptions,
    table: string,
    columns: string[],
  ): Promise<{ rows: Row[]; count: number; hasMore: boolean }> {
    const scope = this.tenancy.of(options.auth.companyId);
    const query = scope.connection(table).where(`${table}.company_id`, scope.companyId);
    if (options.searchParam) query.whereRaw(`${table}.name ilike ?`, [containsPattern(options.searchParam)]);
    const offset = (options.pageNumber - 1) * TARGETS_PAGE_SIZE;
    const [counted, rows] = await Promise.all([
      query.clone().count({ count: '*' }).first(),
      query
        .clone()
        .select(columns.map((column) => `${table}.${column}`))
        .orderByRaw(`lower(${table}.name), ${table}.id`)
        .limit(TARGETS_PAGE_SIZE)
        .offset(offset),
    ]);
    const count = Number(counted?.count ?? 0);
    return { rows: rows as Row[], count, hasMore: offset + rows.length < count };
  }
}
