import { describe, expect, it } from '@jest/globals';
import { defaultServiceHours, isWithinServiceHours, type ServiceHoursEntry } from '../service-hours.js';

// 2024-01-08 is a Monday. São Paulo is UTC-3 all year (no daylight saving since 2019), Istanbul UTC+3.
const SAO_PAULO = 'America/Sao_Paulo';
const saoPaulo = (day: string, time: string) => new Date(`${day}T${time}:00-03:00`);

const closed = { startTimeA: '', endTimeA: '', startTimeB: '', endTimeB: '' };
const week: ServiceHoursEntry[] = defaultServiceHours().map((entry) => (entry.weekdayEn === 'sunday' ? { ...entry, ...closed } : entry));

describe('isWithinServiceHours', () => {
  it('is within [start, end) of either period of the weekday, in the company timezone', () => {
    const monday = (time: string) => isWithinServiceHours(week, saoPaulo('2024-01-08', time), SAO_PAULO);
    expect(['08:00', '11:59', '13:00', '17:59'].map(monday)).toEqual([true, true, true, true]);
    expect(['07:59', '12:00', '12:30', '18:00', '23:00'].map(monday)).toEqual([false, false, false, false, false]);
  });

  it('reads the weekday and time in the given timezone', () => {
    // Monday 06:00 in São Paulo is Monday 12:00 in Istanbul (closed in both); 05:00 is 11:00 there (open).
    const instant = saoPaulo('2024-01-08', '06:00');
    expect(isWithinServiceHours(week, instant, SAO_PAULO)).toBe(false);
    expect(isWithinServiceHours(week, instant, 'Europe/Istanbul')).toBe(false);
    expect(isWithinServiceHours(week, saoPaulo('2024-01-08', '05:00'), 'Europe/Istanbul')).toBe(true);
    // Sunday 22:00 in São Paulo is already Monday 01:00 in UTC.
    const sundayNight = saoPaulo('2024-01-07', '22:00');
    expect(isWithinServiceHours([{ ...week[6]!, startTimeA: '21:00', endTimeA: '23:00' }], sundayNight, SAO_PAULO)).toBe(true);
    expect(isWithinServiceHours([{ ...week[6]!, startTimeA: '21:00', endTimeA: '23:00' }], sundayNight, 'UTC')).toBe(false);
  });

  it('treats a day with all four times empty as closed all day, and an empty pair as a closed period', () => {
    for (const time of ['00:00', '09:00', '15:00']) expect(isWithinServiceHours(week, saoPaulo('2024-01-14', time), SAO_PAULO)).toBe(false);
    const morningsOnly = week.map((entry) => ({ ...entry, startTimeB: '', endTimeB: '' }));
    expect(isWithinServiceHours(morningsOnly, saoPaulo('2024-01-08', '09:00'), SAO_PAULO)).toBe(true);
    expect(isWithinServiceHours(morningsOnly, saoPaulo('2024-01-08', '15:00'), SAO_PAULO)).toBe(false);
    const halfSet = week.map((entry) => ({ ...entry, endTimeA: '' }));
    expect(isWithinServiceHours(halfSet, saoPaulo('2024-01-08', '09:00'), SAO_PAULO)).toBe(false);
  });

  it('is closed on a weekday without an entry, and open when no hours are set at all', () => {
    const weekdaysOnly = week.filter((entry) => entry.weekdayEn !== 'saturday');
    expect(isWithinServiceHours(weekdaysOnly, saoPaulo('2024-01-13', '09:00'), SAO_PAULO)).toBe(false);
    expect(isWithinServiceHours([], saoPaulo('2024-01-13', '03:00'), SAO_PAULO)).toBe(true);
  });

  it('reads an unknown or empty timezone as São Paulo', () => {
    const instant = saoPaulo('2024-01-08', '09:00');
    expect(isWithinServiceHours(week, instant, 'Mars/Olympus_Mons')).toBe(true);
    expect(isWithinServiceHours(week, instant, '')).toBe(true);
    expect(isWithinServiceHours(week, saoPaulo('2024-01-08', '19:00'), 'Mars/Olympus_Mons')).toBe(false);
  });
});

describe('defaultServiceHours', () => {
  it('opens every day 08:00-12:00 and 13:00-18:00, named in Portuguese', () => {
    const days = defaultServiceHours();
    expect(days.map((day) => day.weekdayEn)).toEqual(['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday']);
    expect(days[0]).toEqual({
      weekday: 'Segunda-feira',
      weekdayEn: 'monday',
      startTimeA: '08:00',
      endTimeA: '12:00',
      startTimeB: '13:00',
      endTimeB: '18:00',
    });
    expect(days[6]!.weekday).toBe('Domingo');
    expect(new Set(days.map((day) => `${day.startTimeA}-${day.endTimeA} ${day.startTimeB}-${day.endTimeB}`))).toEqual(
      new Set(['08:00-12:00 13:00-18:00']),
    );
  });
});
