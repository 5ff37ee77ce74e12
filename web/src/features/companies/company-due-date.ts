import { addMonths, differenceInCalendarDays, endOfDay, format, isValid, parse } from 'date-fns';

/**
 * A company's due date is an instant (sign-up and renewal move it by days and months); like the top bar, these
 * screens read it as the viewer's local day, and a day chosen in the form means access until that day ends.
 */

/** Spec 2 §4 and §9: amber when due in 1 to 5 days, red when due today or already past. */
export const DUE_SOON_DAYS = 5;

export type DueDateTone = 'overdue' | 'soon' | 'none';

function validDate(dueDate: string | null | undefined): Date | null {
  if (!dueDate) return null;
  const date = new Date(dueDate);
  return isValid(date) ? date : null;
}

/** The due day as yyyy-MM-dd (what a date input holds), or '' without a valid date. */
export function dueDay(dueDate: string | null | undefined): string {
  const date = validDate(dueDate);
  return date ? format(date, 'yyyy-MM-dd') : '';
}

/** The due day as dd/MM/yyyy, or '' without a valid date. */
export function formatDueDay(dueDate: string | null | undefined): string {
  const date = validDate(dueDate);
  return date ? format(date, 'dd/MM/yyyy') : '';
}

/** The instant a chosen yyyy-MM-dd day stands for (its last moment), or null for an empty or invalid day (spec 2 §5). */
export function dueDateOfDay(day: string): string | null {
  const date = parse(day, 'yyyy-MM-dd', new Date());
  return isValid(date) ? endOfDay(date).toISOString() : null;
}

/** A new company's suggested due day: a month from today, so it is not created already locked out. */
export function suggestedDueDay(now: Date): string {
  return format(addMonths(now, 1), 'yyyy-MM-dd');
}

/** Calendar days from today to the due day: 0 when due today, negative once past, null without a date. */
export function daysUntilDue(dueDate: string | null | undefined, now: Date): number | null {
  const date = validDate(dueDate);
  return date ? differenceInCalendarDays(date, now) : null;
}

/**
 * The row colour of a company in the companies table (spec 2 §4). A company without a due date is red too: the
 * server treats it as expired.
 */
export function dueDateTone(dueDate: string | null | undefined, now: Date): DueDateTone {
  const days = daysUntilDue(dueDate, now);
  if (days === null || days <= 0) return 'overdue';
  return days <= DUE_SOON_DAYS ? 'soon' : 'none';
}

/** What the due-date cell says beside the date: why the row is coloured, or nothing when it is not. */
export type DueNote = { key: 'none' | 'overdue' | 'today' | 'tomorrow' } | { key: 'inDays'; days: number } | null;

export function dueNote(dueDate: string | null | undefined, now: Date): DueNote {
  const days = daysUntilDue(dueDate, now);
  if (days === null) return { key: 'none' };
  if (days < 0) return { key: 'overdue' };
  if (days === 0) return { key: 'today' };
  if (days === 1) return { key: 'tomorrow' };
  return days <= DUE_SOON_DAYS ? { key: 'inDays', days } : null;
}
