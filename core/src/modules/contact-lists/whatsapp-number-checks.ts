import { inject, injectable } from '@switchboard/sdk';
import type { BackgroundWorker } from '../../platform/background-worker.js';
import { LiveSessions, type LiveSession } from '../../platform/channels/live-sessions.js';
import { JobQueue } from '../../platform/jobs/job-queue.js';
import { Tenancy } from '../../platform/tenancy.js';
import { Logger } from '../../platform/tokens.js';
import { ContactListEvents } from './contact-list-events.js';
import { ContactListItemModel } from './contact-list.model.js';

/** How often a node looks at which sessions it runs, to serve their check queues. */
const SYNC_MS = 2000;
const ITEMS_PER_JOB = 100;
/** A session moving to another node takes up to 30 s: attempts spread over about three minutes. */
const RETRIES = 6;
const BACKOFF_MS = 3000;
/** Up to this many checked items are announced one by one; more make their lists reload. */
const ANNOUNCED_ONE_BY_ONE = 20;

interface NumberCheckJob {
  companyId: number;
  itemIds: number[];
}

/**
 * isWhatsappValid of contact-list items (spec 3 §3): the company's default connection checks each number with its
 * session's `checkNumber`; a channel without one (webchat, api) sends to any address, so its items are valid.
 *
 * Why a queue per connection: the session lives on one node only (scaled mode), so the check must run there. Items
 * are stored unchecked (false) and their ids queued on `contact-numbers-<connectionId>`; every node serves the queues
 * of the sessions it runs (it looks every 2 s, without touching the session manager). A job that lands on a node
 * whose session just left fails and is retried until the new owner serves the queue; a job waiting while no node
 * runs the session is checked when it starts. Writing the same answer twice changes nothing, so a job may run again.
 */
@injectable()
export class WhatsappNumberChecks implements BackgroundWorker {
  readonly name = 'contact-list-number-checks';
  private readonly served = new Set<number>();
  private timer?: NodeJS.Timeout;
  private syncing?: Promise<void>;

  constructor(
    @inject(Tenancy) private readonly tenancy: Tenancy,
    @inject(JobQueue) private readonly jobs: JobQueue,
    @inject(LiveSessions) private readonly live: LiveSessions,
    @inject(ContactListEvents) private readonly events: ContactListEvents,
    @inject(Logger) private readonly logger: Logger,
  ) {}

  static queueOf(connectionId: number): string {
    return `contact-numbers-${connectionId}`;
  }

  /** Queues the check of these items on the company's default connection; with no connection they stay unchecked. */
  async request(options: { companyId: number; itemIds: number[] }): Promise<void> {
    if (options.itemIds.length === 0) return;
    const connection = await this.tenancy
      .of(options.companyId)
      .table<{ id: number }>('connections')
      .orderBy([{ column: 'is_default', order: 'desc' }, 'id'])
      .first('id');
    if (!connection) return;
    for (let start = 0; start < options.itemIds.length; start += ITEMS_PER_JOB) {
      const itemIds = options.itemIds.slice(start, start + ITEMS_PER_JOB);
      await this.jobs.add<NumberCheckJob>(
        WhatsappNumberChecks.queueOf(connection.id),
        { companyId: options.companyId, itemIds },
        { retries: RETRIES, backoffMs: BACKOFF_MS },
      );
    }
  }

  async start(): Promise<void> {
    await this.sync();
    this.timer = setInterval(() => {
      this.syncing ??= this.sync().finally(() => (this.syncing = undefined));
    }, SYNC_MS);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    clearInterval(this.timer);
    await this.syncing;
    await Promise.all([...this.served].map((connectionId) => this.leave(connectionId)));
  }

  /** Serves the check queues of the sessions live on this node and leaves those of sessions that left it. */
  async sync(): Promise<void> {
    const here = new Set(this.live.all().map((live) => live.connection.id));
    for (const connectionId of here) {
      if (this.served.has(connectionId)) continue;
      this.served.add(connectionId);
      this.jobs.process<NumberCheckJob>(WhatsappNumberChecks.queueOf(connectionId), (job) => this.check(connectionId, job), {
        concurrency: 1,
      });
    }
    await Promise.all([...this.served].filter((connectionId) => !here.has(connectionId)).map((connectionId) => this.leave(connectionId)));
  }

  private async leave(connectionId: number): Promise<void> {
    this.served.delete(connectionId);
    await this.jobs
      .stopProcessing(WhatsappNumberChecks.queueOf(connectionId))
      .catch((error) => this.logger.warn({ err: error, connectionId }, 'number check queue not left'));
  }

  private async check(connectionId: number, job: NumberCheckJob): Promise<void> {
    const live = this.live.get(connectionId);
    // The session left this node since the last sync: fail, so the job is retried where it lives now.
    if (!live) throw new Error('ERR_WAPP_NOT_INITIALIZED');
    const scope = this.tenancy.of(job.companyId);
    const items = await scope.table<{ id: number; number: string }>('contact_list_items').whereIn('id', job.itemIds).select('id', 'number');
    const verdicts = { valid: [] as number[], invalid: [] as number[] };
    for (const item of items) ((await exists(live, item.number)) ? verdicts.valid : verdicts.invalid).push(item.id);
    for (const [ids, valid] of [
      [verdicts.valid, true],
      [verdicts.invalid, false],
    ] as const) {
      if (ids.length > 0)
        await scope.table('contact_list_items').whereIn('id', ids).update({ is_whatsapp_valid: valid, updated_at: new Date() });
    }
    await this.announce(job.companyId, job.itemIds);
  }

  private async announce(companyId: number, itemIds: number[]): Promise<void> {
    const items = await this.tenancy.of(companyId).query<ContactListItemModel>(ContactListItemModel).whereIn('id', itemIds);
    if (items.length <= ANNOUNCED_ONE_BY_ONE) {
      for (const record of items) this.events.item(companyId, { action: 'update', record });
      return;
    }
    for (const contactListId of new Set(items.map((item) => item.contactListId))) {
      this.events.item(companyId, { action: 'reload', contactListId });
    }
  }
}

/** Whether the channel reaches this number; a session that cannot tell (no checkNumber) sends to any address. */
async function exists(live: LiveSession, number: string): Promise<boolean> {
  if (typeof live.session.checkNumber !== 'function') return true;
  return (await live.session.checkNumber(number)).exists;
}
