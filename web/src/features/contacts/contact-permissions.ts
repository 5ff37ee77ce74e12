import type { SessionUser } from '../auth/auth.slice';

type Who = Pick<SessionUser, 'profile'> | null | undefined;

/** contacts-page:deleteContact (spec 1 §6): admins only; core's DELETE /contacts/:id is admin-only likewise. */
export function canDeleteContact(user: Who): boolean {
  return user?.profile === 'admin';
}

/** GET /contacts/export is admin-only in core. */
export function canExportContacts(user: Who): boolean {
  return user?.profile === 'admin';
}
