import { inject, injectable } from '@switchboard/sdk';
import { Tenancy } from '../../platform/tenancy.js';
import { ContactModel } from '../contacts/index.js';
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

/** Placeholders of an id list for `in (...)`; an empty list matches nothing. */
function list(ids: number[]): string {
  return ids.length > 0 ? ids.map(() => '?').join(', ') : 'null';
}

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
    // Two round trips: the contacts through their model (its JSON shape), every small relation in one query.
    const [contacts, related] = await Promise.all([
      scope.query<ContactModel>(ContactModel).whereIn(
        'contacts.id',
        ids((t) => t.contactId),
      ),
      scope.raw(
        `select
          (select coalesce(json_agg(json_build_object('id', q.id, 'name', q.name, 'color', q.color)), '[]')
             from queues q where q.company_id = ? and q.id in (${list(ids((t) => t.queueId))})) as queues,
          (select coalesce(json_agg(json_build_object('id', u.id, 'name', u.name, 'color', u.color, 'farewell_message', u.farewell_message)), '[]')
             from users u where u.company_id = ? and u.id in (${list(ids((t) => t.userId))})) as users,
          (select coalesce(json_agg(json_build_object('id', c.id, 'name', c.name, 'channel', c.channel, 'group_as_ticket', c.group_as_ticket,
                    'wavoip', c.wavoip, 'complation_message', c.complation_message)), '[]')
             from connections c where c.company_id = ? and c.id in (${list(ids((t) => t.whatsappId))})) as connections,
          (select coalesce(json_agg(json_build_object('ticket_id', tt.ticket_id, 'id', g.id, 'name', g.name, 'color', g.color) order by g.name), '[]')
             from ticket_tags tt join tags g on g.id = tt.tag_id where tt.company_id = ? and tt.ticket_id in (${list(ids((t) => t.id))})) as tags,
          (select coalesce(json_agg(json_build_object('ticket_id', r.ticket_id, 'rate', r.rate) order by r.id), '[]')
             from user_ratings r where r.company_id = ? and r.ticket_id in (${list(ids((t) => t.id))})) as ratings`,
        [
          companyId,
          ...ids((t) => t.queueId),
          companyId,
          ...ids((t) => t.userId),
          companyId,
          ...ids((t) => t.whatsappId),
          companyId,
          ...ids((t) => t.id),
          companyId,
          ...ids((t) => t.id),
        ],
      ),
    ]);
    const json = (value: unknown): unknown[] => (typeof value === 'string' ? (JSON.parse(value) as unknown[]) : (value as unknown[]));
    const row = (related as unknown as { rows: Record<string, unknown>[] }).rows[0]!;
    const [queues, users, connections, tags, ratings] = [row.queues, row.users, row.connections, row.tags, row.ratings].map(json) as [
      QueueRef[],
      (UserRef & { farewell_message?: unknown })[],
      ConnectionRow[],
      unknown[],
      unknown[],
    ];
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
