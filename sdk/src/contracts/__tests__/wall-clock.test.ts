import { describe, expect, it } from '@jest/globals';
import { wallClockAt } from '../wall-clock.js';

describe('wallClockAt', () => {
  it("reads an instant on a zone's wall clock, across midnight and daylight saving", () => {
    expect(wallClockAt(new Date('2026-11-02T15:04:05Z'), 'America/Sao_Paulo')).toEqual({
      year: 2026,
      month: 11,
      day: 2,
      hour: 12,
      minute: 4,
      second: 5,
    });
    expect(wallClockAt(Date.parse('2026-01-01T01:30:00Z'), 'America/Sao_Paulo')).toMatchObject({
      year: 2025,
      month: 12,
      day: 31,
      hour: 22,
    });
    // Lisbon: UTC+1 in summer, UTC in winter; midnight shows as 0, not 24.
    expect(wallClockAt(new Date('2026-07-01T23:00:00Z'), 'Europe/Lisbon')).toMatchObject({ month: 7, day: 2, hour: 0 });
    expect(wallClockAt(new Date('2026-12-01T23:00:00Z'), 'Europe/Lisbon')).toMatchObject({ month: 12, day: 1, hour: 23 });
  });
});
