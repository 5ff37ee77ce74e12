import { inject, injectable } from '@switchboard/sdk';
import { SystemData } from '../../platform/system-data.js';
import type { ConversationTimer } from './conversation-timers.js';

/** A claim older than this belongs to a node that died: the timer is run again. */
const CLAIM_TIMEOUT_MS = 60_000;
const CLAIM_BATCH = 50;

/**
 * The sweeper's one cross-company step (a system path, DESIGN §4): claiming the due conversation timers of every
 * company. Everything else about a timer goes through its company's scope (ConversationTimers).
 */
@injectable()
export class DueConversationTimers {
  constructor(@inject(SystemData) private readonly system: SystemData) {}

  /** Claims up to `limit` due timers for this sweeper (skipping rows another node holds). */
  async claim(options: { now: Date; limit?: number }): Promise<ConversationTimer[]> {
    const staleBefore = new Date(options.now.getTime() - CLAIM_TIMEOUT_MS);
    const result = await this.system.knex.raw(
      `with due as materialized (
         select id from conversation_timers
          where due_at <= ? and (claimed_at is null or claimed_at < ?)
          order by due_at, id
          limit ?
          for update skip locked
       )
       update conversation_timers t set claimed_at = ?, attempts = t.attempts + 1, updated_at = now()
         from due where t.id = due.id
       returning t.*`,
      [options.now, staleBefore, options.limit ?? CLAIM_BATCH, new Date()],
    );
    return ((result as { rows: TimerRow[] }).rows ?? []).map(timerOf);
  }
}

export interface TimerRow {
  id: number;
  company_id: number;
  ticket_id: number;
  kind: string;
  due_at: Date | string;
  payload: Record<string, unknown> | string;
  attempts: number;
}

/** A conversation_timers row as the handlers see it. */
export function timerOf(row: TimerRow): ConversationTimer {
  return {
    id: row.id,
    companyId: row.company_id,
    ticketId: row.ticket_id,
    kind: row.kind,
    dueAt: row.due_at instanceof Date ? row.due_at : new Date(row.due_at),
    payload: typeof row.payload === 'string' ? (JSON.parse(row.payload) as Record<string, unknown>) : row.payload,
    attempts: row.attempts,
  };
}
