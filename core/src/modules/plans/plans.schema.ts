import { planFlags } from '../../platform/auth/auth-context.js';
import * as yup from 'yup';
import { recurrences } from './plan.model.js';

const counter = (label: string) =>
  yup
    .number()
    .typeError(`${label} deve ser um número`)
    .integer(`${label} deve ser um número inteiro`)
    .min(1, `${label} deve ser no mínimo 1`);

const flag = (name: string) => yup.boolean().typeError(`${name} deve ser verdadeiro ou falso`);

/** Amount in BRL; "49,90" is accepted as 49.90. */
const amount = yup
  .number()
  .transform((value: unknown, original: unknown) =>
    typeof original === 'string' && original.trim() !== '' ? Number(original.replace(',', '.')) : value,
  )
  .typeError('Valor deve ser um número')
  .min(0, 'Valor não pode ser negativo');

// The plan's flags are the ones the access rules read.
export const planFlagFields = planFlags;

const planFields = {
  name: yup.string().trim().min(1, 'Nome é obrigatório').max(100, 'Nome muito longo'),
  users: counter('Usuários'),
  connections: counter('Conexões'),
  queues: counter('Filas'),
  amount,
  ...(Object.fromEntries(planFlagFields.map((name) => [name, flag(name)])) as Record<
    (typeof planFlagFields)[number],
    ReturnType<typeof flag>
  >),
  // The spec spells the integrations flag both ways; either is accepted.
  useIntegration: flag('useIntegration'),
  isPublic: flag('isPublic'),
  recurrence: yup
    .string()
    .transform((value: unknown) => (value === '' || value === null ? undefined : typeof value === 'string' ? value.toUpperCase() : value))
    .oneOf([...recurrences], 'Recorrência inválida (MENSAL, BIMESTRAL, TRIMESTRAL, SEMESTRAL ou ANUAL)'),
};

export const createPlanSchema = yup.object({
  ...planFields,
  name: planFields.name.required('Nome é obrigatório'),
  users: planFields.users.required('Usuários é obrigatório'),
  connections: planFields.connections.required('Conexões é obrigatório'),
  queues: planFields.queues.required('Filas é obrigatório'),
  amount: planFields.amount.default(0),
});
export type CreatePlanInput = yup.InferType<typeof createPlanSchema>;

export const updatePlanSchema = yup.object({
  ...planFields,
  name: planFields.name.nonNullable('Nome é obrigatório'),
  users: planFields.users.nonNullable('Usuários é obrigatório'),
  connections: planFields.connections.nonNullable('Conexões é obrigatório'),
  queues: planFields.queues.nonNullable('Filas é obrigatório'),
  amount: planFields.amount.nonNullable('Valor é obrigatório'),
});
export type UpdatePlanInput = yup.InferType<typeof updatePlanSchema>;

export const planSearchSchema = yup.object({
  searchParam: yup.string().trim().max(100).default(''),
});
