import { describe, expect, it } from '@jest/globals';
import { isOnCall, type OnCallDay } from '../on-call-shift.js';

const day = (weekdayEn: OnCallDay['weekdayEn'], startTime: string, endTime: string): OnCallDay => ({
  weekday: '',
  weekdayEn,
  startTime,
  endTime,
});

// 2030-01-07 is a Monday.
const at = (local: string, offset = '-03:00') => new Date(`2030-01-${local}:00${offset}`);

describe('who is on call (company time zone)', () => {
  it("reads today's shift in the company's time zone, the end excluded", () => {
    const days = [day('monday', '08:00', '12:00')];
    expect(isOnCall(days, at('07T07:59'), 'America/Sao_Paulo')).toBe(false);
    expect(isOnCall(days, at('07T08:00'), 'America/Sao_Paulo')).toBe(true);
    expect(isOnCall(days, at('07T11:59'), 'America/Sao_Paulo')).toBe(true);
    expect(isOnCall(days, at('07T12:00'), 'America/Sao_Paulo')).toBe(false);
    expect(isOnCall(days, at('08T09:00'), 'America/Sao_Paulo')).toBe(false);
    // 08:30 in São Paulo is 20:30 in Tokyo.
    expect(isOnCall(days, at('07T08:30'), 'Asia/Tokyo')).toBe(false);
    expect(isOnCall(days, at('07T09:00', '+09:00'), 'Asia/Tokyo')).toBe(true);
    // An unknown zone reads as the default one.
    expect(isOnCall(days, at('07T08:30'), 'Nowhere/Unknown')).toBe(true);
  });

  it('takes a shift whose end is before its start across midnight into the next day', () => {
    const days = [day('sunday', '22:00', '06:00'), day('monday', '', '')];
    expect(isOnCall(days, at('06T21:59'), 'America/Sao_Paulo')).toBe(false);
    expect(isOnCall(days, at('06T23:30'), 'America/Sao_Paulo')).toBe(true);
    expect(isOnCall(days, at('07T05:59'), 'America/Sao_Paulo')).toBe(true);
    expect(isOnCall(days, at('07T06:00'), 'America/Sao_Paulo')).toBe(false);
    expect(isOnCall(days, at('07T23:00'), 'America/Sao_Paulo')).toBe(false);
  });
});
