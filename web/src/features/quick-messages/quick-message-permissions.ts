import type { SessionUser } from '../auth/auth.slice';
import type { QuickMessage } from './quick-messages.api';

type Who = Pick<SessionUser, 'profile' | 'super'> | null | undefined;

/** Admin and supervisor (and super users) manage every reply and the general flag (spec 3 §2.3; core managesAll). */
export function managesAllQuickMessages(user: Who): boolean {
  return Boolean(user && (user.profile === 'admin' || user.profile === 'supervisor' || user.super));
}

/** Edit and delete: always for admin and supervisor; for a user only when the reply is not general. */
export function canEditQuickMessage(user: Who, record: Pick<QuickMessage, 'geral'>): boolean {
  return managesAllQuickMessages(user) || !record.geral;
}
