import { inject, injectable } from '@switchboard/sdk';
import type { AppMessageEvent, TicketEvent } from '@switchboard/sdk/contracts';
import { RealtimeBus, rooms, type Sendable } from '../../platform/realtime/realtime-bus.js';
import { Tenancy } from '../../platform/tenancy.js';
import { withMaskedContactNumbers } from '../../platform/http/contact-number-masking.js';

/** What decides who may see a ticket (spec 1 §6). */
export interface AudienceTicket {
  id: number;
  companyId: number;
  status: string;
  queueId: number | null;
  userId: number | null;
}

/**
 * The rooms of the sockets allowed to see a ticket: the same rule as the ticket list's visibility predicate,
 * expressed as rooms the sockets joined at the handshake. Admins see all; the assignee sees it; an unassigned
 * ticket reaches its queue (or, without a queue, the allTicket users); groups reach the allowGroup users.
 */
export function ticketRooms(ticket: AudienceTicket): string[] {
  const audience = [rooms.allTickets(ticket.companyId), rooms.ticket(ticket.id)];
  if (ticket.userId) audience.push(rooms.user(ticket.userId));
  if (ticket.status === 'group') audience.push(rooms.groups(ticket.companyId));
  else if (!ticket.userId) audience.push(ticket.queueId ? rooms.queue(ticket.queueId) : rooms.unqueued(ticket.companyId));
  return audience;
}

/** Ticket and message events sent only to who may see the ticket. */
@injectable()
export class TicketEvents {
  constructor(
    @inject(RealtimeBus) private readonly realtime: RealtimeBus,
    @inject(Tenancy) private readonly tenancy: Tenancy,
  ) {}

  /** A ticket changed; sockets that could see it before but not now are told it left their lists. */
  ticketChanged(after: AudienceTicket, payload: Record<string, unknown>, before?: AudienceTicket): void {
    const now = ticketRooms(after);
    if (before) this.realtime.emit(ticketRooms(before), 'ticket', { action: 'delete', ticketId: before.id }, now);
    // Callers build the ticket view in their own (untyped) shape; the event map names what it must hold.
    const event = payload as unknown as Sendable<TicketEvent>;
    this.realtime.emitViews(now, 'ticket', event, () => withMaskedContactNumbers(event) as typeof event);
  }

  ticketDeleted(ticket: AudienceTicket): void {
    this.realtime.emit(ticketRooms(ticket), 'ticket', { action: 'delete', ticketId: ticket.id });
  }

  message(ticket: AudienceTicket, payload: Record<string, unknown>): void {
    const event = payload as unknown as Sendable<AppMessageEvent>;
    this.realtime.emitViews(ticketRooms(ticket), 'appMessage', event, () => withMaskedContactNumbers(event) as typeof event);
  }

  /** A message event when only the ticket's id is at hand. */
  async messageOfTicket(companyId: number, ticketId: number, payload: Record<string, unknown>): Promise<void> {
    const ticket = await this.tenancy
      .of(companyId)
      .table<Parameters<typeof audienceOf>[0]>('tickets')
      .where('id', ticketId)
      .first('id', 'company_id', 'status', 'queue_id', 'user_id');
    if (ticket) this.message(audienceOf(ticket), payload);
  }

  presence(ticket: AudienceTicket, presence: string): void {
    this.realtime.emit(ticketRooms(ticket), 'presence', { ticketId: ticket.id, presence });
  }
}

/** A tickets row (snake_case) as an audience. */
export function audienceOf(row: {
  id: number;
  company_id: number;
  status: string;
  queue_id: number | null;
  user_id: number | null;
}): AudienceTicket {
  return { id: row.id, companyId: row.company_id, status: row.status, queueId: row.queue_id, userId: row.user_id };
}
