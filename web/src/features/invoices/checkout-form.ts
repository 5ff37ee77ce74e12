import type { TFunction } from 'i18next';
import * as yup from 'yup';
import type { CheckoutInput, Invoice } from '@switchboard/sdk/contracts';
import { atLeastMinimum, customPlanPrice } from './custom-plan';

/** The checkout dialog's steps, in order (spec 2 §2): the payer's data, the plan, the review. */
export const CHECKOUT_STEPS = ['payer', 'plan', 'review'] as const;
export type CheckoutStep = (typeof CHECKOUT_STEPS)[number];

export interface CheckoutValues {
  firstName: string;
  /** The payer's CPF or CNPJ (spec 2 §3 keeps it in `zipcode`). */
  zipcode: string;
  address2: string;
  city: string;
  state: string;
  users: number;
  connections: number;
}

/** The fields of the Dados step. */
export const PAYER_FIELDS = ['firstName', 'zipcode', 'address2', 'city', 'state'] as const satisfies (keyof CheckoutValues)[];

/** The form as it opens for an invoice: the plan's counters start from the invoice, never below the minimum. */
export function checkoutStart(invoice: Pick<Invoice, 'users' | 'connections'>): CheckoutValues {
  return {
    firstName: '',
    zipcode: '',
    address2: '',
    city: '',
    state: '',
    users: atLeastMinimum(invoice.users),
    connections: atLeastMinimum(invoice.connections),
  };
}

/** A CPF has 11 digits and a CNPJ 14; dots, dashes and slashes typed with them are left out. */
export function documentDigits(value: string): string {
  return value.replace(/\D/g, '');
}

/** Each step's rules (spec 2 §5): Próximo checks only the step on screen. */
export function checkoutSchema(step: CheckoutStep, t: TFunction) {
  if (step === 'payer') {
    return yup.object({
      firstName: yup.string().trim().required(t('invoices.checkout.errors.firstNameRequired')),
      zipcode: yup
        .string()
        .trim()
        .required(t('invoices.checkout.errors.zipcodeRequired'))
        .test('cpf-or-cnpj', t('invoices.checkout.errors.document'), (value) => !value || [11, 14].includes(documentDigits(value).length)),
    });
  }
  if (step === 'plan') {
    const counter = yup.number().integer().min(3, t('invoices.checkout.errors.minimum')).required();
    return yup.object({ users: counter, connections: counter });
  }
  return yup.object({});
}

/** POST /subscription's body for the invoice being paid (the server prices the plan again). */
export function checkoutInput(values: CheckoutValues, invoice: Pick<Invoice, 'id' | 'queues'>): CheckoutInput {
  const price = customPlanPrice(values);
  const optional = (text: string) => text.trim() || undefined;
  return {
    firstName: values.firstName.trim(),
    zipcode: documentDigits(values.zipcode),
    address2: optional(values.address2),
    city: optional(values.city),
    state: optional(values.state),
    country: 'BR',
    plan: { users: values.users, connections: values.connections, queues: invoice.queues, price },
    price,
    invoiceId: invoice.id,
  };
}
