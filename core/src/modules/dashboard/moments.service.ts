import { inject, injectable } from '@switchboard/sdk';
import type { AuthContext } from '../../platform/auth/auth-context.js';
import { Tenancy } from '../../platform/tenancy.js';
import { TicketSearch } from '../tickets/ticket-search.service.js';
import { TicketViews, type TicketView, type UserRef } from '../tickets/ticket-views.js';
import { TicketVisibility } from '../tickets/ticket-visibility.js';
import { MOMENTS_WINDOW_DAYS, type MomentsQuery } from './dashboard.schema.js';

export interface MomentsAnswer {
  /** Waiting tickets: the pending column. */
  pending: TicketView[];
  /** One column per attendant with their open (and group) tickets, attendants by name. */
  attendants: { user: UserRef; tickets: TicketView[] }[];
  /** Every ticket of both, for clients that group themselves. */
  tickets: TicketView[];
}

/**
 * The real-time moments screen (spec 2 §2): open and pending tickets with user and queue, within a window of
 * 30 days of activity unless dates are given. Admins see the company (showAll is theirs alone); a user with
 * allowRealTime sees what the ticket visibility rule lets them see.
 */
@injectable()
export class MomentsService {
  constructor(
    @inject(Tenancy) private readonly tenancy: Tenancy,
    @inject(TicketSearch) private readonly search: TicketSearch,
    @inject(TicketVisibility) private readonly visibility: TicketVisibility,
    @inject(TicketViews) private readonly views: TicketViews,
  ) {}

  async moments(options: { auth: AuthContext; filters: MomentsQuery }): Promise<MomentsAnswer> {
    const { auth, filters } = options;
    const viewer = await this.visibility.viewer(auth);
    const query = this.search.visibleTickets(viewer);
    query.whereIn(
      'tickets.status',
      filters.status === 'pending' ? ['pending'] : filters.status === 'open' ? ['open', 'group'] : ['open', 'pending', 'group'],
    );

    const timezone = await this.timezone(auth.companyId);
    if (filters.dateStart) {
      query.whereRaw('tickets.updated_at >= (?::date)::timestamp at time zone ?', [filters.dateStart, timezone]);
    } else {
      query.where('tickets.updated_at', '>=', new Date(Date.now() - MOMENTS_WINDOW_DAYS * 86_400_000));
    }
    if (filters.dateEnd) query.whereRaw('tickets.updated_at < ((?::date) + 1)::timestamp at time zone ?', [filters.dateEnd, timezone]);
    if (filters.userId) query.where('tickets.user_id', filters.userId);
    const showAll = viewer.admin && filters.showAll === true;
    if (!showAll && filters.queueIds && filters.queueIds.length > 0) {
      const ids = filters.queueIds.filter((id) => id > 0);
      const withoutQueue = filters.queueIds.includes(0);
      query.where((q) => {
        if (ids.length > 0) q.whereIn('tickets.queue_id', ids);
        if (withoutQueue) q.orWhereNull('tickets.queue_id');
      });
    }

    const rows = await query.orderBy('tickets.updated_at', 'desc').orderBy('tickets.id', 'desc');
    const tickets = await this.views.present(auth.companyId, rows);
    const pending = tickets.filter((ticket) => ticket.status === 'pending');
    const byUser = new Map<number, { user: UserRef; tickets: TicketView[] }>();
    for (const ticket of tickets) {
      if (ticket.status === 'pending' || !ticket.user) continue;
      const column = byUser.get(ticket.user.id) ?? { user: ticket.user, tickets: [] };
      column.tickets.push(ticket);
      byUser.set(ticket.user.id, column);
    }
    const attendants = [...byUser.values()].sort((a, b) => a.user.name.localeCompare(b.user.name) || a.user.id - b.user.id);
    return { pending, attendants, tickets };
  }

  private async timezone(companyId: number): Promise<string> {
    const row = await this.tenancy.of(companyId).company().first('timezone');
    return (row?.timezone as string | undefined) ?? 'America/Sao_Paulo';
  }
}
