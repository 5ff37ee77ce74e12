import { inject, injectable } from '@switchboard/sdk';
import { SystemData } from '../../platform/system-data.js';
import type { OnCallDay } from './on-call-shift.js';

export const DUE_ON_CALL_PAGE = 200;

/** An entry whose person may be due a notice, with what its company's clock and language need. */
export interface DueOnCallEntry {
  id: number;
  companyId: number;
  userId: number;
  phone: string;
  interval: number;
  days: OnCallDay[];
  lastNotifiedAt: Date | null;
  timezone: string | null;
  language: string | null;
}

/**
 * The on-call notifier's cross-company steps (a system path, DESIGN §4): finding the entries of every company whose
 * last notice is at least `interval` minutes old while the company has waiting tickets, and claiming one entry's slot.
 */
@injectable()
export class DueOnCall {
  constructor(@inject(SystemData) private readonly system: SystemData) {}

  /**
   * Entries out of their quiet interval in companies with pending tickets, by id after `afterId` (a sweep pages through
   * them all, so entries off shift never hide later ones); whether each is on call is asked after.
   */
  async candidates(options: { now: Date; afterId?: number; limit?: number }): Promise<DueOnCallEntry[]> {
    const result = await this.system.knex.raw(
      `select e.id, e.company_id, e.user_id, e.phone, e."interval", e.days, e.last_notified_at,
              c.timezone, s.customer_language
         from on_call_entries e
         join companies c on c.id = e.company_id
         left join company_settings s on s.company_id = e.company_id
        where e.id > ?
          and (e.last_notified_at is null or e.last_notified_at <= ?::timestamptz - e."interval" * interval '1 minute')
          and exists (select 1 from tickets t where t.company_id = e.company_id and t.status = 'pending')
        order by e.id
        limit ?`,
      [options.afterId ?? 0, options.now, Math.max(1, options.limit ?? DUE_ON_CALL_PAGE)],
    );
    return (result as { rows: Record<string, unknown>[] }).rows.map((row) => ({
      id: Number(row.id),
      companyId: Number(row.company_id),
      userId: Number(row.user_id),
      phone: String(row.phone),
      interval: Number(row.interval),
      days: (typeof row.days === 'string' ? JSON.parse(row.days) : row.days) as OnCallDay[],
      lastNotifiedAt: row.last_notified_at ? new Date(row.last_notified_at as string) : null,
      timezone: (row.timezone as string | null) ?? null,
      language: (row.customer_language as string | null) ?? null,
    }));
  }

  /**
   * Takes the entry's slot at `now`: one atomic update that succeeds only while its last notice is still at least
   * `interval` minutes old, so of two sweepers (or nodes) only one notifies.
   */
  async claim(options: { id: number; now: Date }): Promise<boolean> {
    const result = await this.system.knex.raw(
      `update on_call_entries
          set last_notified_at = ?
        where id = ?
          and (last_notified_at is null or last_notified_at <= ?::timestamptz - "interval" * interval '1 minute')
       returning id`,
      [options.now, options.id, options.now],
    );
    return (result as { rows: unknown[] }).rows.length > 0;
  }

  /** Gives a slot back after a notice that could not be stored (only if no one took a later one meanwhile). */
  async release(options: { id: number; claimedAt: Date; previous: Date | null }): Promise<void> {
    await this.system.knex.raw(`update on_call_entries set last_notified_at = ? where id = ? and last_notified_at = ?`, [
      options.previous,
      options.id,
      options.claimedAt,
    ]);
  }
}
