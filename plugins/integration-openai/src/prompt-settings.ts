import type { PluginSettingField } from '@switchboard/sdk';

/** Spec 3 §3: the prompt answers in text ('texto') or with one of these Brazilian Portuguese Azure neural voices. */
export const TEXT_MODE = 'texto';
export const PROMPT_VOICES = [
  'Francisca',
  'Antonio',
  'Brenda',
  'Donato',
  'Elza',
  'Fabio',
  'Giovanna',
  'Humberto',
  'Julio',
  'Leila',
  'Leticia',
  'Manuela',
  'Nicolau',
  'Valerio',
  'Yara',
] as const;
export type PromptVoice = (typeof PROMPT_VOICES)[number];

/** The answer the model is told to give, word for word, when the customer asks for a person. */
export const DEFAULT_HAND_OFF_PHRASE = 'Ação: Transferir para o setor de atendimento';

/** Spec 3 §9 defaults. */
export const PROMPT_DEFAULTS = { maxTokens: 100, temperature: 1, maxMessages: 10 } as const;

/** A prompt's settings as the plugin uses them, read from IntegrationContext.config. */
export interface PromptSettings {
  name: string;
  /** The admin's instructions to the model. */
  prompt: string;
  apiKey: string;
  /** Undefined: answers in text. */
  voice?: { name: PromptVoice; azureName: string; key: string; region: string };
  maxTokens: number;
  temperature: number;
  maxMessages: number;
  handOffPhrase: string;
}

/** A prompt that cannot be used as it is; the message names the setting and never holds a secret. */
export class PromptSettingsError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'PromptSettingsError';
  }
}

const label = (key: string): string => `integrations.openai.settings.${key}`;

/** The prompt's fields (spec 3 §2.11) and the hand-off phrase, as the web renders them. */
export const promptSettingFields: PluginSettingField[] = [
  { key: 'name', type: 'string', label: label('name'), required: true },
  { key: 'apiKey', type: 'string', label: label('apiKey'), required: true, secret: true },
  { key: 'prompt', type: 'text', label: label('prompt'), required: true },
  { key: 'queueId', type: 'number', label: label('queueId'), required: true },
  {
    key: 'voice',
    type: 'select',
    label: label('voice'),
    required: true,
    default: TEXT_MODE,
    options: [{ value: TEXT_MODE, label: label('voiceText') }, ...PROMPT_VOICES.map((voice) => ({ value: voice, label: voice }))],
  },
  { key: 'voiceKey', type: 'string', label: label('voiceKey'), help: label('voiceKeyHelp'), secret: true },
  { key: 'voiceRegion', type: 'string', label: label('voiceRegion'), help: label('voiceRegionHelp') },
  { key: 'temperature', type: 'number', label: label('temperature'), required: true, default: PROMPT_DEFAULTS.temperature },
  { key: 'maxTokens', type: 'number', label: label('maxTokens'), required: true, default: PROMPT_DEFAULTS.maxTokens },
  { key: 'maxMessages', type: 'number', label: label('maxMessages'), required: true, default: PROMPT_DEFAULTS.maxMessages },
  {
    key: 'handOffPhrase',
    type: 'string',
    label: label('handOffPhrase'),
    help: label('handOffPhraseHelp'),
    default: DEFAULT_HAND_OFF_PHRASE,
  },
];

function text(config: Record<string, unknown>, key: string): string {
  const value = config[key];
  return typeof value === 'string' ? value.trim() : '';
}

/** A number setting (forms may hand it over as a string); the default when unset, an error when out of range. */
function numberSetting(
  config: Record<string, unknown>,
  key: string,
  fallback: number,
  range: { min: number; max: number; integer?: boolean },
): number {
  const raw = config[key];
  if (raw === undefined || raw === null || raw === '') return fallback;
  const value = typeof raw === 'number' ? raw : Number(raw);
  if (!Number.isFinite(value) || value < range.min || value > range.max || (range.integer && !Number.isInteger(value))) {
    throw new PromptSettingsError(
      `The prompt's ${key} must be ${range.integer ? 'a whole number' : 'a number'} from ${range.min} to ${range.max}`,
    );
  }
  return value;
}

/** How many earlier messages the prompt reads (core asks for that many as history). */
export function maxMessagesOf(config: Record<string, unknown>): number {
  try {
    return numberSetting(config, 'maxMessages', PROMPT_DEFAULTS.maxMessages, { min: 0, max: 100, integer: true });
  } catch {
    return PROMPT_DEFAULTS.maxMessages;
  }
}

/** The Azure voice of the prompt, or undefined for text mode; a voice without its key and region is an error. */
function voiceOf(config: Record<string, unknown>): PromptSettings['voice'] {
  const name = text(config, 'voice');
  if (!name || name.toLowerCase() === TEXT_MODE) return undefined;
  const voice = PROMPT_VOICES.find((known) => known.toLowerCase() === name.toLowerCase());
  if (!voice) throw new PromptSettingsError(`The prompt's voice ${name} is not one of ${TEXT_MODE}, ${PROMPT_VOICES.join(', ')}`);
  const key = text(config, 'voiceKey');
  const region = text(config, 'voiceRegion').toLowerCase();
  if (!key || !region) throw new PromptSettingsError(`The prompt's voice ${voice} needs the Azure Speech key and region`);
  // The region becomes part of the Azure host name.
  if (!/^[a-z0-9-]{2,40}$/.test(region))
    throw new PromptSettingsError(`The prompt's voice region ${region} is not an Azure region name such as brazilsouth`);
  return { name: voice, azureName: `pt-BR-${voice}Neural`, key, region };
}

/** Reads and checks a prompt's settings; throws PromptSettingsError saying which one is missing or wrong. */
export function readPromptSettings(config: Record<string, unknown>): PromptSettings {
  const apiKey = text(config, 'apiKey');
  if (!apiKey) throw new PromptSettingsError('The prompt has no OpenAI API key');
  const prompt = text(config, 'prompt');
  if (!prompt) throw new PromptSettingsError('The prompt has no instructions (prompt text)');
  return {
    name: text(config, 'name'),
    prompt,
    apiKey,
    voice: voiceOf(config),
    maxTokens: numberSetting(config, 'maxTokens', PROMPT_DEFAULTS.maxTokens, { min: 1, max: 100_000, integer: true }),
    temperature: numberSetting(config, 'temperature', PROMPT_DEFAULTS.temperature, { min: 0, max: 2 }),
    maxMessages: numberSetting(config, 'maxMessages', PROMPT_DEFAULTS.maxMessages, { min: 0, max: 100, integer: true }),
    handOffPhrase: text(config, 'handOffPhrase') || DEFAULT_HAND_OFF_PHRASE,
  };
}
