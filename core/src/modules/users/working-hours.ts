import { DEFAULT_TIME_ZONE } from '../../platform/clock.js';

/** What decides whether a user is at work: profile and the startWork/endWork pair ("HH:MM", company time). */
export interface WorkingUser {
  profile: string;
  startWork: string | null;
  endWork: string | null;
}

const clocks = new Map<string, Intl.DateTimeFormat>();

function minutesIn(at: Date, timeZone: string): number {
  let clock = clocks.get(timeZone);
  if (!clock) {
    try {
      clock = new Intl.DateTimeFormat('en-US', { timeZone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
    } catch {
      return timeZone === DEFAULT_TIME_ZONE ? 0 : minutesIn(at, DEFAULT_TIME_ZONE);
    }
    clocks.set(timeZone, clock);
  }
  const parts = Object.fromEntries(clock.formatToParts(at).map((part) => [part.type, part.value]));
  return Number(parts.hour) * 60 + Number(parts.minute);
}

function minutesOf(time: string | null, fallback: number): number {
  const match = /^(\d{1,2}):(\d{2})$/.exec(time ?? '');
  return match ? Number(match[1]) * 60 + Number(match[2]) : fallback;
}

/**
 * Whether a user may take tickets now (ERR_OUT_OF_HOURS, rotation, random assignment). Only profile 'user' is
 * limited: admins and supervisors are not. The end minute is included (the default 00:00-23:59 is the whole day),
 * and a start after the end is a night shift across midnight.
 */
export function isWithinWorkingHours(user: WorkingUser, at: Date, timeZone: string): boolean {
  if (user.profile !== 'user') return true;
  const start = minutesOf(user.startWork, 0);
  const end = minutesOf(user.endWork, 23 * 60 + 59);
  const now = minutesIn(at, timeZone || DEFAULT_TIME_ZONE);
  return start <= end ? start <= now && now <= end : now >= start || now <= end;
}
