import type { ServiceHoursEntry, Weekday } from '@switchboard/sdk/contracts';

export type { ServiceHoursEntry, Weekday };
/** The week in display order with the pt-BR names stored in `weekday`. */
const WEEK: { weekdayEn: Weekday; weekday: string }[] = [
  { weekdayEn: 'monday', weekday: 'Segunda-feira' },
  { weekdayEn: 'tuesday', weekday: 'Terça-feira' },
  { weekdayEn: 'wednesday', weekday: 'Quarta-feira' },
  { weekdayEn: 'thursday', weekday: 'Quinta-feira' },
  { weekdayEn: 'friday', weekday: 'Sexta-feira' },
  { weekdayEn: 'saturday', weekday: 'Sábado' },
  { weekdayEn: 'sunday', weekday: 'Domingo' },
];

export type TimeField = 'startTimeA' | 'endTimeA' | 'startTimeB' | 'endTimeB';
export const PERIODS: { start: TimeField; end: TimeField; key: 'periodA' | 'periodB' }[] = [
  { start: 'startTimeA', end: 'endTimeA', key: 'periodA' },
  { start: 'startTimeB', end: 'endTimeB', key: 'periodB' },
];

/** Spec 2 §9: the time inputs move in 10-minute steps. */
export const STEP_SECONDS = 600;

/** Spec 2 §9 default: 08:00-12:00 and 13:00-18:00 every day. */
export function defaultServiceHours(): ServiceHoursEntry[] {
  return WEEK.map((day) => ({ ...day, startTimeA: '08:00', endTimeA: '12:00', startTimeB: '13:00', endTimeB: '18:00' }));
}

/** All seven days in order: a day missing from `entries` shows with empty times (closed). */
export function fullWeek(entries: ServiceHoursEntry[]): ServiceHoursEntry[] {
  return WEEK.map(
    (day) =>
      entries.find((entry) => entry.weekdayEn === day.weekdayEn) ?? { ...day, startTimeA: '', endTimeA: '', startTimeB: '', endTimeB: '' },
  );
}

/** A period is wrong when only one end is set or when it does not end after it starts. */
export function periodProblem(start: string, end: string): 'incomplete' | 'endBeforeStart' | null {
  if (!start && !end) return null;
  if (!start || !end) return 'incomplete';
  return end > start ? null : 'endBeforeStart';
}

/** True when some day has a period the form marks as wrong, so a parent can refuse to save. */
export function hasServiceHoursProblems(entries: ServiceHoursEntry[]): boolean {
  return entries.some((entry) => PERIODS.some((period) => periodProblem(entry[period.start], entry[period.end]) !== null));
}
