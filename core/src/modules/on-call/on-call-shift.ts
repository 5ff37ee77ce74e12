import { DEFAULT_TIME_ZONE } from '../../platform/clock.js';
import { weekdaysEn } from '../companies/index.js';

export type WeekdayEn = (typeof weekdaysEn)[number];

/** One weekday of an on-call entry (spec 3 §3): both times "HH:MM", or both "" (no shift that day). */
export interface OnCallDay {
  weekday: string;
  weekdayEn: WeekdayEn;
  startTime: string;
  endTime: string;
}

/** The Portuguese names the spec stores beside weekdayEn. */
export const weekdayNames: Record<WeekdayEn, string> = {
  monday: 'Segunda-feira',
  tuesday: 'Terça-feira',
  wednesday: 'Quarta-feira',
  thursday: 'Quinta-feira',
  friday: 'Sexta-feira',
  saturday: 'Sábado',
  sunday: 'Domingo',
};

function minutesOf(time: string): number | undefined {
  const match = /^(\d{2}):(\d{2})$/.exec(time ?? '');
  return match ? Number(match[1]) * 60 + Number(match[2]) : undefined;
}

const formats = new Map<string, Intl.DateTimeFormat>();

function formatOf(timeZone: string): Intl.DateTimeFormat {
  let format = formats.get(timeZone);
  if (!format) {
    try {
      format = new Intl.DateTimeFormat('en-US', { timeZone, weekday: 'long', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
    } catch {
      return formatOf(DEFAULT_TIME_ZONE);
    }
    formats.set(timeZone, format);
  }
  return format;
}

/** The weekday and minutes since midnight of an instant, read in a timezone (an unknown one reads as the default). */
export function wallClock(at: Date, timeZone: string | null | undefined): { weekdayEn: WeekdayEn; minutes: number } {
  const parts = Object.fromEntries(
    formatOf(timeZone || DEFAULT_TIME_ZONE)
      .formatToParts(at)
      .map((part) => [part.type, part.value]),
  );
  return { weekdayEn: String(parts.weekday).toLowerCase() as WeekdayEn, minutes: Number(parts.hour) * 60 + Number(parts.minute) };
}

/**
 * Whether the person is on call at `at`: inside today's [startTime, endTime). An end before the start is a shift
 * crossing midnight: it covers from the start to midnight that day and from midnight to the end the next day.
 */
export function isOnCall(days: readonly OnCallDay[], at: Date, timeZone: string | null | undefined): boolean {
  const { weekdayEn, minutes } = wallClock(at, timeZone);
  const today = weekdaysEn.indexOf(weekdayEn);
  const yesterday = weekdaysEn[(today + weekdaysEn.length - 1) % weekdaysEn.length];
  return days.some((day) => {
    const start = minutesOf(day.startTime);
    const end = minutesOf(day.endTime);
    if (start === undefined || end === undefined || start === end) return false;
    if (day.weekdayEn === weekdayEn) return start < end ? start <= minutes && minutes < end : minutes >= start;
    return day.weekdayEn === yesterday && end < start && minutes < end;
  });
}
