import { inject, injectable } from '@switchboard/sdk';
import type { BackgroundWorker } from '../../platform/background-worker.js';
import { SweepLoop } from '../../platform/sweep-loop.js';
import { SecretKeys } from '../../platform/auth/app-secret.js';
import { Tenancy } from '../../platform/tenancy.js';
import { Logger } from '../../platform/tokens.js';
import { toConnectionInfo } from '../connections/index.js';
import { contactRecord, ConversationRecords, type ContactRow } from '../conversations/index.js';
import { OutboundMessages } from '../messages/index.js';
import type { ScheduleModel } from './schedule.model.js';
import { DueSchedules } from './due-schedules.js';
import { ScheduleService } from './schedule.service.js';

const SWEEP_MS = 1000;

/**
 * Sends due schedules. The database is the source of truth: every node sweeps, DueSchedules hands each row to one
 * sweeper, a claim left by a dead node is taken again after its timeout, and a retried row whose message was
 * already stored is only marked sent, so nothing is lost or sent twice across a restart.
 */
@injectable()
export class ScheduleDispatcher implements BackgroundWorker {
  readonly name = 'schedules';
  private readonly loop = new SweepLoop({
    everyMs: SWEEP_MS,
    sweep: () => this.sweep(),
    onError: (error) => this.logger.error({ err: error }, 'schedule sweep failed'),
  });

  constructor(
    @inject(DueSchedules) private readonly due: DueSchedules,
    @inject(ScheduleService) private readonly schedules: ScheduleService,
    @inject(OutboundMessages) private readonly outbound: OutboundMessages,
    @inject(ConversationRecords) private readonly records: ConversationRecords,
    @inject(Tenancy) private readonly tenancy: Tenancy,
    @inject(SecretKeys) private readonly secrets: SecretKeys,
    @inject(Logger) private readonly logger: Logger,
  ) {}

  async start(): Promise<void> {
    this.loop.start();
  }

  stop(): Promise<void> {
    return this.loop.stop();
  }

  /** One pass: claim what is due and send it. */
  async sweep(now = new Date()): Promise<void> {
    for (const schedule of await this.due.claim({ now })) {
      try {
        await this.dispatch(schedule);
        await this.schedules.markSent(schedule);
      } catch (error) {
        this.logger.warn({ err: error, scheduleId: schedule.id }, 'schedule could not be sent');
        await this.schedules.markFailed(schedule, error);
      }
    }
  }

  private async dispatch(schedule: ScheduleModel): Promise<void> {
    if (schedule.attempts > 1) {
      const already = await this.tenancy
        .of(schedule.companyId)
        .table('messages')
        .whereRaw(`data->'origin'->>'scheduleId' = ?`, [String(schedule.id)])
        .first('id');
      if (already) return;
    }
    const ticketId = schedule.ticketId ?? (await this.ticketFor(schedule));
    await this.outbound.send({
      companyId: schedule.companyId,
      ticketId,
      userId: schedule.userId,
      body: schedule.body,
      origin: { scheduleId: schedule.id },
    });
  }

  /** The contact's ticket on the schedule's connection, else on the company's default connection. */
  private async ticketFor(schedule: ScheduleModel): Promise<number> {
    const scope = this.tenancy.of(schedule.companyId);
    const query = scope.table<Parameters<typeof toConnectionInfo>[0]>('connections');
    const row = schedule.whatsappId
      ? await query.where('id', schedule.whatsappId).first()
      : await query.orderBy([{ column: 'is_default', order: 'desc' }, 'id']).first();
    if (!row) throw new Error('ERR_NO_DEF_WAPP_FOUND');
    const contact = await scope.table<ContactRow>('contacts').where('id', schedule.contactId).first();
    if (!contact) throw new Error('ERR_NO_CONTACT_FOUND');
    const settled = await this.records.settleTicket(toConnectionInfo(row, this.secrets), contactRecord(contact));
    if (!settled) throw new Error('ERR_CREATING_TICKET');
    return settled.ticket.id;
  }
}
