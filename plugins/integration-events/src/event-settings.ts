import type { PluginSettingField } from '@switchboard/sdk';

/** A setting of an event integration is missing or wrong; the message names the field. */
export class EventSettingsError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'EventSettingsError';
  }
}

/** The receiver's URL from the queue integration's `urlN8N` field: required, http(s). */
export function readEventUrl(config: Record<string, unknown>): string {
  const url = typeof config.urlN8N === 'string' ? config.urlN8N.trim() : '';
  if (!url) throw new EventSettingsError('The URL (urlN8N) is required');
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new EventSettingsError('The URL (urlN8N) is not a valid address');
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') {
    throw new EventSettingsError('The URL (urlN8N) must start with http:// or https://');
  }
  return parsed.href;
}

/** How many earlier messages the event carries (`historyMessages`, 0 to 100; default 0). */
export function readHistoryMessages(config: Record<string, unknown>): number {
  const raw = config.historyMessages;
  if (raw === undefined || raw === null || raw === '') return 0;
  const count = Number(raw);
  return Number.isSafeInteger(count) && count >= 0 ? Math.min(count, 100) : 0;
}

/** The `historyMessages` field of an event integration's form, labelled in the plugin's own i18n keys. */
export function historyMessagesSetting(type: string): PluginSettingField {
  return {
    key: 'historyMessages',
    type: 'number',
    label: `integrations.${type}.settings.historyMessages`,
    help: `integrations.${type}.settings.historyMessagesHelp`,
    default: 0,
  };
}
