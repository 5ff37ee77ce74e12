import { describe, expect, it } from '@jest/globals';
import { readFileSync } from 'node:fs';
import type { TFunction } from 'i18next';
import { formWeek, onCallSchema, weekSummary } from '../on-call-week';

const ptBR: unknown = JSON.parse(readFileSync(new URL('../locales/pt-BR.json', import.meta.url), 'utf8'));

/** The pt-BR texts by key, as i18next's t answers them. */
const t = ((key: string) =>
  key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], ptBR) ??
  key) as unknown as TFunction;

const week = (shifts: Record<string, [string, string]>) =>
  formWeek([]).map((day) => ({ ...day, startTime: shifts[day.weekdayEn]?.[0] ?? '', endTime: shifts[day.weekdayEn]?.[1] ?? '' }));

async function errors(values: unknown): Promise<Record<string, string>> {
  try {
    await onCallSchema(t).validate(values, { abortEarly: false });
    return {};
  } catch (error) {
    const inner = (error as { inner: { path: string; message: string }[] }).inner;
    return Object.fromEntries(inner.map((item) => [item.path, item.message]));
  }
}

describe('the on-call week', () => {
  it('summarises the days with a shift, in weekday order', () => {
    const days = week({ tuesday: ['22:00', '06:00'], monday: ['08:00', '12:00'], friday: ['18:00', ''] }).map((day) => ({
      ...day,
      weekday: '',
    }));
    expect(weekSummary(days, t)).toBe('Seg 08:00–12:00, Ter 22:00–06:00');
  });

  it("checks the entry with the spec's texts", async () => {
    expect(await errors({ userId: '', phone: '', interval: '', days: week({}) })).toEqual({
      userId: 'Informe o usuário',
      phone: 'Informe o telefone',
      interval: 'Informe o intervalo entre notificações',
      days: 'Pelo menos um dia da semana deve ter o horário de início e fim preenchido',
    });
    const base = { userId: 3, phone: '5511988887777', interval: 1 };
    expect(await errors({ ...base, days: week({ monday: ['08:00', ''], tuesday: ['', '12:00'], friday: ['09:00', '10:00'] }) })).toEqual({
      'days[0].endTime': 'Informe o fim do plantão',
      'days[1].startTime': 'Informe o início do plantão',
    });
    expect(await errors({ ...base, days: week({ monday: ['08:00', '12:00'] }) })).toEqual({});
  });
});
