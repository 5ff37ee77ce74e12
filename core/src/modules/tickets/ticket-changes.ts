import { inject, injectable } from '@switchboard/sdk';
import { Tenancy } from '../../platform/tenancy.js';
import { TicketEvents } from '../realtime/index.js';
import { TicketModel } from './ticket.model.js';
import { TicketViews } from './ticket-views.js';

/**
 * Another module changed something a ticket shows (its tags): the whole ticket goes out as a `ticket` update to who
 * may see it, so cards, the open pane and the kanban follow without a reload.
 */
@injectable()
export class TicketChanges {
  constructor(
    @inject(Tenancy) private readonly tenancy: Tenancy,
    @inject(TicketViews) private readonly views: TicketViews,
    @inject(TicketEvents) private readonly events: TicketEvents,
  ) {}

  async announce(companyId: number, ticketId: number): Promise<void> {
    const ticket = await this.tenancy.of(companyId).query<TicketModel>(TicketModel).findById(ticketId);
    if (!ticket) return;
    this.events.ticketChanged(ticket, { action: 'update', ticket: await this.views.presentOne(companyId, ticket) });
  }
}
