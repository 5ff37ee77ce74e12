import { validateYupSchema, yupToFormErrors } from 'formik';
import * as yup from 'yup';
import {
  queueIntegrationRules,
  queueIntegrationSpecFields,
  requiredSpecFields,
  type ChannelSettingField,
} from '@switchboard/sdk/contracts';
import { settingValues, type SettingValue } from '../connections/connection-form';
import type { IntegrationPlugin, QueueIntegration, QueueIntegrationInput } from './integrations.api';

/** The spec's fields of a queue integration (spec 3 §3): sent at the top of the body, a plugin's other settings in `settings`. */
export const SPEC_FIELDS = queueIntegrationSpecFields;

/** The integration type that answers AI prompts: its records are the prompts screen's (spec 3 §2.11), not queue integrations. */
export const PROMPT_INTEGRATION_TYPE = 'openai';

/** The types the dialog offers: the loaded integration plugins but the one behind prompts. */
export function queueIntegrationTypes(plugins: IntegrationPlugin[]): IntegrationPlugin[] {
  return plugins.filter((plugin) => plugin.type !== PROMPT_INTEGRATION_TYPE);
}

/** The dialog's values: the type, the name, and every field the type's plugin describes (by its key). */
export interface IntegrationFormValues {
  type: string;
  name: string;
  settings: Record<string, SettingValue>;
}

/** The fields of a type as the dialog shows them: its plugin's description, with spec 3 §5's required marks. */
export function integrationFields(plugin: IntegrationPlugin | undefined): ChannelSettingField[] {
  if (!plugin) return [];
  const specRequired = requiredSpecFields(plugin.type);
  const required = (key: string) => specRequired.includes(key);
  return (plugin.description.settings ?? []).map((field) => (required(field.key) ? { ...field, required: true } : field));
}

/** The starting values: the integration's (its spec fields and its own settings), else the fields' defaults. */
export function integrationFormValues(
  integration: QueueIntegration | undefined,
  type: string,
  fields: ChannelSettingField[],
): IntegrationFormValues {
  const saved: Record<string, unknown> = { ...(integration?.settings ?? {}) };
  for (const key of SPEC_FIELDS) if (integration?.[key] !== null && integration?.[key] !== undefined) saved[key] = integration[key];
  return { type, name: integration?.name ?? '', settings: settingValues(fields, integration ? saved : undefined) };
}

export interface IntegrationFormMessages {
  required: string;
  tooShort: string;
  tooLong: string;
  invalidUrl: string;
  invalidNumber: string;
}

const isWebAddress = (value: string) => /^https?:\/\/\S+$/i.test(value);

/**
 * The dialog's errors as formik shows them (by path, the first of each field), checked with formik's own preparation
 * of the values (an empty text is absent, so it says 'required' rather than 'too short').
 */
export async function integrationFormErrors(
  values: IntegrationFormValues,
  fields: ChannelSettingField[],
  messages: IntegrationFormMessages,
) {
  return validateYupSchema(values, integrationSchema(fields, messages)).then(() => ({}), yupToFormErrors);
}

/** Spec 3 §5: name 2 to 50 and required; the type's required fields filled; addresses http(s); numbers numbers. */
export function integrationSchema(fields: ChannelSettingField[], messages: IntegrationFormMessages) {
  const settings: Record<string, yup.StringSchema> = {};
  for (const field of fields) {
    if (field.type === 'boolean') continue;
    // A number input's value is checked as the text it shows (yup's string reads a number as its text).
    let rule = yup.string().trim();
    if (field.required) rule = rule.required(messages.required);
    if (field.type === 'url') rule = rule.test('url', messages.invalidUrl, (value) => !value || isWebAddress(value));
    if (field.type === 'number') rule = rule.test('number', messages.invalidNumber, (value) => !value || Number.isFinite(Number(value)));
    settings[field.key] = rule;
  }
  return yup.object({
    type: yup.string().required(messages.required),
    name: queueIntegrationRules(messages).name.required(messages.required),
    settings: yup.object(settings),
  });
}

/**
 * The body of POST/PUT /queueIntegration: the spec's fields at the top, the plugin's others in `settings`, numbers as
 * numbers. A secret still showing the server's mask goes back as it is, which the server reads as unchanged.
 */
export function integrationBody(values: IntegrationFormValues, fields: ChannelSettingField[]): QueueIntegrationInput {
  const body: QueueIntegrationInput = { type: values.type, name: values.name.trim(), settings: {} };
  for (const field of fields) {
    const value = fieldValue(field, values.settings[field.key]);
    if (value === undefined) continue;
    if ((SPEC_FIELDS as readonly string[]).includes(field.key)) body[field.key] = value;
    else body.settings[field.key] = value;
  }
  return body;
}

/** What a field sends: an emptied text clears it (null); an emptied number is left out, so the stored one or the default stays. */
function fieldValue(field: ChannelSettingField, value: SettingValue | undefined): SettingValue | null | undefined {
  if (field.type === 'boolean') return value === true;
  const text = typeof value === 'string' ? value.trim() : value;
  if (text === '' || text === undefined) return field.type === 'number' ? undefined : null;
  return field.type === 'number' ? Number(text) : text;
}

/**
 * The server's per-field messages of a refused save (`fields`), placed where the dialog shows them: the name at the
 * top, the plugin's fields under `settings`. Messages of fields the dialog does not show are left to the toast.
 */
export function integrationErrors(
  fields: Record<string, string> | undefined,
  shown: ChannelSettingField[],
): { name?: string; type?: string; settings?: Record<string, string> } {
  const errors: { name?: string; type?: string; settings?: Record<string, string> } = {};
  for (const [key, message] of Object.entries(fields ?? {})) {
    if (key === 'name' || key === 'type') errors[key] = message;
    else if (shown.some((field) => field.key === key)) errors.settings = { ...errors.settings, [key]: message };
  }
  return errors;
}
