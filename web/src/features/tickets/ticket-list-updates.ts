import type { Ticket, TicketListParams } from './tickets.api';

/** The 'no queue' choice of the queue selector, sent to GET /tickets as queue id 0. */
export const NO_QUEUE = 0;

export interface TicketPage {
  tickets: Ticket[];
  hasMore: boolean;
  count?: number;
}

/** The cached pages of one ticket list (an RTK Query infinite query entry). */
export interface TicketPages {
  pages: TicketPage[];
  pageParams: number[];
}

/**
 * Whether a ticket passes the queue selection of a list, as GET /tickets applies it: tickets without a queue only
 * when 'no queue' is selected; show-all (outside search) drops the selection.
 */
export function inSelectedQueues(ticket: Pick<Ticket, 'queueId'>, params: TicketListParams): boolean {
  if (!params.queueIds || (params.showAll && !params.searchParam)) return true;
  return params.queueIds.includes(ticket.queueId ?? NO_QUEUE);
}

/** Who looks at the lists: what GET /tickets applies per caller beyond the params. */
export interface ListViewer {
  userId: number;
  admin: boolean;
}

/**
 * Spec 1 §6, as GET /tickets applies it: without show-all an admin's lists hold no ticket another agent holds
 * (groups excepted); a search text or the users filter looks across owners. Agents only ever get tickets they may
 * see, so nothing is left to check for them here.
 */
export function ownerAllowed(ticket: Partial<Ticket>, params: TicketListParams, viewer: ListViewer | undefined): boolean {
  if (!viewer?.admin || params.showAll || params.searchParam || params.users?.length) return true;
  return !ticket.userId || ticket.userId === viewer.userId || ticket.status === 'group';
}

/**
 * Whether a ticket belongs to a list with these params: 'yes', 'no', or 'unknown' when the list filters on
 * something the ticket cannot be checked against here (the search text), so it is only kept if already listed.
 */
export function belongsTo(ticket: Partial<Ticket>, params: TicketListParams, viewer?: ListViewer): 'yes' | 'no' | 'unknown' {
  if (params.status && ticket.status !== params.status) return 'no';
  if (!ownerAllowed(ticket, params, viewer)) return 'no';
  if (params.statusFilter?.length && !params.statusFilter.includes(ticket.status!)) return 'no';
  if (!inSelectedQueues({ queueId: ticket.queueId ?? null }, params)) return 'no';
  if (params.users?.length && !params.users.includes(ticket.userId ?? -1)) return 'no';
  if (params.whatsappIds?.length && !params.whatsappIds.includes(ticket.whatsappId ?? -1)) return 'no';
  if (params.withUnreadMessages && !ticket.unreadMessages) return 'no';
  if (params.tags?.length) {
    if (!ticket.tags) return 'unknown';
    if (!ticket.tags.some((tag) => params.tags!.includes(tag.id))) return 'no';
  }
  if (params.searchParam || params.date || params.updatedAt) return 'unknown';
  return 'yes';
}

function locate(data: TicketPages, ticketId: number): [number, number] | null {
  for (let p = 0; p < data.pages.length; p++) {
    const index = data.pages[p]!.tickets.findIndex((ticket) => ticket.id === ticketId);
    if (index >= 0) return [p, index];
  }
  return null;
}

function adjustCount(data: TicketPages, delta: number): void {
  const first = data.pages[0];
  if (first && typeof first.count === 'number') first.count = Math.max(0, first.count + delta);
}

/** Whether the ticket is in the cached list. */
export function hasTicket(data: TicketPages, ticketId: number): boolean {
  return locate(data, ticketId) !== null;
}

/**
 * A ticket changed (socket `ticket` update): replace it, move it to the top when it has new activity, insert it
 * when it now belongs to the list, or take it out when it no longer does. Event payloads may be partial (a new
 * message sends the ticket row without its relations), so they are merged over what the list holds.
 */
export function applyTicketUpdate(
  data: TicketPages,
  incoming: Partial<Ticket> & { id: number },
  params: TicketListParams,
  viewer?: ListViewer,
): void {
  if (data.pages.length === 0) return;
  const at = locate(data, incoming.id);
  const existing = at ? data.pages[at[0]]!.tickets[at[1]]! : null;
  const merged = { ...(existing ?? {}), ...incoming } as Ticket;
  const verdict = belongsTo(merged, params, viewer);
  if (verdict === 'no' || (verdict === 'unknown' && !existing)) {
    if (at) {
      data.pages[at[0]]!.tickets.splice(at[1], 1);
      adjustCount(data, -1);
    }
    return;
  }
  if (at && existing) {
    const newer = incoming.updatedAt !== undefined && incoming.updatedAt !== existing.updatedAt;
    if (!newer) {
      data.pages[at[0]]!.tickets[at[1]] = merged;
      return;
    }
    data.pages[at[0]]!.tickets.splice(at[1], 1);
    data.pages[0]!.tickets.unshift(merged);
    return;
  }
  data.pages[0]!.tickets.unshift(merged);
  adjustCount(data, 1);
}

/** A ticket left the caller's view or was deleted (socket `ticket` delete). */
export function removeTicket(data: TicketPages, ticketId: number): void {
  const at = locate(data, ticketId);
  if (!at) return;
  data.pages[at[0]]!.tickets.splice(at[1], 1);
  adjustCount(data, -1);
}

/** The ticket's messages were read (socket `ticket` updateUnread): the badge clears. */
export function clearUnread(data: TicketPages, ticketId: number): void {
  const at = locate(data, ticketId);
  if (at) data.pages[at[0]]!.tickets[at[1]]!.unreadMessages = 0;
}

/** The contact is typing or recording (socket `presence`); null clears it. */
export function setPresence(data: TicketPages, ticketId: number, presence: string | null): void {
  const at = locate(data, ticketId);
  if (at) data.pages[at[0]]!.tickets[at[1]]!.presence = presence;
}

/** The pages as one list: a ticket that moved between pages while loading is shown once. */
export function mergedTickets(data: TicketPages | undefined, params: TicketListParams): Ticket[] {
  if (!data) return [];
  const seen = new Set<number>();
  const tickets: Ticket[] = [];
  for (const page of data.pages)
    for (const ticket of page.tickets) {
      if (seen.has(ticket.id) || !inSelectedQueues(ticket, params)) continue;
      seen.add(ticket.id);
      tickets.push(ticket);
    }
  return tickets;
}
