import * as yup from 'yup';
import { readVariable, variable } from './variable.js';

export const billingVariables = {
  provider: variable({
    env: 'PAYMENT_PROVIDER',
    doc: "Id of the installed payment plugin that charges the companies' invoices by Pix (its API key is the super company's `asaas` setting).",
    defaultText: 'asaas',
    schema: yup.string().default('asaas'),
  }),
  environment: variable({
    env: 'PAYMENT_ENVIRONMENT',
    doc: "The payment provider's environment: production, or sandbox for trials with the sandbox account's API key.",
    defaultText: 'production',
    schema: yup.string().oneOf(['production', 'sandbox'], 'must be production or sandbox').default('production'),
  }),
  apiUrl: variable({
    env: 'PAYMENT_API_URL',
    doc: "Another address for the payment provider's API (a proxy, or a local stand-in in tests). Unset: the environment's.",
    defaultText: '—',
    schema: yup.string().url('must be an absolute URL').optional(),
  }),
  webhookToken: variable({
    env: 'PAYMENT_WEBHOOK_TOKEN',
    doc: "The token set on the provider's webhook to POST /webhooks/payments/<provider>; a webhook without it is refused. Unset: every payment webhook is refused.",
    defaultText: '—',
    // Long enough that it cannot be guessed: it is all that proves a payment came from the provider.
    schema: yup.string().min(16, 'must be at least 16 characters long').optional(),
  }),
};

export interface BillingConfig {
  provider: string;
  environment: 'production' | 'sandbox';
  apiUrl?: string;
  webhookToken?: string;
}

export function loadBillingConfig(env: NodeJS.ProcessEnv = process.env): BillingConfig {
  return {
    provider: readVariable(billingVariables.provider, env) as string,
    environment: readVariable(billingVariables.environment, env) as BillingConfig['environment'],
    apiUrl: readVariable(billingVariables.apiUrl, env) as string | undefined,
    webhookToken: readVariable(billingVariables.webhookToken, env) as string | undefined,
  };
}
