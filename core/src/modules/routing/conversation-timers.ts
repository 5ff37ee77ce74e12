import { inject, injectable } from '@switchboard/sdk';
import type { BackgroundWorker } from '../../platform/background-worker.js';
import { Clock } from '../../platform/clock.js';
import { Database } from '../../platform/database/database.js';
import { Logger } from '../../platform/tokens.js';

/** A pending timer of one ticket: what to do (`kind`), when, and the facts its handler needs. */
export interface ConversationTimer {
  id: number;
  companyId: number;
  ticketId: number;
  kind: string;
  dueAt: Date;
  payload: Record<string, unknown>;
  attempts: number;
}

export const ConversationTimerHandler = Symbol('ConversationTimerHandler');
/**
 * Runs the timers of one kind when they are due. `fire` must be idempotent by row state (check the ticket is
 * still in the state the timer was set for): a node that dies mid-way leaves the claim, and the timer runs again.
 */
export interface ConversationTimerHandler {
  readonly kind: string;
  fire(timer: ConversationTimer): Promise<void>;
}

/** Every bound ConversationTimerHandler, or none (bound by the routing module). */
export const ConversationTimerHandlers = Symbol('ConversationTimerHandlers');

/** A claim older than this belongs to a node that died: the timer is run again. */
const CLAIM_TIMEOUT_MS = 60_000;
/** A timer whose handler keeps failing is dropped after this many attempts (and logged). */
const MAX_ATTEMPTS = 5;
const SWEEP_MS = 1000;
const RETRY_STEP_MS = 30_000;
const CLAIM_BATCH = 50;

interface TimerRow {
  id: number;
  company_id: number;
  ticket_id: number;
  kind: string;
  due_at: Date | string;
  payload: Record<string, unknown> | string;
  attempts: number;
}

/** The timers of conversations, kept as rows (one per ticket and kind) so a restart loses none. */
@injectable()
export class ConversationTimers {
  constructor(
    @inject(Database) private readonly database: Database,
    @inject(Clock) private readonly clock: Clock,
  ) {}

  /** Sets the ticket's timer of this kind, replacing a pending one (its claim and attempts start over). */
  async set(options: {
    companyId: number;
    ticketId: number;
    kind: string;
    /** Either an absolute time or a delay from the clock's now. */
    dueAt?: Date;
    inMs?: number;
    payload?: Record<string, unknown>;
  }): Promise<void> {
    const dueAt = options.dueAt ?? new Date(this.clock.now().getTime() + (options.inMs ?? 0));
    const payload = JSON.stringify(options.payload ?? {});
    await this.database
      .knex('conversation_timers')
      .insert({ company_id: options.companyId, ticket_id: options.ticketId, kind: options.kind, due_at: dueAt, payload })
      .onConflict(['ticket_id', 'kind'])
      .merge({ due_at: dueAt, payload, claimed_at: null, attempts: 0, updated_at: new Date() });
  }

  /** Drops the ticket's timers (of the given kinds, or all). */
  async cancel(options: { ticketId: number; kinds?: string[] }): Promise<void> {
    const query = this.database.knex('conversation_timers').where('ticket_id', options.ticketId);
    if (options.kinds) query.whereIn('kind', options.kinds);
    await query.delete();
  }

  /** The ticket's pending timers, soonest first (for tests and diagnostics). */
  async pending(ticketId: number): Promise<ConversationTimer[]> {
    const rows = (await this.database.knex('conversation_timers').where('ticket_id', ticketId).orderBy('due_at')) as TimerRow[];
    return rows.map(timerOf);
  }

  /** Claims up to `limit` due timers for this sweeper (skipping rows another node holds). */
  async claimDue(options: { now: Date; limit?: number }): Promise<ConversationTimer[]> {
    const staleBefore = new Date(options.now.getTime() - CLAIM_TIMEOUT_MS);
    const result = await this.database.knex.raw(
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

  /** A timer that ran: gone, unless it was set again meanwhile (a newer due time keeps the row). */
  async finish(timer: ConversationTimer): Promise<void> {
    await this.database.knex('conversation_timers').where({ id: timer.id, due_at: timer.dueAt }).delete();
  }

  /** A timer whose handler failed: retried later (30 s more after each attempt), dropped after too many. */
  async release(timer: ConversationTimer): Promise<'retry' | 'dropped'> {
    const knex = this.database.knex;
    if (timer.attempts >= MAX_ATTEMPTS) {
      await knex('conversation_timers').where('id', timer.id).delete();
      return 'dropped';
    }
    const retryAt = new Date(this.clock.now().getTime() + RETRY_STEP_MS * timer.attempts);
    await knex('conversation_timers').where({ id: timer.id, due_at: timer.dueAt }).update({ claimed_at: null, due_at: retryAt });
    return 'retry';
  }
}

function timerOf(row: TimerRow): ConversationTimer {
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

/**
 * Runs due conversation timers on every node: the database hands each row to one sweeper, and the handler of
 * its kind runs it. Tests call `sweep()` after moving the clock.
 */
@injectable()
export class ConversationTimerSweeper implements BackgroundWorker {
  readonly name = 'conversation-timers';
  private interval?: NodeJS.Timeout;
  private running?: Promise<number>;
  private readonly handlers: Map<string, ConversationTimerHandler>;

  constructor(
    @inject(ConversationTimers) private readonly timers: ConversationTimers,
    @inject(Clock) private readonly clock: Clock,
    @inject(Logger) private readonly logger: Logger,
    @inject(ConversationTimerHandlers) handlers: ConversationTimerHandler[],
  ) {
    this.handlers = new Map(handlers.map((handler) => [handler.kind, handler]));
  }

  async start(): Promise<void> {
    this.interval = setInterval(
      () => void this.sweep().catch((error) => this.logger.error({ err: error }, 'timer sweep failed')),
      SWEEP_MS,
    );
    this.interval.unref();
  }

  async stop(): Promise<void> {
    if (this.interval) clearInterval(this.interval);
    await this.running?.catch(() => 0);
  }

  /** One pass over what is due at the clock's now; answers how many timers ran. Passes never overlap. */
  sweep(): Promise<number> {
    if (!this.running) {
      this.running = this.pass().finally(() => (this.running = undefined));
    }
    return this.running;
  }

  private async pass(): Promise<number> {
    let ran = 0;
    for (;;) {
      const due = await this.timers.claimDue({ now: this.clock.now() });
      if (due.length === 0) return ran;
      for (const timer of due) {
        const handler = this.handlers.get(timer.kind);
        try {
          if (handler) await handler.fire(timer);
          else this.logger.warn({ kind: timer.kind, ticketId: timer.ticketId }, 'no handler for conversation timer');
          await this.timers.finish(timer);
          ran += 1;
        } catch (error) {
          const outcome = await this.timers.release(timer);
          this.logger.warn({ err: error, kind: timer.kind, ticketId: timer.ticketId, outcome }, 'conversation timer failed');
        }
      }
    }
  }
}
