import { describe, expect, it } from '@jest/globals';
import { daysUntilDue, dueDateOfDay, dueDateTone, dueDay, dueNote, formatDueDay, suggestedDueDay } from '../company-due-date';

// Local times throughout: the screens read a due date as the viewer's day, whatever the time zone.
const now = new Date(2026, 10, 28, 15, 30);
const at = (day: number, hour = 12) => new Date(2026, 10, day, hour).toISOString();

describe("a company's due date (spec 2 §4)", () => {
  it('is red when due today or already past', () => {
    expect(dueDateTone(at(28, 0), now)).toBe('overdue');
    expect(dueDateTone(at(28, 23), now)).toBe('overdue');
    expect(dueDateTone(at(27), now)).toBe('overdue');
    expect(dueDateTone(new Date(2025, 0, 1).toISOString(), now)).toBe('overdue');
  });

  it('is amber when due in 1 to 5 days, counted in calendar days', () => {
    expect(dueDateTone(at(29, 0), now)).toBe('soon');
    expect(dueDateTone(new Date(2026, 11, 3, 23, 59).toISOString(), now)).toBe('soon');
    expect(daysUntilDue(new Date(2026, 11, 3, 23, 59).toISOString(), now)).toBe(5);
  });

  it('has no colour from 6 days on', () => {
    expect(dueDateTone(new Date(2026, 11, 4, 0, 1).toISOString(), now)).toBe('none');
    expect(dueDateTone('2999-12-31T23:59:59.000Z', now)).toBe('none');
  });

  it('is red without a date, as the server then counts the company expired', () => {
    expect(dueDateTone(null, now)).toBe('overdue');
    expect(dueDateTone('not a date', now)).toBe('overdue');
    expect(daysUntilDue(null, now)).toBeNull();
  });

  it('shows the local day and turns a chosen day into the last moment of that day', () => {
    const instant = dueDateOfDay('2026-12-28')!;
    expect(new Date(instant).getTime()).toBe(new Date(2026, 11, 28, 23, 59, 59, 999).getTime());
    expect(dueDay(instant)).toBe('2026-12-28');
    expect(formatDueDay(instant)).toBe('28/12/2026');
    expect(dueDateOfDay('')).toBeNull();
    expect(dueDateOfDay('2026-13-45')).toBeNull();
    expect(dueDay(null)).toBe('');
    expect(formatDueDay('nonsense')).toBe('');
  });

  it('suggests a month from today for a new company', () => {
    expect(suggestedDueDay(now)).toBe('2026-12-28');
    expect(suggestedDueDay(new Date(2027, 0, 31))).toBe('2027-02-28');
  });
});

describe('the note beside a due date', () => {
  it('says why a row is coloured and nothing otherwise', () => {
    expect(dueNote(null, now)).toEqual({ key: 'none' });
    expect(dueNote(at(20), now)).toEqual({ key: 'overdue' });
    expect(dueNote(at(28, 1), now)).toEqual({ key: 'today' });
    expect(dueNote(at(29), now)).toEqual({ key: 'tomorrow' });
    expect(dueNote(new Date(2026, 11, 2).toISOString(), now)).toEqual({ key: 'inDays', days: 4 });
    expect(dueNote(new Date(2026, 11, 4).toISOString(), now)).toBeNull();
  });
});
