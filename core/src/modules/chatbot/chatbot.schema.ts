import * as yup from 'yup';
import { OPTION_TYPES, type OptionType } from './chatbot.model.js';

// Spec 2 §5: an option's name is required, at least 4 characters ("too short", "Required").

/** How many options one tree may hold, so a body cannot make the server walk an endless menu. */
export const MAX_TREE_OPTIONS = 500;
/** The largest id a column holds (integer); a larger one would fail in the database instead of answering 400. */
export const MAX_ID = 2_147_483_647;

/** A target id; the forms send '' (or null) for a select left empty. */
const target = (message: string) =>
  yup
    .number()
    .transform((value, original) => (original === '' || original === null ? null : value))
    .typeError(message)
    .integer(message)
    .positive(message)
    .max(MAX_ID, message)
    .nullable();

/** Required on create; on a partial update absent is fine but '' is still 'Required'. */
export const optionName = yup.string().trim().required('Required').min(4, 'too short').max(100, 'Too Long!');

const optionFields = {
  greetingMessage: yup.string().max(4096, 'Too Long!').nullable(),
  optQueueId: target('Fila inválida'),
  optUserId: target('Usuário inválido'),
  optIntegrationId: target('Integração inválida'),
  optFileId: target('Arquivo inválido'),
};
const queueType = yup.string<OptionType>().oneOf([...OPTION_TYPES], `Use ${OPTION_TYPES.join(', ')}`);

/** One option of a tree sent whole: an `id` of the tree being replaced keeps that option (and the tickets on it). */
export interface ChatbotOptionInput {
  id?: number;
  name: string;
  greetingMessage?: string | null;
  queueType: OptionType;
  optQueueId?: number | null;
  optUserId?: number | null;
  optIntegrationId?: number | null;
  optFileId?: number | null;
  closeTicket: boolean;
  options: ChatbotOptionInput[];
}

export const chatbotOptionSchema: yup.ObjectSchema<ChatbotOptionInput> = yup.object({
  // Any other id (a copied option, a stale form) simply becomes a new option.
  id: yup
    .number()
    .transform((value, original) => (original === null || original === '' ? undefined : value))
    .typeError('Opção inválida')
    .integer('Opção inválida')
    .positive('Opção inválida')
    .max(MAX_ID, 'Opção inválida'),
  name: optionName,
  ...optionFields,
  queueType: queueType.default('text'),
  closeTicket: yup.boolean().default(false),
  options: yup
    .array()
    .transform((value, original) => (original === null ? [] : value))
    .of(yup.lazy(() => chatbotOptionSchema))
    .typeError('Opções inválidas')
    .default([]),
}) as yup.ObjectSchema<ChatbotOptionInput>;

/** A whole menu (a queue's `chatbots`, an option's `options`): options nested to any depth, 500 at most in all. */
export const chatbotTreeSchema = yup
  .array()
  .transform((value, original) => (original === null ? [] : value))
  .of(chatbotOptionSchema)
  .typeError('Opções inválidas')
  .test('size', `No máximo ${MAX_TREE_OPTIONS} opções`, (options) => countOptions(options ?? []) <= MAX_TREE_OPTIONS);

export function countOptions(options: readonly { options?: readonly unknown[] }[]): number {
  return options.reduce((sum, option) => sum + 1 + countOptions((option.options ?? []) as { options?: unknown[] }[]), 0);
}

const parentId = (message: string) =>
  yup
    .number()
    .transform((value, original) => (original === '' || original === null ? undefined : value))
    .typeError(message)
    .integer(message)
    .positive(message)
    .max(MAX_ID, message);

/** POST /chatbot: a top-level option of a queue (queueId) or a nested one (chatbotId, its parent option). */
export const createChatbotSchema = yup
  .object({
    queueId: parentId('Fila inválida'),
    chatbotId: parentId('Opção inválida'),
    name: optionName,
    ...optionFields,
    queueType: queueType.default('text'),
    closeTicket: yup.boolean().default(false),
    options: chatbotTreeSchema.optional(),
  })
  .test('parent', 'Informe a fila ou a opção pai', function parent(value) {
    if ((value.queueId === undefined) !== (value.chatbotId === undefined)) return true;
    return this.createError({ path: 'queueId', message: 'Informe a fila ou a opção pai' });
  });
export type CreateChatbotInput = yup.InferType<typeof createChatbotSchema>;

/** PUT /chatbot/:id: partial; `options`, when sent, replaces the option's nested options. Its place stays. */
export const updateChatbotSchema = yup.object({
  name: optionName.optional(),
  ...optionFields,
  queueType,
  closeTicket: yup.boolean(),
  options: chatbotTreeSchema.optional(),
});
export type UpdateChatbotInput = yup.InferType<typeof updateChatbotSchema>;
