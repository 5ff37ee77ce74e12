import { inject, injectable, conversationSteps, type ConversationHandler, type InboundContext } from '@switchboard/sdk';
import { Clock } from '../../platform/clock.js';
import { Tenancy } from '../../platform/tenancy.js';
import { isWithinServiceHours, type ServiceHoursEntry } from '../queues/index.js';
import { isContactsLiveMessage } from './contact-preferences.step.js';
import { RoutedTickets } from './routed-tickets.js';
import { RoutingSettings, type CompanyRoutingOptions, type ConnectionRoutingOptions } from './routing-settings.js';

export interface ServiceHoursVerdict {
  open: boolean;
  /** What the contact is told when closed (may be empty: then nothing is sent). */
  outOfHoursMessage: string;
}

const asEntries = (value: unknown): ServiceHoursEntry[] => {
  const list = typeof value === 'string' ? (JSON.parse(value) as unknown) : value;
  return Array.isArray(list) ? (list as ServiceHoursEntry[]) : [];
};

/**
 * Whether the company attends now, by its scheduleType: 'company' reads the company's week, 'connection' the
 * connection's, 'queue' the ticket's queue's (no queue yet: open), 'disabled' always open. The message is the
 * queue's for 'queue' (the connection's when the queue has none), else the connection's. Read in the company's
 * timezone at the Clock's now.
 */
@injectable()
export class ServiceHoursRule {
  constructor(
    @inject(Tenancy) private readonly tenancy: Tenancy,
    @inject(Clock) private readonly clock: Clock,
  ) {}

  async verdict(options: {
    companyId: number;
    company: CompanyRoutingOptions;
    connection: ConnectionRoutingOptions;
    queueId: number | null;
  }): Promise<ServiceHoursVerdict> {
    const { company, connection } = options;
    const open = { open: true, outOfHoursMessage: '' };
    let entries: ServiceHoursEntry[];
    let message = connection.outOfHoursMessage;
    if (company.scheduleType === 'company') entries = asEntries(company.schedules);
    else if (company.scheduleType === 'connection') entries = asEntries(connection.schedules);
    else if (company.scheduleType === 'queue' && options.queueId) {
      const queue = await this.tenancy
        .of(options.companyId)
        .table('queues')
        .where('id', options.queueId)
        .first('schedules', 'out_of_hours_message');
      if (!queue) return open;
      entries = asEntries(queue.schedules);
      message = (queue.out_of_hours_message as string | null)?.trim() || message;
    } else return open;
    if (isWithinServiceHours(entries, this.clock.now(), company.timezone)) return open;
    return { open: false, outOfHoursMessage: message };
  }
}

/**
 * Out of hours (order 700, before the menu): the contact gets the out-of-hours message, the ticket is marked
 * is_out_of_hour and the chain stops (no menu, no assignment). A ticket an agent already holds gets the message only
 * with sendMessageOutExpedientTicketOpen. Back within hours the mark is cleared.
 */
@injectable()
export class OutOfHoursStep implements ConversationHandler {
  readonly name = 'outOfHours';
  readonly order = conversationSteps.outOfHours;

  constructor(
    @inject(RoutingSettings) private readonly settings: RoutingSettings,
    @inject(ServiceHoursRule) private readonly hours: ServiceHoursRule,
    @inject(RoutedTickets) private readonly tickets: RoutedTickets,
  ) {}

  async handle(ctx: InboundContext, next: () => Promise<void>): Promise<void> {
    if (!isContactsLiveMessage(ctx) || !ctx.ticket || ctx.ticket.isGroup) return next();
    const { company, connection } = await this.settings.forMessage(ctx);
    if (company.scheduleType === 'disabled') return next();
    const ticket = await this.tickets.read(ctx.connection.companyId, ctx.ticket.id);
    if (!ticket || (ticket.status !== 'pending' && ticket.status !== 'open')) return next();
    const verdict = await this.hours.verdict({ companyId: ticket.company_id, company, connection, queueId: ticket.queue_id });
    const mark = (isOutOfHour: boolean) =>
      ticket.is_out_of_hour === isOutOfHour
        ? Promise.resolve()
        : this.tickets.change({ companyId: ticket.company_id, ticketId: ticket.id, columns: { is_out_of_hour: isOutOfHour } });
    if (verdict.open) {
      await mark(false);
      return next();
    }
    if (!ticket.user_id || company.sendMessageOutExpedientTicketOpen) {
      await this.tickets.say({ companyId: ticket.company_id, ticketId: ticket.id, body: verdict.outOfHoursMessage });
    }
    await mark(true);
  }
}
