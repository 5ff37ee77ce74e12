/**
 * The ticket whose conversation the agent is looking at: its pane is mounted and laid out (on a phone the list tab
 * hides it) and the page is visible. Its new messages are read at once, so the lists and the bell do not count them
 * as unread (issue 13: the badge and the bell must not rise for the ticket on screen).
 */
let shown: { ticketId: number; element: HTMLElement | null } | null = null;

/** The pane shows this ticket in `element`; answers the function that ends it. */
export function showTicketOnScreen(ticketId: number, element: HTMLElement | null): () => void {
  const entry = { ticketId, element };
  shown = entry;
  return () => {
    if (shown === entry) shown = null;
  };
}

export function isTicketOnScreen(ticketId: number): boolean {
  if (shown?.ticketId !== ticketId || typeof document === 'undefined' || document.visibilityState !== 'visible') return false;
  // An element inside a hidden (display: none) tab has no boxes.
  return !shown.element || shown.element.getClientRects().length > 0;
}

/** A ticket from a socket event as the lists and the bell count it: nothing unread while it is on screen. */
export function countedUnread<T extends { id: number; unreadMessages?: number }>(ticket: T): T {
  return ticket.unreadMessages && isTicketOnScreen(ticket.id) ? { ...ticket, unreadMessages: 0 } : ticket;
}
