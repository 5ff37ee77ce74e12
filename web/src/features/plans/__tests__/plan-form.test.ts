import { describe, expect, it } from '@jest/globals';
import { parseAmount, planFormSchema, planFormValues, planInputFrom } from '../plan-form';
import type { PlanRecord } from '../plans.api';

const messages = { required: 'required', tooLong: 'long', atLeastOne: 'one', wholeNumber: 'whole', invalidAmount: 'amount' };

async function errorsOf(values: Record<string, unknown>): Promise<Record<string, string>> {
  try {
    await planFormSchema(messages).validate({ ...planFormValues(), ...values }, { abortEarly: false });
    return {};
  } catch (error) {
    // Formik shows a field's first error, as here.
    const inner = (error as { inner: { path: string; message: string }[] }).inner;
    return Object.fromEntries(inner.reverse().map((entry) => [entry.path, entry.message]));
  }
}

const filled = { name: 'Básico', users: '3', connections: '1', queues: '2', amount: '49,90' };

describe('the plan form (spec 2 §3)', () => {
  it('starts a new plan public, monthly, with every feature flag on', () => {
    const values = planFormValues();
    expect(values).toMatchObject({ recurrence: 'MENSAL', isPublic: true, useWhatsapp: true, useIntegrations: true, useOpenAi: true });
  });

  it('requires the name, counters from 1 and an amount in reais', async () => {
    expect(await errorsOf({})).toEqual({
      name: 'required',
      users: 'required',
      connections: 'required',
      queues: 'required',
      amount: 'required',
    });
    expect(await errorsOf({ ...filled, users: '0', connections: '1.5', amount: '49,999' })).toEqual({
      users: 'one',
      connections: 'whole',
      amount: 'amount',
    });
    expect(await errorsOf(filled)).toEqual({});
  });

  it('reads a decimal comma or point', () => {
    expect(parseAmount('49,90')).toBe(49.9);
    expect(parseAmount(' 120.5 ')).toBe(120.5);
    expect(parseAmount('0')).toBe(0);
    expect(parseAmount('-1')).toBeNaN();
    expect(parseAmount('R$ 10')).toBeNaN();
  });

  it('sends numbers and every flag, and shows a stored plan as it was saved', () => {
    const input = planInputFrom({ ...planFormValues(), ...filled, useKanban: false, isPublic: false, recurrence: 'ANUAL' });
    expect(input).toMatchObject({
      name: 'Básico',
      users: 3,
      connections: 1,
      queues: 2,
      amount: 49.9,
      isPublic: false,
      recurrence: 'ANUAL',
    });
    expect(input.useKanban).toBe(false);
    expect(input.useWhatsapp).toBe(true);
    const stored = { id: 4, ...input } as PlanRecord;
    expect(planFormValues(stored)).toMatchObject({ amount: '49,9', users: '3', useKanban: false, isPublic: false });
    expect(planInputFrom(planFormValues(stored))).toEqual(input);
  });
});
