import { describe, expect, it } from '@jest/globals';
import { initialFilter, periodParams } from '../dashboard-filter';
import { formatDuration } from '../duration';

describe('the dashboard filter', () => {
  it('starts on the current month, first to last day', () => {
    expect(initialFilter(new Date(2026, 1, 14))).toMatchObject({ type: 1, dateFrom: '2026-02-01', dateTo: '2026-02-28' });
  });

  it('sends the dates under both names, or the days of a period', () => {
    expect(periodParams({ type: 1, dateFrom: '2026-03-01', dateTo: '2026-03-31', days: 7 })).toEqual({
      date_from: '2026-03-01',
      date_to: '2026-03-31',
      initialDate: '2026-03-01',
      finalDate: '2026-03-31',
    });
    expect(periodParams({ type: 2, dateFrom: '2026-03-01', dateTo: '2026-03-31', days: 7 })).toEqual({ days: 7 });
  });

  it('has nothing to send when no period or date is set', () => {
    expect(periodParams({ type: 2, dateFrom: '2026-03-01', dateTo: '2026-03-31', days: 0 })).toBeNull();
    expect(periodParams({ type: 1, dateFrom: '', dateTo: '2026-03-31', days: 0 })).toBeNull();
  });
});

describe('a measured time', () => {
  it('reads in the largest units that fit', () => {
    expect(formatDuration(null)).toBe('—');
    expect(formatDuration(45)).toBe('45s');
    expect(formatDuration(600)).toBe('10min');
    expect(formatDuration(2 * 3600 + 5 * 60)).toBe('2h 05min');
    expect(formatDuration(26 * 3600)).toBe('1d 2h');
  });
});
