import * as yup from 'yup';
import { PLAN_FLAGS, RECURRENCES, type PlanFlag, type PlanInput, type PlanRecord, type Recurrence } from './plans.api';

/** The plan dialog's values: counters and amount as typed (the amount may use a decimal comma), flags as switches. */
export type PlanFormValues = {
  name: string;
  users: string;
  connections: string;
  queues: string;
  amount: string;
  recurrence: Recurrence;
  isPublic: boolean;
} & Record<PlanFlag, boolean>;

export const PLAN_COUNTERS = ['users', 'connections', 'queues'] as const;

/** The plan being edited, or a new public monthly plan with every feature on (spec 2 §3: flags default to true). */
export function planFormValues(plan?: PlanRecord | null): PlanFormValues {
  const flags = Object.fromEntries(PLAN_FLAGS.map((flag) => [flag, plan ? Boolean(plan[flag]) : true])) as Record<PlanFlag, boolean>;
  return {
    name: plan?.name ?? '',
    users: plan ? String(plan.users) : '',
    connections: plan ? String(plan.connections) : '',
    queues: plan ? String(plan.queues) : '',
    amount: plan ? String(plan.amount).replace('.', ',') : '',
    recurrence: plan?.recurrence ?? 'MENSAL',
    isPublic: plan?.isPublic ?? true,
    ...flags,
  };
}

export interface PlanFormMessages {
  required: string;
  tooLong: string;
  atLeastOne: string;
  wholeNumber: string;
  invalidAmount: string;
}

/** "49,90" or "49.90" as a number; NaN for anything else. */
export function parseAmount(text: string): number {
  const trimmed = text.trim();
  return /^\d+([.,]\d{1,2})?$/.test(trimmed) ? Number(trimmed.replace(',', '.')) : Number.NaN;
}

/** Name required; users, connections and queues whole numbers from 1; the amount in reais, at most two decimals. */
export function planFormSchema(messages: PlanFormMessages) {
  const counter = yup
    .string()
    .trim()
    .required(messages.required)
    .matches(/^\d+$/, messages.wholeNumber)
    .test('at-least-one', messages.atLeastOne, (value) => Number(value) >= 1);
  return yup.object({
    name: yup.string().trim().required(messages.required).max(100, messages.tooLong),
    users: counter,
    connections: counter,
    queues: counter,
    amount: yup
      .string()
      .trim()
      .required(messages.required)
      .test('amount', messages.invalidAmount, (value) => !Number.isNaN(parseAmount(value ?? ''))),
    recurrence: yup.string().oneOf([...RECURRENCES]),
  });
}

/** The body of POST or PUT /plans. */
export function planInputFrom(values: PlanFormValues): PlanInput {
  const flags = Object.fromEntries(PLAN_FLAGS.map((flag) => [flag, values[flag]])) as Record<PlanFlag, boolean>;
  return {
    name: values.name.trim(),
    users: Number(values.users),
    connections: Number(values.connections),
    queues: Number(values.queues),
    amount: parseAmount(values.amount),
    recurrence: values.recurrence,
    isPublic: values.isPublic,
    ...flags,
  };
}
