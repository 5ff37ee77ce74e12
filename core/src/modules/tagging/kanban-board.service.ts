import { inject, injectable } from '@switchboard/sdk';
import type { AuthContext } from '../../platform/auth/auth-context.js';
import { pgArray } from '../../platform/database/pg-arrays.js';
import { Tenancy } from '../../platform/tenancy.js';
import { TicketVisibility, visibilityPredicate } from '../tickets/index.js';

/** Cards a board page carries: more than a team attends at once; the rest follow with the next page. */
export const KANBAN_PAGE_SIZE = 500;

/** A card of the board (spec 3 §3 "Kanban ticket"): its kanban lanes as tags, its contact and last message. */
export interface KanbanTicket {
  id: number;
  uuid: string;
  status: string;
  lastMessage: string;
  updatedAt: Date;
  queueId: number | null;
  userId: number | null;
  contact: { id: number; name: string; number: string };
  tags: { id: number }[];
}

interface CardRow {
  id: number;
  uuid: string;
  status: string;
  last_message: string | null;
  updated_at: Date;
  queue_id: number | null;
  user_id: number | null;
  contact_id: number;
  contact_name: string;
  contact_number: string;
  tag_ids: number[] | null;
}

/**
 * GET /ticket/kanban (spec 3 §2.14, §6): the open and waiting tickets of the caller's own queues (narrowed to the
 * queueIds asked for), as the caller may see them (spec 1 §6), newest activity first, a page at a time. Each card
 * names only its kanban tags: those are its lanes.
 */
@injectable()
export class KanbanBoard {
  constructor(
    @inject(Tenancy) private readonly tenancy: Tenancy,
    @inject(TicketVisibility) private readonly visibility: TicketVisibility,
  ) {}

  async tickets(options: {
    auth: AuthContext;
    queueIds?: number[];
    pageNumber: number;
  }): Promise<{ tickets: KanbanTicket[]; hasMore: boolean }> {
    const { auth, pageNumber } = options;
    const scope = this.tenancy.of(auth.companyId);
    const own = (await scope.table<{ queue_id: number }>('user_queues').where('user_id', auth.userId).pluck('queue_id')) as number[];
    const queues = options.queueIds ? own.filter((id) => options.queueIds!.includes(id)) : own;
    if (queues.length === 0) return { tickets: [], hasMore: false };
    const query = scope
      .table<CardRow>('tickets as t')
      .join('contacts as c', 'c.id', 't.contact_id')
      .whereIn('t.status', ['open', 'pending'])
      .whereRaw('t.queue_id = any(?::int[])', [pgArray(queues)])
      .orderBy([
        { column: 't.updated_at', order: 'desc' },
        { column: 't.id', order: 'desc' },
      ])
      .limit(KANBAN_PAGE_SIZE + 1)
      .offset((pageNumber - 1) * KANBAN_PAGE_SIZE)
      .select(
        't.id',
        't.uuid',
        't.status',
        't.last_message',
        't.updated_at',
        't.queue_id',
        't.user_id',
        'c.id as contact_id',
        'c.name as contact_name',
        'c.number as contact_number',
        scope.raw(
          `(select array_agg(tt.tag_id order by tt.tag_id) from ticket_tags tt join tags g on g.id = tt.tag_id and g.kanban = 1
             where tt.ticket_id = t.id) as tag_ids`,
        ),
      );
    const predicate = visibilityPredicate(await this.visibility.viewer(auth), 't');
    if (predicate) query.whereRaw(predicate.sql, predicate.bindings);
    const rows = (await query) as CardRow[];
    return {
      hasMore: rows.length > KANBAN_PAGE_SIZE,
      tickets: rows.slice(0, KANBAN_PAGE_SIZE).map((row) => ({
        id: row.id,
        uuid: row.uuid,
        status: row.status,
        lastMessage: row.last_message ?? '',
        updatedAt: row.updated_at,
        queueId: row.queue_id,
        userId: row.user_id,
        contact: { id: row.contact_id, name: row.contact_name, number: row.contact_number },
        tags: (row.tag_ids ?? []).map((id) => ({ id })),
      })),
    };
  }
}
