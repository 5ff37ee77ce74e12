import { describe, expect, it } from '@jest/globals';
import type { TFunction } from 'i18next';
import { checkoutInput, checkoutSchema, checkoutStart } from '../checkout-form';

// The keys stand in for the texts: the rules are what is tested here, the texts are the locale files'.
const t = ((key: string) => key) as unknown as TFunction;
const invoice = { id: 7, users: 2, connections: 5, queues: 4 };

async function errorsOf(step: 'payer' | 'plan', values: object): Promise<string[]> {
  return checkoutSchema(step, t)
    .validate(values, { abortEarly: false })
    .then(() => [])
    .catch((error: { errors: string[] }) => error.errors);
}

describe('the checkout form (spec 2 §3, §5)', () => {
  it('opens with the invoice counters, raised to the minimum of 3', () => {
    expect(checkoutStart(invoice)).toMatchObject({ users: 3, connections: 5, firstName: '', zipcode: '' });
  });

  it('asks for the full name and the CPF/CNPJ on the data step', async () => {
    expect(await errorsOf('payer', { firstName: ' ', zipcode: '' })).toEqual([
      'invoices.checkout.errors.firstNameRequired',
      'invoices.checkout.errors.zipcodeRequired',
    ]);
    expect(await errorsOf('payer', { firstName: 'Ana', zipcode: '123.456' })).toEqual(['invoices.checkout.errors.document']);
    expect(await errorsOf('payer', { firstName: 'Ana', zipcode: '123.456.789-09' })).toEqual([]);
    expect(await errorsOf('payer', { firstName: 'Ana', zipcode: '12.345.678/0001-95' })).toEqual([]);
  });

  it('refuses counters below 3 on the plan step', async () => {
    expect(await errorsOf('plan', { users: 2, connections: 3 })).toEqual(['invoices.checkout.errors.minimum']);
  });

  it('sends the digits of the document, the priced plan and the invoice', () => {
    const values = { ...checkoutStart(invoice), firstName: ' Ana Souza ', zipcode: '123.456.789-09', city: 'Recife' };
    expect(checkoutInput(values, invoice)).toEqual({
      firstName: 'Ana Souza',
      zipcode: '12345678909',
      address2: undefined,
      city: 'Recife',
      state: undefined,
      country: 'BR',
      plan: { users: 3, connections: 5, queues: 4, price: 89 },
      price: 89,
      invoiceId: 7,
    });
  });
});
