import * as yup from 'yup';
import { chatbotTreeSchema, MAX_ID } from '../chatbot/index.js';
import { ROTATION_MINUTES } from './queue.model.js';
import { serviceHoursSchema } from './service-hours.js';

// Spec 2 §5: name required, 2 to 50 ("Too Short!", "Too Long!", "Required"); color required, 3 to 9.

/** Forms send '' (or null) for a select or number left empty. */
const blankAsNull = (value: unknown, original: unknown) => (original === '' || original === null ? null : value);

const reference = (message: string) =>
  yup.number().transform(blankAsNull).typeError(message).integer(message).positive(message).max(MAX_ID, message).nullable();
const message = () => yup.string().max(4096, 'Too Long!').nullable();

const name = yup.string().trim().required('Required').min(2, 'Too Short!').max(50, 'Too Long!');
const color = yup.string().trim().required('Required').min(3, 'Too Short!').max(9, 'Too Long!');

const queueFields = {
  greetingMessage: message(),
  outOfHoursMessage: message(),
  orderQueue: yup
    .number()
    .transform(blankAsNull)
    .typeError('Ordem inválida')
    .integer('Ordem inválida')
    .min(0, 'Ordem inválida')
    .max(MAX_ID, 'Ordem inválida')
    .nullable(),
  ativarRoteador: yup.boolean().typeError('Use true ou false'),
  tempoRoteador: yup
    .number()
    .transform((value, original) => (original === '' || original === null ? 0 : value))
    .typeError(`Use ${ROTATION_MINUTES.join(', ')}`)
    .oneOf([...ROTATION_MINUTES], `Use ${ROTATION_MINUTES.join(', ')}`),
  integrationId: reference('Integração inválida'),
  fileListId: reference('Lista de arquivos inválida'),
  promptId: reference('Prompt inválido'),
  closeTicket: yup.boolean().typeError('Use true ou false'),
  // null is "not given": a created queue then gets the default week, an updated one keeps its hours.
  schedules: serviceHoursSchema.transform((value, original) => (original === null ? undefined : value)),
  chatbots: chatbotTreeSchema,
};

/** POST /queue. */
export const createQueueSchema = yup.object({ name, color, ...queueFields });
export type CreateQueueInput = yup.InferType<typeof createQueueSchema>;

/** PUT /queue/:id: partial; a name or colour sent empty is still 'Required'. */
export const updateQueueSchema = yup.object({ name: name.optional(), color: color.optional(), ...queueFields });
export type UpdateQueueInput = yup.InferType<typeof updateQueueSchema>;
