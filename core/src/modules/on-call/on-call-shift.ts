import { minutesOfDay, weekClock } from '../../platform/week-clock.js';
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

/**
 * Whether the person is on call at `at`: inside today's [startTime, endTime). An end before the start is a shift
 * crossing midnight: it covers from the start to midnight that day and from midnight to the end the next day.
 */
export function isOnCall(days: readonly OnCallDay[], at: Date, timeZone: string | null | undefined): boolean {
  const { weekdayEn, minutes } = weekClock(at, timeZone);
  const today = weekdaysEn.indexOf(weekdayEn as WeekdayEn);
  const yesterday = weekdaysEn[(today + weekdaysEn.length - 1) % weekdaysEn.length];
  return days.some((day) => {
    const start = minutesOfDay(day.startTime);
    const end = minutesOfDay(day.endTime);
    if (start === undefined || end === undefined || start === end) return false;
    if (day.weekdayEn === weekdayEn) return start < end ? start <= minutes && minutes < end : minutes >= start;
    return day.weekdayEn === yesterday && end < start && minutes < end;
  });
}
