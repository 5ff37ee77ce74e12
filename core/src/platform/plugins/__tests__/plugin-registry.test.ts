import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from '@jest/globals';
import { Container, PaymentContribution } from '@switchboard/sdk';
import { PluginRegistry } from '../channel-registry.js';
import { discoverPluginPackages, loadPlugins } from '../plugin-loader.js';

/** A payment provider that is only its name: the registry reads nothing else. */
const provider = (id: string) =>
  ({
    provider: id,
    description: { name: id, settings: [] },
    createPixCharge: async () => {
      throw new Error('not called');
    },
    readWebhook: async () => ({ verified: false, reason: 'not called' }),
    findCharge: async () => undefined,
  }) satisfies PaymentContribution;

describe('the payment providers of the registry', () => {
  it('are found by their id, and listed', () => {
    const registry = new PluginRegistry([], [], [], [provider('asaas'), provider('till')]);
    expect(registry.payment('till')?.provider).toBe('till');
    expect(registry.payment('stripe')).toBeUndefined();
    expect(registry.payments.map((payment) => payment.provider)).toEqual(['asaas', 'till']);
  });

  it('refuse two plugins contributing one provider', () => {
    expect(() => new PluginRegistry([], [], [], [provider('asaas'), provider('asaas')])).toThrow(
      'Two plugins contribute the payment provider "asaas"',
    );
  });

  it('come from the installed plugins of kind payment, as the server loads them', async () => {
    const workspace = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../../node_modules');
    const plugins = await loadPlugins(discoverPluginPackages({ nodeModules: workspace, extra: [] }));
    const payments = plugins.filter((plugin) => plugin.manifest.kind === 'payment');
    expect(payments.map((plugin) => [plugin.packageName, plugin.manifest.id])).toContainEqual([
      '@switchboard/plugin-payment-asaas',
      'asaas',
    ]);
    // Only the payment plugins: the channels need core's services bound.
    const container = new Container({ defaultScope: 'Singleton' });
    container.load(...payments.map((plugin) => plugin.module));
    const registry = new PluginRegistry(plugins, [], [], container.getAll<PaymentContribution>(PaymentContribution));
    expect(
      registry
        .payment('asaas')
        ?.description.settings.filter((field) => field.secret)
        .map((field) => field.key),
    ).toEqual(['apiKey', 'webhookToken']);
  });
});
