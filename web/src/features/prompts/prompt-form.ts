import * as yup from 'yup';
import { promptRules, type ChannelSettingField } from '@switchboard/sdk/contracts';
import { settingValues, type SettingValue } from '../connections/connection-form';
import type { IntegrationPlugin } from '../integrations/integrations.api';
import type { Prompt, PromptInput } from './prompts.api';

/** Spec 3 §3: the prompt answers in text unless a voice is chosen. */
export const TEXT_MODE = 'texto';
/** Spec 3 §9 defaults. */
export const PROMPT_DEFAULTS = { maxTokens: 100, temperature: 1, maxMessages: 10 } as const;

/** The prompt's own fields (spec 3 §3), which the dialog lays out itself; the AI plugin's other settings go in `settings`. */
const PROMPT_FIELDS = [
  'name',
  'apiKey',
  'prompt',
  'queueId',
  'voice',
  'voiceKey',
  'voiceRegion',
  'temperature',
  'maxTokens',
  'maxMessages',
];

/** What the AI plugin declares beyond the prompt's fields (a hand-off phrase...), rendered from its description. */
export function promptExtraFields(plugin: IntegrationPlugin | undefined): ChannelSettingField[] {
  return (plugin?.description.settings ?? []).filter((field) => !PROMPT_FIELDS.includes(field.key));
}

/** The voice select's choices as the AI plugin describes them: text mode ('texto') first, then its voices. */
export function voiceOptions(plugin: IntegrationPlugin | undefined): { value: string; label: string }[] {
  const described = plugin?.description.settings?.find((field) => field.key === 'voice')?.options ?? [];
  return described.some((option) => option.value === TEXT_MODE) ? described : [{ value: TEXT_MODE, label: TEXT_MODE }, ...described];
}

/** A number input of the form: '' while empty. */
type NumberField = number | '';

export interface PromptFormValues {
  name: string;
  apiKey: string;
  prompt: string;
  queueId: NumberField;
  voice: string;
  voiceKey: string;
  voiceRegion: string;
  temperature: NumberField;
  maxTokens: NumberField;
  maxMessages: NumberField;
  settings: Record<string, SettingValue>;
}

/** The dialog's starting values: the prompt's (secrets as the server's mask), or spec 3 §9's defaults. */
export function promptFormValues(prompt: Prompt | undefined, extra: ChannelSettingField[]): PromptFormValues {
  return {
    name: prompt?.name ?? '',
    apiKey: prompt?.apiKey ?? '',
    prompt: prompt?.prompt ?? '',
    queueId: prompt?.queueId ?? '',
    voice: prompt?.voice || TEXT_MODE,
    voiceKey: prompt?.voiceKey ?? '',
    voiceRegion: prompt?.voiceRegion ?? '',
    temperature: prompt?.temperature ?? PROMPT_DEFAULTS.temperature,
    maxTokens: prompt?.maxTokens ?? PROMPT_DEFAULTS.maxTokens,
    maxMessages: prompt?.maxMessages ?? PROMPT_DEFAULTS.maxMessages,
    settings: settingValues(extra, prompt?.settings),
  };
}

export interface PromptFormMessages {
  required: string;
  tooShort: string;
  tooLong: string;
  instructionsTooShort: string;
  outOfRange: string;
  noQueue: string;
}

/** Spec 3 §5 prompt schema, applied (DESIGN §7): name 5 to 100, prompt 50 or more, the rest required; no queue: 'Informe o setor'. */
export function promptSchema(messages: PromptFormMessages) {
  const rules = promptRules(messages);
  return yup.object({
    name: rules.name.required(messages.required),
    prompt: rules.prompt.required(messages.required),
    apiKey: yup.string().trim().required(messages.required),
    queueId: yup.number().typeError(messages.noQueue).required(messages.noQueue),
    voice: yup.string().required(messages.required),
    temperature: rules.temperature.typeError(messages.outOfRange).required(messages.required),
    maxTokens: rules.maxTokens.typeError(messages.outOfRange).required(messages.required),
    maxMessages: rules.maxMessages.typeError(messages.outOfRange).required(messages.required),
  });
}

const textOrNull = (value: string) => value.trim() || null;

/** The body of POST/PUT /prompt. A key still showing the server's mask goes back as it is: unchanged. */
export function promptBody(values: PromptFormValues, extra: ChannelSettingField[]): PromptInput {
  return {
    name: values.name.trim(),
    prompt: values.prompt.trim(),
    apiKey: textOrNull(values.apiKey),
    queueId: values.queueId === '' ? null : Number(values.queueId),
    voice: values.voice,
    voiceKey: textOrNull(values.voiceKey),
    voiceRegion: textOrNull(values.voiceRegion),
    temperature: Number(values.temperature),
    maxTokens: Number(values.maxTokens),
    maxMessages: Number(values.maxMessages),
    settings: Object.fromEntries(extra.map((field) => [field.key, values.settings[field.key] ?? ''])),
  };
}
