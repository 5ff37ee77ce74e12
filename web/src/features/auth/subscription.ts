import { differenceInCalendarDays, format } from 'date-fns';
import type { SessionUser } from './auth.slice';

/** Spec 1 §4, §9: a warning at sign-in when fewer than 5 days remain. */
export const EXPIRY_WARNING_DAYS = 5;

/** Where a fresh sign-in leads: the expiry page, or the tickets with the days left when they are few. */
export function afterSignIn(user: SessionUser, now = new Date()): { path: string; daysLeft?: number } {
  // The server decides expiry (company 1 never expires); the days left only shape the warning.
  if (user.expired) return { path: '/financeiro-aberto' };
  const due = user.dueDate ?? user.company?.dueDate;
  if (!due || user.companyId === 1) return { path: '/tickets' };
  const daysLeft = Math.max(0, differenceInCalendarDays(new Date(due), now));
  return daysLeft < EXPIRY_WARNING_DAYS ? { path: '/tickets', daysLeft } : { path: '/tickets' };
}

/** Due dates read DD/MM/YYYY (spec 1 §9). */
export function formatDueDate(value: string | null | undefined): string | null {
  if (!value) return null;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : format(date, 'dd/MM/yyyy');
}
