import type { Router } from 'express';
import {
  inject,
  injectable,
  PluginHost,
  type ChannelContribution,
  type ChannelSession,
  type ChannelSessionContext,
  type PluginDescription,
} from '@switchboard/sdk';
import { VisitorRateLimiter } from './visitor-rate-limiter.js';
import { DEFAULT_COLOR } from './widget-contract.js';
import { WebchatSession } from './webchat-session.js';
import { registerWidgetRoutes } from './widget-routes.js';
import { attachWidgetNamespace } from './widget-socket.js';

export const WEBCHAT_CHANNEL = 'webchat';

/**
 * The webchat channel: a chat page at /widget/<connection public id>, and a launcher (/widget/<public id>/embed.js) that
 * opens it from any website; its visitors become contacts.
 */
@injectable()
export class WebchatChannel implements ChannelContribution {
  readonly channel = WEBCHAT_CHANNEL;
  readonly description: PluginDescription = {
    name: 'channels.webchat.name',
    icon: 'chat',
    settings: [
      {
        key: 'title',
        type: 'string',
        label: 'channels.webchat.settings.title',
        // No default: an empty title shows "Chat with us" in the visitor's own language.
        help: 'channels.webchat.settings.titleHelp',
      },
      {
        key: 'welcomeText',
        type: 'text',
        label: 'channels.webchat.settings.welcomeText',
        help: 'channels.webchat.settings.welcomeTextHelp',
      },
      {
        key: 'primaryColor',
        type: 'string',
        label: 'channels.webchat.settings.primaryColor',
        help: 'channels.webchat.settings.primaryColorHelp',
        default: DEFAULT_COLOR,
      },
      {
        key: 'requireEmail',
        type: 'boolean',
        label: 'channels.webchat.settings.requireEmail',
        default: false,
      },
    ],
    capabilities: { media: true, presence: true, edit: true, delete: true, qrcode: false },
  };

  /** 20 messages at once, then one a second, per visitor. */
  private readonly messageLimiter = new VisitorRateLimiter(20, 1);
  /** 10 new visitors at once, then one every 6 seconds, per connection and client address. */
  private readonly sessionLimiter = new VisitorRateLimiter(10, 1 / 6);
  private namespaceAttached = false;

  constructor(@inject(PluginHost) private readonly host: PluginHost) {}

  createSession(ctx: ChannelSessionContext): ChannelSession {
    return new WebchatSession(ctx, this.host);
  }

  routes(router: Router): void {
    registerWidgetRoutes(router, {
      host: this.host,
      channel: this.channel,
      messageLimiter: this.messageLimiter,
      sessionLimiter: this.sessionLimiter,
    });
    if (!this.namespaceAttached) {
      attachWidgetNamespace(this.host, this.channel);
      this.namespaceAttached = true;
    }
  }
}
