import type { ServiceHours } from '../connections/index.js';
import { scheduleEntrySchema, schedulesArray, weekdaysEn } from '../companies/index.js';
import { minutesOfDay, weekClock } from '../../platform/week-clock.js';

// A queue's week follows the same entry rules as the company's (spec 2 §3 "Service-hours entry"): one entry per
// weekday, periods A and B as HH:MM pairs or both empty, so the schema is the companies module's, shared.

/** One service-hours entry: weekday (pt-BR name), weekdayEn (monday..sunday) and periods A and B ("HH:MM" or ""). */
export const serviceHoursEntrySchema = scheduleEntrySchema;
/** A week of entries, at most one per weekday. */
export const serviceHoursSchema = schedulesArray;

export type WeekdayEn = (typeof weekdaysEn)[number];

/** The entry as stored on queues, connections and companies alike. */
export type ServiceHoursEntry = ServiceHours;

const weekdayNames: Record<WeekdayEn, string> = {
  monday: 'Segunda-feira',
  tuesday: 'Terça-feira',
  wednesday: 'Quarta-feira',
  thursday: 'Quinta-feira',
  friday: 'Sexta-feira',
  saturday: 'Sábado',
  sunday: 'Domingo',
};

/** Spec 2 §9: every day 08:00-12:00 and 13:00-18:00, what a queue gets when it is created without hours. */
export function defaultServiceHours(): ServiceHoursEntry[] {
  return weekdaysEn.map((weekdayEn) => ({
    weekday: weekdayNames[weekdayEn],
    weekdayEn,
    startTimeA: '08:00',
    endTimeA: '12:00',
    startTimeB: '13:00',
    endTimeB: '18:00',
  }));
}

/**
 * Whether `at` falls within the service hours, read in `timeZone`: inside [startTimeA, endTimeA) or
 * [startTimeB, endTimeB) of that weekday's entry. A period with an empty end is closed; a weekday without an entry,
 * or with all four times empty, is closed all day. An empty list means no hours were set: always open.
 * An unknown timezone is read as the default one rather than failing the conversation that asks.
 */
export function isWithinServiceHours(entries: readonly ServiceHoursEntry[], at: Date, timeZone: string): boolean {
  if (entries.length === 0) return true;
  const { weekdayEn, minutes } = weekClock(at, timeZone);
  return entries
    .filter((entry) => entry.weekdayEn === weekdayEn)
    .some((entry) => inPeriod(entry.startTimeA, entry.endTimeA, minutes) || inPeriod(entry.startTimeB, entry.endTimeB, minutes));
}

function inPeriod(start: string, end: string, minutes: number): boolean {
  const from = minutesOfDay(start);
  const to = minutesOfDay(end);
  return from !== undefined && to !== undefined && from <= minutes && minutes < to;
}
