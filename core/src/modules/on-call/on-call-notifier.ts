import { inject, injectable } from '@switchboard/sdk';
import { SecretKeys } from '../../platform/auth/app-secret.js';
import type { BackgroundWorker } from '../../platform/background-worker.js';
import { Clock } from '../../platform/clock.js';
import { Tenancy } from '../../platform/tenancy.js';
import { Logger } from '../../platform/tokens.js';
import { toConnectionInfo } from '../connections/index.js';
import { ConversationRecords } from '../conversations/index.js';
import { customerText, OutboundMessages } from '../messages/index.js';
import { DueOnCall, type DueOnCallEntry } from './due-on-call.js';
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
  private timer?: NodeJS.Timeout;
  private running?: Promise<void>;

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
    this.timer = setInterval(() => {
      if (this.running) return;
      this.running = this.sweep()
        .catch((error) => this.logger.error({ err: error }, 'on-call sweep failed'))
        .finally(() => (this.running = undefined));
    }, SWEEP_MS);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    await this.running;
  }

  /** One pass: every entry on call now, out of its quiet interval, in a company with waiting tickets, is told once. */
  async sweep(): Promise<void> {
    const now = this.clock.now();
    for (const entry of await this.due.candidates({ now })) {
      if (!isOnCall(entry.days, now, entry.timezone)) continue;
      if (!(await this.due.claim({ id: entry.id, now }))) continue;
      try {
        await this.notify(entry);
      } catch (error) {
        this.logger.warn({ err: error, onCallId: entry.id }, 'on-call notice could not be sent');
        await this.due.release({ id: entry.id, claimedAt: now, previous: entry.lastNotifiedAt });
      }
    }
  }

  private async notify(entry: DueOnCallEntry): Promise<void> {
    const scope = this.tenancy.of(entry.companyId);
    const [counted] = await scope.table('tickets').where('status', 'pending').count({ total: '*' });
    const total = Number((counted as { total: number | string } | undefined)?.total ?? 0);
    if (total === 0) return;
    const connection = await scope
      .table<Parameters<typeof toConnectionInfo>[0]>('connections')
      .orderBy([{ column: 'is_default', order: 'desc' }, 'id'])
      .first();
    if (!connection) throw new Error('ERR_NO_DEF_WAPP_FOUND');
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
  }
}
