import { inject, injectable } from '@switchboard/sdk';
import type { Knex } from 'knex';
import type { BackgroundWorker } from '../../platform/background-worker.js';
import { Clock } from '../../platform/clock.js';
import { Tenancy } from '../../platform/tenancy.js';
import { Logger } from '../../platform/tokens.js';
import { Metrics } from '../../platform/metrics/index.js';
import { DueConversationTimers, timerOf, type TimerRow } from './due-conversation-timers.js';

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

/** A timer whose handler keeps failing is dropped after this many attempts (and logged). */
const MAX_ATTEMPTS = 5;
const RETRY_STEP_MS = 30_000;
const SWEEP_MS = 1000;

/**
 * The timers of conversations, kept as rows (one per ticket and kind) so a restart loses none. Each call names the
 * ticket's company; only DueConversationTimers, for the sweeper, claims due rows of every company.
 */
@injectable()
export class ConversationTimers {
  constructor(
    @inject(Tenancy) private readonly tenancy: Tenancy,
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
    await this.tenancy
      .of(options.companyId)
      .insertInto('conversation_timers', { ticket_id: options.ticketId, kind: options.kind, due_at: dueAt, payload })
      .onConflict(['ticket_id', 'kind'])
      .merge({ due_at: dueAt, payload, claimed_at: null, attempts: 0, updated_at: new Date() });
  }

  /**
   * Sets several timers of the ticket in one statement, each replacing a pending one of its kind, but only while
   * `when` (a query of this company's tickets) selects a row: the check and the write are one round trip.
   */
  async setWhile(options: {
    companyId: number;
    ticketId: number;
    timers: { kind: string; inMs: number }[];
    when: Knex.QueryBuilder;
  }): Promise<void> {
    if (options.timers.length === 0) return;
    const now = this.clock.now().getTime();
    const scope = this.tenancy.of(options.companyId);
    await scope.raw(
      `insert into conversation_timers (company_id, ticket_id, kind, due_at)
       select ?, ?, v.kind, v.due_at from (values ${options.timers.map(() => '(?::text, ?::timestamptz)').join(', ')}) as v (kind, due_at)
        where exists (?)
       on conflict (ticket_id, kind) do update
         set due_at = excluded.due_at, payload = '{}', claimed_at = null, attempts = 0, updated_at = now()`,
      [options.companyId, options.ticketId, ...options.timers.flatMap((timer) => [timer.kind, new Date(now + timer.inMs)]), options.when],
    );
  }

  /** Drops the ticket's timers (of the given kinds, or all). */
  async cancel(options: { companyId: number; ticketId: number; kinds?: string[] }): Promise<void> {
    await this.cancelling(options);
  }

  /** cancel's delete, not yet run: a caller may send it as a CTE of its own write, in the same round trip. */
  cancelling(options: { companyId: number; ticketId: number; kinds?: string[] }): Knex.QueryBuilder {
    const query = this.tenancy.of(options.companyId).table('conversation_timers').where('ticket_id', options.ticketId);
    if (options.kinds) query.whereIn('kind', options.kinds);
    return query.delete();
  }

  /** The ticket's pending timers, soonest first (for tests and diagnostics). */
  async pending(companyId: number, ticketId: number): Promise<ConversationTimer[]> {
    const rows = (await this.tenancy
      .of(companyId)
      .table('conversation_timers')
      .where('ticket_id', ticketId)
      .orderBy('due_at')) as unknown as TimerRow[];
    return rows.map(timerOf);
  }

  /** A timer that ran: gone, unless it was set again meanwhile (a newer due time keeps the row). */
  async finish(timer: ConversationTimer): Promise<void> {
    await this.tenancy.of(timer.companyId).table('conversation_timers').where({ id: timer.id, due_at: timer.dueAt }).delete();
  }

  /** A timer whose handler failed: retried later (30 s more after each attempt), dropped after too many. */
  async release(timer: ConversationTimer): Promise<'retry' | 'dropped'> {
    const timers = () => this.tenancy.of(timer.companyId).table('conversation_timers');
    if (timer.attempts >= MAX_ATTEMPTS) {
      await timers().where('id', timer.id).delete();
      return 'dropped';
    }
    const retryAt = new Date(this.clock.now().getTime() + RETRY_STEP_MS * timer.attempts);
    await timers().where({ id: timer.id, due_at: timer.dueAt }).update({ claimed_at: null, due_at: retryAt });
    return 'retry';
  }
}

/**
 * Runs due conversation timers on every node: the database hands each row to one sweeper, and the handler of
 * its kind runs it. Due rows of every company are claimed by DueConversationTimers (the one system path); each
 * timer then runs within its own company. Tests call `sweep()` after moving the clock.
 */
@injectable()
export class ConversationTimerSweeper implements BackgroundWorker {
  readonly name = 'conversation-timers';
  private interval?: NodeJS.Timeout;
  private running?: Promise<number>;
  private readonly handlers: Map<string, ConversationTimerHandler>;

  constructor(
    @inject(DueConversationTimers) private readonly due: DueConversationTimers,
    @inject(ConversationTimers) private readonly timers: ConversationTimers,
    @inject(Clock) private readonly clock: Clock,
    @inject(Logger) private readonly logger: Logger,
    @inject(ConversationTimerHandlers) handlers: ConversationTimerHandler[],
    @inject(Metrics) private readonly metrics: Metrics,
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
      const due = await this.due.claim({ now: this.clock.now() });
      if (due.length === 0) return ran;
      for (const timer of due) {
        const handler = this.handlers.get(timer.kind);
        this.metrics.timerSwept(timer.dueAt, this.clock.now());
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
