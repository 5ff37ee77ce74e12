import { ContainerModule, type WebhookDelivery } from '@switchboard/sdk';
import { FakeAsaas } from '../../../../../plugins/payment-asaas/src/__tests__/fake-asaas.js';
import { Clock } from '../../../platform/clock.js';
import { api, startTestServer, TEST_ADMIN, type TestServer } from '../../../testing/test-server.js';
import { MovableClock } from '../../routing/__tests__/routing-scenario.js';

export const ASAAS_API_KEY = '$aact_switchboard_test_key';
export const ASAAS_WEBHOOK_TOKEN = 'switchboard-webhook-token-0123456789';

/** A server charging through the fake Asaas: the super company's `asaas` setting is the fake account's API key. */
export async function startBillingServer(options: { asaas: FakeAsaas; clock: MovableClock }): Promise<TestServer> {
  const server = await startTestServer({
    backgroundWorkers: false,
    env: { PAYMENT_API_URL: options.asaas.apiUrl, PAYMENT_WEBHOOK_TOKEN: ASAAS_WEBHOOK_TOKEN },
    extraModules: [new ContainerModule((_bind, _unbind, _isBound, rebind) => void rebind(Clock).toConstantValue(options.clock))],
  });
  const superToken = await server.login(TEST_ADMIN.email, TEST_ADMIN.password);
  const saved = await api(server, 'PUT', '/companySettings', { token: superToken, body: { column: 'asaas', data: ASAAS_API_KEY } });
  if (saved.status !== 200) throw new Error(`the asaas setting was not saved: ${JSON.stringify(saved.body)}`);
  return server;
}

export function startFakeAsaas(): Promise<FakeAsaas> {
  return FakeAsaas.start({ apiKey: ASAAS_API_KEY, webhookToken: ASAAS_WEBHOOK_TOKEN });
}

/** Delivers a provider's webhook to a node as the provider would: its exact bytes and headers. */
export async function deliver(
  node: { url: string },
  delivery: WebhookDelivery,
  provider = 'asaas',
): Promise<{ status: number; body: any }> {
  const headers = Object.fromEntries(
    Object.entries(delivery.headers).filter((entry): entry is [string, string] => typeof entry[1] === 'string'),
  );
  const response = await fetch(`${node.url}/webhooks/payments/${provider}`, { method: 'POST', headers, body: delivery.rawBody });
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : undefined };
}

/** The checkout form of the custom plan with `users` and `connections`, priced as the web prices it. */
export function checkoutForm(invoiceId: number, plan: { users: number; connections: number; queues?: number; price: number }) {
  return {
    firstName: 'Maria',
    lastName: 'Souza',
    zipcode: '11.222.333/0001-81',
    plan: { users: plan.users, connections: plan.connections, queues: plan.queues ?? 3, price: plan.price },
    price: plan.price,
    invoiceId,
  };
}

export { FakeAsaas, MovableClock };
