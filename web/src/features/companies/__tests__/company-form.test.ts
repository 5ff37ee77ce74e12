import { describe, expect, it } from '@jest/globals';
import type { Company } from '../companies.api';
import { companyFormSchema, companyFormValues, companyInputFrom } from '../company-form';

const messages = { required: 'required', invalidEmail: 'email', tooShort: 'short', tooLong: 'long' };
const now = new Date(2026, 10, 28, 10);

async function errorsOf(values: Record<string, unknown>): Promise<Record<string, string>> {
  try {
    await companyFormSchema(messages).validate({ ...companyFormValues(null, now), ...values }, { abortEarly: false });
    return {};
  } catch (error) {
    const inner = (error as { inner: { path: string; message: string }[] }).inner;
    return Object.fromEntries(inner.map((entry) => [entry.path, entry.message]));
  }
}

const stored: Company = {
  id: 7,
  name: 'Padaria Central',
  email: 'contato@padaria.test',
  phone: null,
  planId: 3,
  status: true,
  dueDate: new Date(2027, 0, 10, 14, 5).toISOString(),
  recurrence: 'TRIMESTRAL',
  document: '12.345.678/0001-90',
  paymentMethod: null,
  addressStreet: null,
  addressCity: null,
  addressState: null,
  createdAt: '2026-01-01T00:00:00.000Z',
  lastLogin: null,
  plan: null,
};

describe('the company form (spec 2 §3, §5)', () => {
  it('starts a new company active, billed monthly and due a month from today, with no plan chosen', () => {
    expect(companyFormValues(null, now)).toMatchObject({ status: true, recurrence: 'MENSAL', dueDate: '2026-12-28', planId: '' });
  });

  it('requires e-mail and plan, and a valid e-mail', async () => {
    expect(await errorsOf({ name: 'Empresa' })).toEqual({ email: 'required', planId: 'required' });
    expect(await errorsOf({ name: 'Empresa', email: 'nope', planId: 2 })).toEqual({ email: 'email' });
    expect(await errorsOf({ name: 'Empresa', email: 'a@b.test', planId: 2 })).toEqual({});
    expect(await errorsOf({ name: 'Empresa', email: 'a@b.test', planId: 2, password: '1234' })).toEqual({ password: 'short' });
  });

  it('sends an empty due day as null and leaves optional texts null when blank', () => {
    const input = companyInputFrom({ ...companyFormValues(null, now), name: ' Nova ', email: ' n@x.test ', planId: 2, dueDate: '' });
    expect(input).toEqual({
      name: 'Nova',
      email: 'n@x.test',
      planId: 2,
      status: true,
      recurrence: 'MENSAL',
      dueDate: null,
      phone: null,
      document: null,
      paymentMethod: null,
      addressStreet: null,
      addressCity: null,
      addressState: null,
    });
  });

  it('keeps the stored due instant when an edit leaves the day alone, and sends a changed day', () => {
    const values = companyFormValues(stored, now);
    expect(values).toMatchObject({ dueDate: '2027-01-10', recurrence: 'TRIMESTRAL', planId: 3, password: '' });
    expect(companyInputFrom(values, stored)).not.toHaveProperty('dueDate');
    const moved = companyInputFrom({ ...values, dueDate: '2027-02-01', password: 'segredo' }, stored);
    expect(new Date(moved.dueDate!).getTime()).toBe(new Date(2027, 1, 1, 23, 59, 59, 999).getTime());
    expect(moved.password).toBe('segredo');
  });
});
