import type { SessionUser } from '../auth/auth.slice';

/** Spec 1 §6: admins (profile admin or the super flag) see Close All, the users filter and all tickets. */
export function isTicketAdmin(user: Pick<SessionUser, 'profile' | 'super'> | null | undefined): boolean {
  return Boolean(user && (user.profile === 'admin' || user.super));
}

/** tickets-manager:showall: the show-all toggle of the ticket manager (admins only; the rule table is not shown). */
export function canShowAllTickets(user: Pick<SessionUser, 'profile' | 'super'> | null | undefined): boolean {
  return isTicketAdmin(user);
}
