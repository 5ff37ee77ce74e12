import { inject, injectable } from '@switchboard/sdk';
import { Logger } from '../../platform/tokens.js';
import { Tenancy } from '../../platform/tenancy.js';
import { OutboundMessages } from '../messages/index.js';
import { audienceOf, TicketEvents } from '../realtime/index.js';
import { TicketModel } from '../tickets/index.js';
import { TicketLogs, type TicketLogType } from '../tickets/index.js';
import { TicketViews } from '../tickets/index.js';

/** The columns routing reads and writes on a ticket: its place in the bot's conversation lives in the row. */
export interface RoutedTicket {
  id: number;
  company_id: number;
  status: string;
  queue_id: number | null;
  user_id: number | null;
  whatsapp_id: number | null;
  contact_id: number;
  is_group: boolean;
  /** The bot is talking: the contact's next message answers the menu it sent. */
  is_bot: boolean;
  /** The chatbot option whose sub-options were listed last (null: the queue's top level). */
  chatbot_id: number | null;
  amount_used_bot_queues: number;
  use_integration: boolean;
  is_out_of_hour: boolean;
}

/**
 * OutboundMessages, resolved on first use: the routing steps are built while the channel plugins are, before the
 * plugin registry that message delivery needs exists.
 */
export const RoutingOutbound = Symbol('RoutingOutbound');
export type RoutingOutbound = () => OutboundMessages | undefined;

/** A change routing makes to a ticket, in column names, with the log row it writes. */
export interface RoutingChange {
  companyId: number;
  ticketId: number;
  columns: Partial<Omit<RoutedTicket, 'id' | 'company_id'>> & {
    integration_id?: number | null;
    prompt_id?: number | null;
    closed_at?: Date | null;
  };
  log?: { type: TicketLogType; userId: number | null; queueId: number | null };
}

/**
 * Reads and changes tickets on routing's behalf: each change is logged and announced like an agent's change (the
 * ticket's old audience is told it left), and the messages routing sends go out as the system (userId null).
 */
@injectable()
export class RoutedTickets {
  constructor(
    @inject(Tenancy) private readonly tenancy: Tenancy,
    @inject(TicketLogs) private readonly logs: TicketLogs,
    @inject(TicketViews) private readonly views: TicketViews,
    @inject(TicketEvents) private readonly events: TicketEvents,
    @inject(Logger) private readonly logger: Logger,
    @inject(RoutingOutbound) private readonly outbound: RoutingOutbound,
  ) {}

  /** The ticket's row as routing sees it; another company's ticket is not found. */
  async read(companyId: number, ticketId: number): Promise<RoutedTicket | undefined> {
    return this.tenancy.of(companyId).table<RoutedTicket>('tickets').where('id', ticketId).first();
  }

  async change(change: RoutingChange): Promise<RoutedTicket> {
    const { companyId, ticketId } = change;
    const { before, after } = await this.tenancy.transaction(companyId, async (scope) => {
      const previous = (await scope.table<RoutedTicket>('tickets').where('id', ticketId).forUpdate().first())!;
      const [updated] = (await scope
        .table('tickets')
        .where('id', ticketId)
        .update({ ...change.columns, updated_at: new Date() })
        .returning('*')) as unknown as RoutedTicket[];
      if (change.log) await this.logs.write(scope.connection, companyId, [{ ticketId, ...change.log }]);
      return { before: previous, after: updated! };
    });
    const model = await this.tenancy.of(companyId).query<TicketModel>(TicketModel).findById(ticketId);
    if (model) {
      const view = await this.views.presentOne(companyId, model);
      this.events.ticketChanged(audienceOf(after), { action: 'update', ticket: view }, audienceOf(before));
    }
    return after;
  }

  /** Sends a text (or a stored file) to the ticket's contact as the system; a failure is logged, not thrown. */
  async say(options: {
    companyId: number;
    ticketId: number;
    body: string;
    storedMedia?: { path: string; fileName: string; mimeType: string; mediaType: string };
  }): Promise<void> {
    if (!options.body.trim() && !options.storedMedia) return;
    const outbound = this.outbound();
    if (!outbound) {
      this.logger.warn({ ticketId: options.ticketId }, 'OutboundMessages is not bound: routing message not sent');
      return;
    }
    try {
      await outbound.send({ ...options, userId: null });
    } catch (error) {
      this.logger.warn({ err: error, ticketId: options.ticketId }, 'could not send a routing message');
    }
  }
}
