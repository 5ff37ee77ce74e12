import { describePaymentConformance } from '@switchboard/sdk/testing';
import { AsaasPayments } from '../asaas-payments.js';
import { FakeAsaas } from './fake-asaas.js';

describePaymentConformance('asaas', async () => {
  const asaas = await FakeAsaas.start({ apiKey: '$aact_conformance_key', webhookToken: 'whk-conformance-token-0123456789abcdef' });
  const settings = {
    environment: 'sandbox',
    apiUrl: asaas.apiUrl,
    apiKey: '$aact_conformance_key',
    webhookToken: 'whk-conformance-token-0123456789abcdef',
  };
  return {
    // A short timeout: once the fake is closed, calls fail at once anyway.
    contribution: new AsaasPayments({ timeoutMs: 2000 }),
    settings,
    otherWebhookSecret: { ...settings, webhookToken: 'whk-another-token-0123456789abcdef' },
    pay: async (chargeId) => asaas.pay(chargeId),
    breakProvider: () => asaas.close(),
    dispose: () => asaas.close().catch(() => undefined),
  };
});
