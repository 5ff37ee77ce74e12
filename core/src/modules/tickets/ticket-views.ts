import { inject, injectable } from '@switchboard/sdk';
import { Tenancy } from '../../platform/tenancy.js';
import { ContactModel } from '../contacts/contact.model.js';
import type { TicketModel } from './ticket.model.js';

export interface QueueRef {
  id: number;
  name: string;
  color: string;
}
export interface UserRef {
  id: number;
  name: string;
  color: string | null;
}
export interface ConnectionRef {
  id: number;
  name: string;
  channel: string;
  groupAsTicket: string;
  wavoip: string | null;
}
export interface TagRef {
  id: number;
  name: string;
  color: string | null;
}
interface ConnectionRow {
  id: number;
  name: string;
  channel: string;
  group_as_ticket: string;
  wavoip: string | null;
  complation_message: string | null;
}
/** A ticket as the API answers it (spec 1 §3). */
export type TicketView = Record<string, unknown> & {
  id: number;
  uuid: string;
  contact: Record<string, unknown> | null;
  queue: QueueRef | null;
  user: UserRef | null;
  whatsapp: ConnectionRef | null;
  tags: TagRef[];
};

/**
 * Presents tickets with their contact, queue, user, connection and tags. Relations are loaded in bulk: one query
 * per relation kind for the whole page, never one per ticket.
 */
@injectable()
export class TicketViews {
  constructor(@inject(Tenancy) private readonly tenancy: Tenancy) {}

  /** Numbers are answered whole: the API router masks them for the viewers lgpdHideNumber applies to. */
  async present(companyId: number, tickets: TicketModel[]): Promise<TicketView[]> {
    if (tickets.length === 0) return [];
    const scope = this.tenancy.of(companyId);
    const ids = (pick: (ticket: TicketModel) => number | null) => [
      ...new Set(tickets.map(pick).filter((id): id is number => id !== null && id !== undefined)),
    ];
    const [contacts, queues, users, connections, tags, ratings] = await Promise.all([
      scope.query<ContactModel>(ContactModel).whereIn(
        'contacts.id',
        ids((t) => t.contactId),
      ),
      scope
        .table<QueueRef>('queues')
        .whereIn(
          'id',
          ids((t) => t.queueId),
        )
        .select('id', 'name', 'color'),
      scope
        .table<UserRef>('users')
        .whereIn(
          'id',
          ids((t) => t.userId),
        )
        .select('id', 'name', 'color', 'farewell_message'),
      scope
        .table<ConnectionRow>('connections')
        .whereIn(
          'id',
          ids((t) => t.whatsappId),
        )
        .select('id', 'name', 'channel', 'group_as_ticket', 'wavoip', 'complation_message'),
      scope
        .table('ticket_tags as tt')
        .join('tags as g', 'g.id', 'tt.tag_id')
        .whereIn(
          'tt.ticket_id',
          ids((t) => t.id),
        )
        .orderBy('g.name')
        .select('tt.ticket_id', 'g.id', 'g.name', 'g.color'),
      // The latest rating of each ticket (spec 1 §3 userRating).
      scope
        .table('user_ratings')
        .whereIn(
          'ticket_id',
          ids((t) => t.id),
        )
        .orderBy('id')
        .select('ticket_id', 'rate'),
    ]);
    const ratingByTicket = new Map<number, number>((ratings as { ticket_id: number; rate: number }[]).map((r) => [r.ticket_id, r.rate]));
    const contactById = new Map(contacts.map((contact) => [contact.id, contact.toJSON() as Record<string, unknown>]));
    const queueById = new Map<number, QueueRef>(queues.map((q: QueueRef) => [q.id, { id: q.id, name: q.name, color: q.color }]));
    const userById = new Map<number, UserRef>(users.map((u: UserRef) => [u.id, { id: u.id, name: u.name, color: u.color ?? null }]));
    const connectionById = new Map<number, ConnectionRef>(
      connections.map((c: ConnectionRow) => [
        c.id,
        { id: c.id, name: c.name, channel: c.channel, groupAsTicket: c.group_as_ticket, wavoip: c.wavoip ?? null },
      ]),
    );
    // Who has a farewell to send on resolve (the owner's own, else the connection's), so the resolve dialog offers
    // "with farewell" only when there is one; the texts themselves stay on the server.
    const said = (text: unknown) => typeof text === 'string' && text.trim() !== '';
    const farewellUsers = new Set(users.filter((u: { farewell_message?: unknown }) => said(u.farewell_message)).map((u: UserRef) => u.id));
    const farewellConnections = new Set(
      connections.filter((c: ConnectionRow) => said(c.complation_message)).map((c: ConnectionRow) => c.id),
    );
    const tagsByTicket = new Map<number, TagRef[]>();
    for (const row of tags as { ticket_id: number; id: number; name: string; color: string | null }[]) {
      const list = tagsByTicket.get(row.ticket_id) ?? [];
      list.push({ id: row.id, name: row.name, color: row.color });
      tagsByTicket.set(row.ticket_id, list);
    }
    return tickets.map((ticket) => ({
      ...(ticket.toJSON() as Record<string, unknown>),
      id: ticket.id,
      uuid: ticket.uuid,
      contact: contactById.get(ticket.contactId) ?? null,
      queue: ticket.queueId ? (queueById.get(ticket.queueId) ?? null) : null,
      user: ticket.userId ? (userById.get(ticket.userId) ?? null) : null,
      whatsapp: ticket.whatsappId ? (connectionById.get(ticket.whatsappId) ?? null) : null,
      tags: tagsByTicket.get(ticket.id) ?? [],
      userRating: ratingByTicket.has(ticket.id) ? { rate: ratingByTicket.get(ticket.id)! } : null,
      hasFarewell:
        (ticket.userId !== null && farewellUsers.has(ticket.userId)) ||
        (ticket.whatsappId !== null && farewellConnections.has(ticket.whatsappId)),
    }));
  }

  async presentOne(companyId: number, ticket: TicketModel): Promise<TicketView> {
    const [view] = await this.present(companyId, [ticket]);
    return view!;
  }
}
