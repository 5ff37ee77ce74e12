import { describe, expect, it } from '@jest/globals';
import { passwordStrength, strengthLevel } from '../password-strength';
import { afterSignIn, formatDueDate } from '../subscription';
import type { SessionUser } from '../auth.slice';

const NOW = new Date('2026-03-10T12:00:00Z');

function user(fields: Partial<SessionUser>): SessionUser {
  return { id: 2, companyId: 2, expired: false, dueDate: null, company: { id: 2, name: 'Loja', dueDate: null }, ...fields } as SessionUser;
}

describe('password strength (spec 1 §5)', () => {
  it('gives 33 for length 8, 33 for a lowercase and 34 for an uppercase letter', () => {
    expect(passwordStrength('')).toBe(0);
    expect(passwordStrength('abc')).toBe(33);
    expect(passwordStrength('abcdefgh')).toBe(66);
    expect(passwordStrength('ABCDEFGH')).toBe(67);
    expect(passwordStrength('Abcdefgh')).toBe(100);
  });

  it('is red up to 33, amber up to 66 and green above', () => {
    expect(strengthLevel(33).color).toBe('error');
    expect(strengthLevel(66).color).toBe('warning');
    expect(strengthLevel(67).color).toBe('success');
  });
});

describe('where a sign-in leads (spec 1 §4)', () => {
  it('sends an expired company to /financeiro-aberto', () => {
    expect(afterSignIn(user({ expired: true, dueDate: '2026-03-01T00:00:00Z' }), NOW)).toEqual({ path: '/financeiro-aberto' });
  });

  it('warns with the days left when fewer than 5 remain', () => {
    expect(afterSignIn(user({ dueDate: '2026-03-14T12:00:00Z' }), NOW)).toEqual({ path: '/tickets', daysLeft: 4 });
    expect(afterSignIn(user({ dueDate: '2026-03-10T23:00:00Z' }), NOW)).toEqual({ path: '/tickets', daysLeft: 0 });
    expect(afterSignIn(user({ dueDate: '2026-03-15T12:00:00Z' }), NOW)).toEqual({ path: '/tickets' });
  });

  it('never warns company 1', () => {
    expect(afterSignIn(user({ companyId: 1, dueDate: '2026-03-11T12:00:00Z' }), NOW)).toEqual({ path: '/tickets' });
  });

  it('writes due dates DD/MM/YYYY', () => {
    expect(formatDueDate('2026-01-10T12:00:00Z')).toBe('10/01/2026');
    expect(formatDueDate(null)).toBeNull();
  });
});
