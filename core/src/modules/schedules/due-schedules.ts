import { inject, injectable } from '@switchboard/sdk';
import { SystemData } from '../../platform/system-data.js';
import { ScheduleModel } from './schedule.model.js';
import { SCHEDULE_CLAIM_TIMEOUT_MS } from './schedule.service.js';

const DEFAULT_CLAIM_LIMIT = 50;

/**
 * The schedule dispatcher's one cross-company step (a system path, DESIGN §4): claiming the due schedules of every
 * company. Each claimed row is then sent and reported within its own company (ScheduleService).
 */
@injectable()
export class DueSchedules {
  constructor(@inject(SystemData) private readonly system: SystemData) {}

  /**
   * Atomically claims up to `limit` due schedules of every company: unsent rows with sendAt <= now in PENDENTE or
   * AGENDADA, or in ENVIANDO whose claim is older than 5 minutes (a dispatcher that died). They move to ENVIANDO
   * with the claim time in updatedAt and one more attempt. Rows are locked with SKIP LOCKED, so concurrent claims
   * (on any node) never answer the same row, and a row being edited is left for the next sweep.
   */
  async claim(options: { now?: Date; limit?: number } = {}): Promise<ScheduleModel[]> {
    const now = options.now ?? new Date();
    const limit = Math.max(1, Math.floor(options.limit ?? DEFAULT_CLAIM_LIMIT));
    const staleBefore = new Date(now.getTime() - SCHEDULE_CLAIM_TIMEOUT_MS);
    const result = await this.system.knex.raw(
      `with due as materialized (
         select id from schedules
          where sent_at is null
            and send_at <= ?
            and (status in ('PENDENTE', 'AGENDADA') or (status = 'ENVIANDO' and updated_at < ?))
          order by send_at, id
          limit ?
          for update skip locked
       )
       update schedules as s
          set status = 'ENVIANDO', updated_at = ?, attempts = s.attempts + 1
         from due
        where s.id = due.id
       returning s.*`,
      [now, staleBefore, limit, now],
    );
    const rows = (result as { rows: Record<string, unknown>[] }).rows;
    return rows.map((row) => ScheduleModel.fromDatabaseJson(row)).sort((a, b) => +a.sendAt - +b.sendAt || a.id - b.id);
  }
}
