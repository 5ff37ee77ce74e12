import { describe, expect, it } from '@jest/globals';
import { defaultServiceHours, fullWeek, hasServiceHoursProblems } from '../service-hours';

describe('service hours (spec 2 §3, §9)', () => {
  it('defaults every day of the week, Monday to Sunday, to 08:00-12:00 and 13:00-18:00', () => {
    const week = defaultServiceHours();
    expect(week.map((entry) => entry.weekday)).toEqual([
      'Segunda-feira',
      'Terça-feira',
      'Quarta-feira',
      'Quinta-feira',
      'Sexta-feira',
      'Sábado',
      'Domingo',
    ]);
    const periods = week.map(({ startTimeA, endTimeA, startTimeB, endTimeB }) => [startTimeA, endTimeA, startTimeB, endTimeB].join(' '));
    expect(periods.every((period) => period === '08:00 12:00 13:00 18:00')).toBe(true);
    // Each call answers its own copy, so one form's edits never reach another form's defaults.
    week[0].startTimeA = '09:00';
    expect(defaultServiceHours()[0].startTimeA).toBe('08:00');
  });

  it('shows a day missing from the saved entries as closed, keeping the saved days', () => {
    const saved = defaultServiceHours().filter((entry) => entry.weekdayEn === 'friday');
    const week = fullWeek([{ ...saved[0], endTimeB: '17:00' }]);
    expect(week).toHaveLength(7);
    expect(week[4].endTimeB).toBe('17:00');
    expect(week[6]).toMatchObject({ weekday: 'Domingo', startTimeA: '', endTimeA: '', startTimeB: '', endTimeB: '' });
  });

  it('accepts closed periods and flags half-filled or reversed ones', () => {
    const week = defaultServiceHours();
    expect(hasServiceHoursProblems(week)).toBe(false);
    expect(hasServiceHoursProblems(week.map((entry) => ({ ...entry, startTimeB: '', endTimeB: '' })))).toBe(false);
    expect(hasServiceHoursProblems([{ ...week[0], endTimeA: '' }])).toBe(true);
    expect(hasServiceHoursProblems([{ ...week[0], startTimeB: '19:00' }])).toBe(true);
  });
});
