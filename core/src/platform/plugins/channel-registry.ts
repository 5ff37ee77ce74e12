import { addressField, type ChannelContribution, type IntegrationContribution, type PaymentContribution } from '@switchboard/sdk';
import type { LoadedPlugin } from './plugin-loader.js';

/** The contributions of the loaded plugins, filled once at start-up. */
export class PluginRegistry {
  private readonly channelsByName = new Map<string, ChannelContribution>();
  private readonly integrationsByType = new Map<string, IntegrationContribution>();
  private readonly paymentsByProvider = new Map<string, PaymentContribution>();

  constructor(
    readonly plugins: LoadedPlugin[],
    channels: ChannelContribution[],
    integrations: IntegrationContribution[],
    payments: PaymentContribution[] = [],
  ) {
    for (const channel of channels) {
      if (this.channelsByName.has(channel.channel)) throw new Error(`Two plugins contribute the channel "${channel.channel}"`);
      // A channel's address must be one plain setting, so that it can be unique on the installation.
      addressField(channel.channel, channel.description);
      this.channelsByName.set(channel.channel, channel);
    }
    for (const integration of integrations) {
      if (this.integrationsByType.has(integration.type)) throw new Error(`Two plugins contribute the integration "${integration.type}"`);
      this.integrationsByType.set(integration.type, integration);
    }
    for (const payment of payments) {
      const provider = payment.provider;
      if (this.paymentsByProvider.has(provider)) throw new Error(`Two plugins contribute the payment provider "${provider}"`);
      this.paymentsByProvider.set(provider, payment);
    }
  }

  channel(name: string): ChannelContribution | undefined {
    return this.channelsByName.get(name);
  }

  get channels(): ChannelContribution[] {
    return [...this.channelsByName.values()];
  }

  get integrations(): IntegrationContribution[] {
    return [...this.integrationsByType.values()];
  }

  /** The installed payment provider of that id ('asaas'), which billing charges invoices through. */
  payment(provider: string): PaymentContribution | undefined {
    return this.paymentsByProvider.get(provider);
  }

  get payments(): PaymentContribution[] {
    return [...this.paymentsByProvider.values()];
  }
}
