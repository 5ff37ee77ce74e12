import { addressField, type ChannelContribution, type IntegrationContribution } from '@switchboard/sdk';
import type { LoadedPlugin } from './plugin-loader.js';

/** The contributions of the loaded plugins, filled once at start-up. */
export class PluginRegistry {
  private readonly channelsByName = new Map<string, ChannelContribution>();
  private readonly integrationsByType = new Map<string, IntegrationContribution>();

  constructor(
    readonly plugins: LoadedPlugin[],
    channels: ChannelContribution[],
    integrations: IntegrationContribution[],
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
}
