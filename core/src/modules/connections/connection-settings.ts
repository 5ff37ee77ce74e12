import type { PluginSettingField } from '@switchboard/sdk';
import type { SecretKeys } from '../../platform/auth/app-secret.js';
import { AppError } from '../../platform/http/app-error.js';

/** How a secret setting is answered: it is never sent back, only shown as set. */
export const MASKED_SECRET = '********';

/** A secret setting at rest: encrypted with the app's key, marked so that it is never mistaken for a plain value. */
interface SealedValue {
  $sealed: string;
}

function isSealed(value: unknown): value is SealedValue {
  return typeof value === 'object' && value !== null && typeof (value as SealedValue).$sealed === 'string';
}

function asObject(value: unknown): Record<string, unknown> {
  if (typeof value === 'string') {
    try {
      return asObject(JSON.parse(value));
    } catch {
      return {};
    }
  }
  return value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
}

/** The settings as the channel's session reads them: secrets decrypted. */
export function revealSettings(stored: unknown, secrets: SecretKeys): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(asObject(stored)).map(([key, value]) => [key, isSealed(value) ? secrets.decrypt(value.$sealed) : value]),
  );
}

/** The settings as the API answers them: secrets masked. */
export function maskSettings(stored: unknown): Record<string, unknown> {
  return Object.fromEntries(Object.entries(asObject(stored)).map(([key, value]) => [key, isSealed(value) ? MASKED_SECRET : value]));
}

/**
 * Validates a connection's settings against its channel's description (DESIGN §3, the plugin's settings form) and
 * prepares them for storage: unknown keys refused, each value checked by type, required ones present, defaults
 * filled, secrets encrypted. A secret sent back masked (or left out) keeps its stored value.
 */
export function sealSettings(options: {
  fields: PluginSettingField[];
  input: Record<string, unknown> | undefined;
  current: unknown;
  secrets: SecretKeys;
}): Record<string, unknown> {
  const { fields, secrets } = options;
  const input = options.input ?? {};
  const current = asObject(options.current);
  const errors: Record<string, string> = {};
  const byKey = new Map(fields.map((field) => [field.key, field]));
  for (const key of Object.keys(input)) if (!byKey.has(key)) errors[`settings.${key}`] = 'Unknown setting';

  const result: Record<string, unknown> = {};
  for (const field of fields) {
    const sent = input[field.key];
    const keepCurrent = sent === undefined || (field.secret && sent === MASKED_SECRET);
    let value: unknown;
    if (keepCurrent) value = current[field.key] ?? field.default;
    else {
      const checked = checkValue(field, sent);
      if (checked.error) {
        errors[`settings.${field.key}`] = checked.error;
        continue;
      }
      value = checked.value;
      if (field.secret && typeof value === 'string' && value !== '') value = { $sealed: secrets.encrypt(value) };
    }
    if (value === undefined || value === null || value === '') {
      if (field.required) errors[`settings.${field.key}`] = 'Required';
      continue;
    }
    result[field.key] = value;
  }
  const first = Object.values(errors)[0];
  if (first) throw new AppError('ERR_VALIDATION', 400, { message: first, fields: errors });
  return result;
}

function checkValue(field: PluginSettingField, value: unknown): { value?: unknown; error?: string } {
  if (value === null || value === '') return { value: undefined };
  switch (field.type) {
    case 'boolean':
      if (typeof value === 'boolean') return { value };
      if (value === 'true' || value === 'false') return { value: value === 'true' };
      return { error: 'Use true or false' };
    case 'number': {
      const number = typeof value === 'string' ? Number(value) : value;
      return typeof number === 'number' && Number.isFinite(number) ? { value: number } : { error: 'Must be a number' };
    }
    case 'select': {
      const allowed = (field.options ?? []).map((option) => option.value);
      return typeof value === 'string' && allowed.includes(value) ? { value } : { error: `Use one of ${allowed.join(', ')}` };
    }
    case 'url':
      if (typeof value !== 'string' || !/^https?:\/\/[^\s]+$/i.test(value.trim())) return { error: 'Must be an http(s) URL' };
      return { value: value.trim() };
    default:
      if (typeof value !== 'string' && typeof value !== 'number') return { error: 'Must be text' };
      if (String(value).length > 4096) return { error: 'Too Long!' };
      return { value: String(value).trim() };
  }
}
