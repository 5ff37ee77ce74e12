import { PaymentProviderError, type PluginSettingField } from '@switchboard/sdk';

/** Asaas's API v3 in each environment (docs.asaas.com, "Authentication"); each has its own API keys. */
export const ASAAS_API_URLS = {
  production: 'https://api.asaas.com/v3',
  sandbox: 'https://api-sandbox.asaas.com/v3',
} as const;

export type AsaasEnvironment = keyof typeof ASAAS_API_URLS;

const label = (key: string) => `paymentProviders.asaas.settings.${key}`;

/** The provider's settings form: the environment, the account's API key and the token its webhooks carry. */
export const asaasSettingFields: PluginSettingField[] = [
  {
    key: 'environment',
    type: 'select',
    label: label('environment'),
    required: true,
    default: 'production',
    options: [
      { value: 'production', label: label('production') },
      { value: 'sandbox', label: label('sandbox') },
    ],
  },
  { key: 'apiKey', type: 'string', label: label('apiKey'), help: label('apiKeyHelp'), required: true, secret: true },
  { key: 'webhookToken', type: 'string', label: label('webhookToken'), help: label('webhookTokenHelp'), required: true, secret: true },
  { key: 'apiUrl', type: 'url', label: label('apiUrl'), help: label('apiUrlHelp') },
];

/** Where and as whom the plugin calls Asaas. */
export interface AsaasAccount {
  /** The API's base, without a trailing slash: https://api.asaas.com/v3. */
  apiUrl: string;
  apiKey: string;
}

/** Reads the settings the API calls need; throws PaymentProviderError ERR_PAYMENT_SETTINGS saying what is wrong. */
export function readAsaasAccount(settings: Record<string, unknown>): AsaasAccount {
  const apiKey = text(settings.apiKey);
  if (!apiKey) throw new PaymentProviderError('ERR_PAYMENT_SETTINGS', 'The Asaas API key (apiKey) is not set');
  const environment = text(settings.environment) ?? 'production';
  if (!(environment in ASAAS_API_URLS)) {
    throw new PaymentProviderError('ERR_PAYMENT_SETTINGS', `The Asaas environment must be production or sandbox, not ${environment}`);
  }
  // An explicit address wins: a proxy in front of Asaas, or a local stand-in in tests.
  const apiUrl = text(settings.apiUrl) ?? ASAAS_API_URLS[environment as AsaasEnvironment];
  let parsed: URL;
  try {
    parsed = new URL(apiUrl);
  } catch {
    throw new PaymentProviderError('ERR_PAYMENT_SETTINGS', `The Asaas API address (apiUrl) is not a valid address: ${apiUrl}`);
  }
  if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') {
    throw new PaymentProviderError('ERR_PAYMENT_SETTINGS', 'The Asaas API address (apiUrl) must start with https:// or http://');
  }
  return { apiUrl: apiUrl.replace(/\/+$/, ''), apiKey };
}

/** The token configured on the Asaas webhook, which Asaas sends in the asaas-access-token header; undefined when unset. */
export function readWebhookToken(settings: Record<string, unknown>): string | undefined {
  return text(settings.webhookToken);
}

function text(value: unknown): string | undefined {
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;
}
