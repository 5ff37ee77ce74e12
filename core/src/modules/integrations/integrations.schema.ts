import * as yup from 'yup';
import { promptRules, queueIntegrationRules } from '@switchboard/sdk/contracts';

// Spec 3 §5 (queue integration, prompt) and DESIGN §7 (the prompt's schema is applied), in the spec's words.

export const INTEGRATIONS_PAGE_SIZE = 50;
export const INTEGRATION_NOT_FOUND = 'ERR_NO_INTEGRATION_FOUND';
export const PROMPT_NOT_FOUND = 'ERR_NO_PROMPT_FOUND';
export const NO_QUEUE = 'Informe o setor';

const REQUIRED = 'Required';
const texts = { tooShort: 'Too Short!', tooLong: 'Too Long!' };
const promptTexts = {
  tooShort: 'Muito curto!',
  tooLong: 'Muito longo!',
  instructionsTooShort: 'Descreva o treinamento para Inteligência Artificial',
  outOfRange: 'Valor inválido',
};

/** Optional text: '' and null are cleared (null), anything else trimmed and bounded. */
const optionalText = (max = 4096) =>
  yup
    .string()
    .trim()
    .nullable()
    .max(max, texts.tooLong)
    .transform((value, original) => (original === '' || original === null ? null : value));
const count = yup.number().typeError('Must be a number').integer('Must be a whole number').min(0, 'Must not be negative');
/** A plugin's own settings (checked against its description by the service). */
const settings = yup
  .mixed<Record<string, unknown>>()
  .nullable()
  .test('settings', 'settings must be an object', (value) => value == null || (typeof value === 'object' && !Array.isArray(value)));

const integrationFields = {
  projectName: optionalText(200),
  /** Credentials (a Dialogflow service-account file): sealed at rest. */
  jsonContent: optionalText(64 * 1024),
  language: optionalText(10).oneOf(['pt-BR', 'en', 'es', null], 'Use pt-BR, en or es'),
  urlN8N: optionalText(2048).matches(/^https?:\/\/\S+$/i, { message: 'Must be an http(s) URL', excludeEmptyString: true }),
  typebotSlug: optionalText(200),
  typebotExpires: count,
  typebotDelayMessage: count.max(60_000, 'At most 60000'),
  typebotKeywordFinish: optionalText(100),
  typebotKeywordRestart: optionalText(100),
  typebotUnknownMessage: optionalText(),
  typebotRestartMessage: optionalText(),
  settings,
};

export const createQueueIntegrationSchema = yup.object({
  type: yup.string().trim().required(REQUIRED).max(40, texts.tooLong),
  name: queueIntegrationRules(texts).name.required(REQUIRED),
  ...integrationFields,
});
export type CreateQueueIntegrationInput = yup.InferType<typeof createQueueIntegrationSchema>;

export const updateQueueIntegrationSchema = yup.object({
  type: yup.string().trim().max(40, texts.tooLong),
  name: queueIntegrationRules(texts).name,
  ...integrationFields,
});
export type UpdateQueueIntegrationInput = yup.InferType<typeof updateQueueIntegrationSchema>;

/** POST /queueIntegration/testSession: the dialog's fields as they are, or a saved integration's id. */
export const testSessionSchema = yup.object({
  id: yup.number().typeError('Integração inválida').integer().positive(),
  type: yup.string().trim().max(40, texts.tooLong),
  ...integrationFields,
});
export type TestSessionInput = yup.InferType<typeof testSessionSchema>;

export const listSchema = yup.object({ searchParam: yup.string().trim().max(100, texts.tooLong) });

const rules = promptRules(promptTexts);
const queueId = yup
  .number()
  .typeError(NO_QUEUE)
  .integer(NO_QUEUE)
  .positive(NO_QUEUE)
  .nullable()
  .transform((value, original) => (original === '' ? null : value));
const promptFields = {
  voice: yup.string().trim().max(50, promptTexts.tooLong),
  voiceKey: optionalText(500),
  voiceRegion: optionalText(100),
  apiKey: optionalText(500),
  settings,
};

export const createPromptSchema = yup.object({
  name: rules.name.required('Obrigatório'),
  prompt: rules.prompt.required('Obrigatório'),
  queueId: queueId.required(NO_QUEUE),
  maxTokens: rules.maxTokens.typeError(promptTexts.outOfRange).default(100),
  temperature: rules.temperature.typeError(promptTexts.outOfRange).default(1),
  maxMessages: rules.maxMessages.typeError(promptTexts.outOfRange).default(10),
  ...promptFields,
  voice: promptFields.voice.default('texto'),
  apiKey: promptFields.apiKey.required('Obrigatório'),
});
export type CreatePromptInput = yup.InferType<typeof createPromptSchema>;

export const updatePromptSchema = yup.object({
  name: rules.name,
  prompt: rules.prompt,
  queueId: queueId.test('queue', NO_QUEUE, (value) => value !== null),
  maxTokens: rules.maxTokens.typeError(promptTexts.outOfRange),
  temperature: rules.temperature.typeError(promptTexts.outOfRange),
  maxMessages: rules.maxMessages.typeError(promptTexts.outOfRange),
  ...promptFields,
});
export type UpdatePromptInput = yup.InferType<typeof updatePromptSchema>;
