import type { Router } from 'express';
import {
  inject,
  injectable,
  MediaHosts,
  optional,
  PluginHost,
  type ChannelContribution,
  type ChannelSession,
  type ChannelSessionContext,
  type PluginDescription,
} from '@switchboard/sdk';
import { ApiSession } from './api-session.js';
import { ConnectionRateLimiter } from './connection-rate-limiter.js';
import { registerInboundRoutes } from './inbound-routes.js';

export const API_CHANNEL = 'api';

/**
 * The API channel: a bridge to any messaging system. What agents send is POSTed, signed, to the connection's webhook;
 * the integrator POSTs what its contacts write to /api/channels/<connection token>/messages.
 */
@injectable()
export class ApiChannel implements ChannelContribution {
  readonly channel = API_CHANNEL;
  readonly description: PluginDescription = {
    name: 'channels.api.name',
    icon: 'api',
    settings: [
      {
        key: 'webhookUrl',
        type: 'url',
        label: 'channels.api.settings.webhookUrl',
        help: 'channels.api.settings.webhookUrlHelp',
        required: true,
      },
      {
        // The sdk has no way to generate a setting, so the admin chooses it (and gives it to the integrator).
        key: 'webhookSecret',
        type: 'string',
        label: 'channels.api.settings.webhookSecret',
        help: 'channels.api.settings.webhookSecretHelp',
        required: true,
        secret: true,
      },
      {
        key: 'requireSignature',
        type: 'boolean',
        label: 'channels.api.settings.requireSignature',
        help: 'channels.api.settings.requireSignatureHelp',
        default: false,
      },
    ],
    capabilities: { media: true, edit: true, delete: true, react: true, externalApi: true },
  };

  /** 60 requests at once, then 20 a second, per connection. */
  private readonly limiter = new ConnectionRateLimiter(60, 20);

  constructor(
    @inject(PluginHost) private readonly host: PluginHost,
    @inject(MediaHosts) @optional() private readonly mediaHosts: MediaHosts = 'public',
  ) {}

  createSession(ctx: ChannelSessionContext): ChannelSession {
    return new ApiSession(ctx);
  }

  routes(router: Router): void {
    registerInboundRoutes(router, { host: this.host, channel: this.channel, limiter: this.limiter, mediaHosts: this.mediaHosts });
  }
}
