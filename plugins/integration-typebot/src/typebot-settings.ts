import type { PluginSettingField } from '@switchboard/sdk';

/** Spec defaults: a session expires after 1 minute without messages; bubbles 1000 ms apart. */
export const DEFAULT_EXPIRES_MINUTES = 1;
export const DEFAULT_DELAY_MS = 1000;

/** The queue integration's fields for the typebot type (spec 3 §3), as the dialog shows them. */
export const typebotSettingFields: PluginSettingField[] = [
  { key: 'urlN8N', type: 'url', label: 'queueIntegrationModal.form.urlN8N', required: true },
  { key: 'typebotSlug', type: 'string', label: 'queueIntegrationModal.form.typebotSlug', required: true },
  { key: 'typebotExpires', type: 'number', label: 'queueIntegrationModal.form.typebotExpires', default: DEFAULT_EXPIRES_MINUTES },
  { key: 'typebotDelayMessage', type: 'number', label: 'queueIntegrationModal.form.typebotDelayMessage', default: DEFAULT_DELAY_MS },
  { key: 'typebotKeywordFinish', type: 'string', label: 'queueIntegrationModal.form.typebotKeywordFinish' },
  { key: 'typebotKeywordRestart', type: 'string', label: 'queueIntegrationModal.form.typebotKeywordRestart' },
  { key: 'typebotUnknownMessage', type: 'text', label: 'queueIntegrationModal.form.typebotUnknownMessage' },
  { key: 'typebotRestartMessage', type: 'text', label: 'queueIntegrationModal.form.typebotRestartMessage' },
];

export interface TypebotSettings {
  /** The Typebot server, without a trailing slash. */
  url: string;
  /** The published bot's public id. */
  slug: string;
  /** 0: the session never expires. */
  expiresMinutes: number;
  delayMs: number;
  keywordFinish?: string;
  keywordRestart?: string;
  unknownMessage?: string;
  restartMessage?: string;
}

export class TypebotSettingsError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'TypebotSettingsError';
  }
}

/** Reads a queue integration's fields (numbers may arrive as text from the form); throws TypebotSettingsError saying what is wrong. */
export function readTypebotSettings(config: Record<string, unknown>): TypebotSettings {
  const url = text(config.urlN8N);
  if (!url) throw new TypebotSettingsError('The Typebot URL (urlN8N) is required');
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new TypebotSettingsError(`The Typebot URL (urlN8N) is not a valid address: ${url}`);
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') {
    throw new TypebotSettingsError('The Typebot URL (urlN8N) must start with http:// or https://');
  }
  const slug = text(config.typebotSlug);
  if (!slug) throw new TypebotSettingsError("The Typebot's public id (typebotSlug) is required");
  return {
    url: url.replace(/\/+$/, ''),
    slug,
    expiresMinutes: count(config.typebotExpires, 'typebotExpires', DEFAULT_EXPIRES_MINUTES),
    delayMs: count(config.typebotDelayMessage, 'typebotDelayMessage', DEFAULT_DELAY_MS),
    keywordFinish: text(config.typebotKeywordFinish),
    keywordRestart: text(config.typebotKeywordRestart),
    unknownMessage: text(config.typebotUnknownMessage),
    restartMessage: text(config.typebotRestartMessage),
  };
}

function text(value: unknown): string | undefined {
  if (typeof value !== 'string' && typeof value !== 'number') return undefined;
  const trimmed = String(value).trim();
  return trimmed || undefined;
}

function count(value: unknown, key: string, fallback: number): number {
  const raw = text(value);
  if (raw === undefined) return fallback;
  const number = Number(raw);
  if (!Number.isFinite(number) || number < 0) throw new TypebotSettingsError(`${key} must be a number of 0 or more, not ${raw}`);
  return number;
}
