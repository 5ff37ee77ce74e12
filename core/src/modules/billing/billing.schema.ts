import * as yup from 'yup';

export const invoiceSearchSchema = yup.object({
  searchParam: yup.string().trim().max(100, 'Muito longo!').default(''),
});

/**
 * The custom plan's price (spec 2 §9): 49 for the minimum of 3 users and 3 connections, and each step of a counter
 * above its minimum adds 11 (a user) or 20 (a connection). The checkout's counters move one at a time, so a step is
 * one user or one connection: 5 users and 4 connections cost 49 + 2 × 11 + 1 × 20 = 91. Queues are not priced.
 */
export const CUSTOM_PLAN = { minimum: 3, base: 49, perUser: 11, perConnection: 20 } as const;

export function customPlanPrice(plan: { users: number; connections: number }): number {
  return (
    CUSTOM_PLAN.base +
    CUSTOM_PLAN.perUser * (plan.users - CUSTOM_PLAN.minimum) +
    CUSTOM_PLAN.perConnection * (plan.connections - CUSTOM_PLAN.minimum)
  );
}

/** Counters beyond any real company: the checkout prices what it is sent, so it bounds it. */
const COUNTER_MAX = 1000;
const text = yup.string().trim().max(200, 'Muito longo!');
const counter = (label: string, minimum: number) =>
  yup
    .number()
    .typeError(`${label} inválido`)
    .required(`${label} é obrigatório`)
    .integer(`${label} inválido`)
    .min(minimum, `No mínimo ${minimum}`)
    .max(COUNTER_MAX, `No máximo ${COUNTER_MAX}`);
const money = yup.number().typeError('Valor inválido').required('Valor é obrigatório').min(0, 'Valor inválido');

/**
 * POST /subscription (spec 2 §3 checkout form, §5): the card fields belong to a card payment this checkout does not
 * make (it charges by Pix) and are dropped unread.
 */
export const checkoutSchema = yup.object({
  firstName: text.required('O nome completo é obrigatório'),
  lastName: text.default(''),
  address2: text,
  city: text,
  state: text,
  zipcode: text.required('CEP é obrigatório'),
  country: text,
  useAddressForPaymentDetails: yup.boolean(),
  plan: yup
    .object({
      users: counter('Usuários', CUSTOM_PLAN.minimum),
      connections: counter('Conexões', CUSTOM_PLAN.minimum),
      queues: counter('Filas', 0),
      price: money,
    })
    .required('O plano é obrigatório'),
  price: money,
  invoiceId: yup
    .number()
    .typeError('Fatura inválida')
    .required('A fatura é obrigatória')
    .integer('Fatura inválida')
    .min(1, 'Fatura inválida'),
});
export type CheckoutForm = yup.InferType<typeof checkoutSchema>;
