import { inject, injectable } from '@switchboard/sdk';
import { Tenancy } from '../../platform/tenancy.js';
import { RoutedTickets, type RoutedTicket } from './routed-tickets.js';
import { customerText } from '../messages/index.js';

/** Tells a waiting contact where it stands: its rank among the queue's pending tickets without user, oldest first. */
@injectable()
export class QueuePosition {
  constructor(
    @inject(Tenancy) private readonly tenancy: Tenancy,
    @inject(RoutedTickets) private readonly tickets: RoutedTickets,
  ) {}

  async of(ticket: RoutedTicket): Promise<number> {
    const row = await this.tenancy
      .of(ticket.company_id)
      .table('tickets')
      .where({ queue_id: ticket.queue_id, status: 'pending' })
      .whereNull('user_id')
      .where('id', '<=', ticket.id)
      .count<{ count: string | number }[]>('* as count')
      .first();
    return Number(row?.count ?? 1);
  }

  /** The automatic notice of sendQueuePosition, in the company's language. */
  async tell(ticket: RoutedTicket, language: string): Promise<void> {
    const position = await this.of(ticket);
    const body = customerText('queue.position', { language, values: { position } });
    await this.tickets.say({ companyId: ticket.company_id, ticketId: ticket.id, body });
  }
}
