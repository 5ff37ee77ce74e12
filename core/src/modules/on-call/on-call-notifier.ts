import { inject, injectable } from '@switchboard/sdk';
import { SecretKeys } from '../../platform/auth/app-secret.js';
import type { BackgroundWorker } from '../../platform/background-worker.js';
import { SweepLoop } from '../../platform/sweep-loop.js';
import { Clock } from '../../platform/clock.js';
import { Tenancy } from '../../platform/tenancy.js';
import { Logger } from '../../platform/tokens.js';
import { toConnectionInfo } from '../connections/index.js';
import { ConversationRecords } from '../conversations/index.js';
import { customerText, OutboundMessages } from '../messages/index.js';
import { DUE_ON_CALL_PAGE, DueOnCall, type DueOnCallEntry } from './due-on-call.js';
import { isOnCall } from './on-call-shift.js';

const SWEEP_MS = 1000;

/**
 * Tells the person on call how many tickets wait (status pending), through the company's default connection, when
 * their shift has waiting tickets and then every `interval` minutes while any wait. The database is the source of
 * truth: each entry keeps its last notice, every node sweeps, and the conditional claim lets one of them send a slot.
 */
@injectable()
export class OnCallNotifier implements BackgroundWorker {
  readonly name = 'on-call';
  private readonly loop = new SweepLoop({
    everyMs: SWEEP_MS,
    sweep: () => this.sweep(),
    onError: (error) => this.logger.error({ err: error }, 'on-call sweep failed'),
  });

  constructor(
    @inject(DueOnCall) private readonly due: DueOnCall,
    @inject(OutboundMessages) private readonly outbound: OutboundMessages,
    @inject(ConversationRecords) private readonly records: ConversationRecords,
    @inject(Tenancy) private readonly tenancy: Tenancy,
    @inject(SecretKeys) private readonly secrets: SecretKeys,
    @inject(Clock) private readonly clock: Clock,
    @inject(Logger) private readonly logger: Logger,
  ) {}

  async start(): Promise<void> {
    this.loop.start();
  }

  stop(): Promise<void> {
    return this.loop.stop();
  }

  /** One pass: every entry on call now, out of its quiet interval, in a company with waiting tickets, is told once. */
  async sweep(): Promise<void> {
    const now = this.clock.now();
    let afterId = 0;
    for (;;) {
      const page = await this.due.candidates({ now, afterId });
      for (const entry of page) {
        if (isOnCall(entry.days, now, entry.timezone)) await this.notifyOnce(entry, now);
      }
      if (page.length < DUE_ON_CALL_PAGE) return;
      afterId = page[page.length - 1]!.id;
    }
  }

  /** Claims the entry's slot and sends its notice; a notice that fails gives the slot back for the next sweep. */
  private async notifyOnce(entry: DueOnCallEntry, now: Date): Promise<void> {
    if (!(await this.due.claim({ id: entry.id, now }))) return;
    try {
      // Nothing waited after all (answered meanwhile): the slot stays free for the next ticket.
      if (!(await this.notify(entry))) await this.due.release({ id: entry.id, claimedAt: now, previous: entry.lastNotifiedAt });
    } catch (error) {
      this.logger.warn({ err: error, onCallId: entry.id }, 'on-call notice could not be sent');
      await this.due.release({ id: entry.id, claimedAt: now, previous: entry.lastNotifiedAt });
    }
  }

  /** Sends the notice; false when no ticket waits. A company without a connection is told in the log once a slot. */
  private async notify(entry: DueOnCallEntry): Promise<boolean> {
    const scope = this.tenancy.of(entry.companyId);
    const [counted] = await scope.table('tickets').where('status', 'pending').count({ total: '*' });
    const total = Number((counted as { total: number | string } | undefined)?.total ?? 0);
    if (total === 0) return false;
    const connection = await scope
      .table<Parameters<typeof toConnectionInfo>[0]>('connections')
      .orderBy([{ column: 'is_default', order: 'desc' }, 'id'])
      .first();
    if (!connection) {
      this.logger.warn({ onCallId: entry.id, companyId: entry.companyId }, 'on-call notice not sent: the company has no connection');
      return true;
    }
    const info = toConnectionInfo(connection, this.secrets);
    const user = await scope.table<{ name: string }>('users').where('id', entry.userId).first('name');
    const contact = await this.records.upsertContact(info, { address: entry.phone, name: user?.name });
    // The notice's own ticket is the person's, open: it is not one more waiting ticket.
    const settled = await this.records.settleTicket(info, contact, { status: 'open', userId: entry.userId });
    if (!settled) throw new Error('ERR_CREATING_TICKET');
    const body =
      total === 1
        ? customerText('onCall.waitingOne', { language: entry.language ?? '' })
        : customerText('onCall.waitingMany', { language: entry.language ?? '', values: { total } });
    await this.outbound.send({
      companyId: entry.companyId,
      ticketId: settled.ticket.id,
      userId: null,
      body,
      origin: { onCall: entry.id },
    });
    return true;
  }
}
