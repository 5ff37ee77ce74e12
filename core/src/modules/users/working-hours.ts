import { minutesOfDay, weekClock } from '../../platform/week-clock.js';

/** What decides whether a user is at work: profile and the startWork/endWork pair ("HH:MM", company time). */
export interface WorkingUser {
  profile: string;
  startWork: string | null;
  endWork: string | null;
}

/**
 * Whether a user may take tickets now (ERR_OUT_OF_HOURS, rotation, random assignment). Only profile 'user' is
 * limited: admins and supervisors are not. The end minute is included (the default 00:00-23:59 is the whole day),
 * and a start after the end is a night shift across midnight.
 */
export function isWithinWorkingHours(user: WorkingUser, at: Date, timeZone: string): boolean {
  if (user.profile !== 'user') return true;
  const start = minutesOfDay(user.startWork) ?? 0;
  const end = minutesOfDay(user.endWork) ?? 23 * 60 + 59;
  const now = weekClock(at, timeZone).minutes;
  return start <= end ? start <= now && now <= end : now >= start || now <= end;
}
