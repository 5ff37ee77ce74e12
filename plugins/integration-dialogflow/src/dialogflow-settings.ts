import { createPrivateKey } from 'node:crypto';
import type { PluginSettingField } from '@switchboard/sdk';

/** Spec 3 §3: the languages a dialogflow queue integration speaks (its agent's language codes). */
export const DIALOGFLOW_LANGUAGES = ['pt-BR', 'en', 'es'] as const;
export type DialogflowLanguage = (typeof DIALOGFLOW_LANGUAGES)[number];

/** The queue integration's fields for the dialogflow type (spec 3 §3), as the dialog shows them. */
export const dialogflowSettingFields: PluginSettingField[] = [
  { key: 'projectName', type: 'string', label: 'queueIntegrationModal.form.projectName', required: true },
  { key: 'jsonContent', type: 'text', label: 'queueIntegrationModal.form.jsonContent', required: true, secret: true },
  {
    key: 'language',
    type: 'select',
    label: 'queueIntegrationModal.form.language',
    required: true,
    default: 'pt-BR',
    options: [
      { value: 'pt-BR', label: 'Português (Brasil)' },
      { value: 'en', label: 'English' },
      { value: 'es', label: 'Español' },
    ],
  },
];

/** The service account the integration signs its calls with: only what the client needs of the key file. */
export interface ServiceAccount {
  clientEmail: string;
  privateKey: string;
}

export interface DialogflowSettings {
  /** The Google Cloud project of the Dialogflow ES agent. */
  projectId: string;
  serviceAccount: ServiceAccount;
  language: DialogflowLanguage;
}

/** A dialogflow integration that cannot be used as it is; the message names the setting and never quotes the key. */
export class DialogflowSettingsError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'DialogflowSettingsError';
  }
}

function text(value: unknown): string {
  return typeof value === 'string' ? value.trim() : '';
}

/**
 * The key file's fields. JSON.parse's own message is left out: it quotes the text around the fault, which is the
 * private key.
 */
function readServiceAccount(jsonContent: string): ServiceAccount & { projectId: string } {
  let key: unknown;
  try {
    key = JSON.parse(jsonContent);
  } catch {
    throw new DialogflowSettingsError(
      'The service account key (jsonContent) is not valid JSON: paste the whole key file Google Cloud gave',
    );
  }
  if (!key || typeof key !== 'object' || Array.isArray(key)) {
    throw new DialogflowSettingsError('The service account key (jsonContent) must be the JSON object of a key file');
  }
  const fields = key as Record<string, unknown>;
  if (fields.type !== undefined && fields.type !== 'service_account') {
    throw new DialogflowSettingsError(`The key (jsonContent) is of type ${text(fields.type) || '?'}; a service account key is needed`);
  }
  const clientEmail = text(fields.client_email);
  const privateKey = typeof fields.private_key === 'string' ? fields.private_key : '';
  if (!clientEmail || !privateKey) {
    throw new DialogflowSettingsError('The service account key (jsonContent) lacks its client_email or private_key');
  }
  try {
    createPrivateKey(privateKey);
  } catch {
    throw new DialogflowSettingsError(`The private_key of the service account ${clientEmail} is not a PEM private key`);
  }
  return { clientEmail, privateKey, projectId: text(fields.project_id) };
}

/**
 * Reads a queue integration's fields; throws DialogflowSettingsError saying what is missing or wrong. The project
 * defaults to the key file's own; the language to the company's when it is one the agent may speak.
 */
export function readDialogflowSettings(config: Record<string, unknown>, companyLanguage?: string): DialogflowSettings {
  const jsonContent = text(config.jsonContent);
  if (!jsonContent) throw new DialogflowSettingsError('The service account key (jsonContent) is required');
  const { projectId: keyProject, ...serviceAccount } = readServiceAccount(jsonContent);
  const projectId = text(config.projectName) || keyProject;
  if (!projectId) throw new DialogflowSettingsError('The Google Cloud project of the agent (projectName) is required');
  // Project ids are 6 to 30 lowercase letters, digits and dashes (older ones behind a domain); the id is in the path.
  if (!/^([a-z0-9][a-z0-9.-]*[a-z0-9]:)?[a-z][a-z0-9-]{4,28}[a-z0-9]$/.test(projectId)) {
    throw new DialogflowSettingsError(`The project (projectName) ${projectId} is not a Google Cloud project id such as my-agent-1234`);
  }
  const chosen = text(config.language);
  const language = chosen || (isDialogflowLanguage(companyLanguage) ? companyLanguage : 'pt-BR');
  if (!isDialogflowLanguage(language)) {
    throw new DialogflowSettingsError(`The language ${language} is not one of ${DIALOGFLOW_LANGUAGES.join(', ')}`);
  }
  return { projectId, serviceAccount, language };
}

function isDialogflowLanguage(value: string | undefined): value is DialogflowLanguage {
  return (DIALOGFLOW_LANGUAGES as readonly string[]).includes(value ?? '');
}
