import type { Router } from 'express';
import {
  injectable,
  type ChannelContribution,
  type ChannelSession,
  type ChannelSessionContext,
  type ChannelSignIn,
  type PluginDescription,
  PluginHost,
  type PluginSettingField,
} from '@switchboard/sdk';
import { metaApp } from './meta-app.js';
import type { MetaChannelName } from './messenger-client.js';
import { MetaSession } from './meta-session.js';
import { registerWebhookRoutes } from './webhook-routes.js';

/** The page's settings; the page id is the facebook channel's address (instagram's is its account id). */
export function pageSettings(channel: MetaChannelName, options: { pageIsAddress: boolean }): PluginSettingField[] {
  return [
    { key: 'pageId', type: 'string', label: `channels.${channel}.settings.pageId`, required: true, address: options.pageIsAddress },
    {
      key: 'pageAccessToken',
      type: 'text',
      label: `channels.${channel}.settings.pageAccessToken`,
      help: `channels.${channel}.settings.pageAccessTokenHelp`,
      required: true,
      secret: true,
    },
    {
      key: 'appSecret',
      type: 'string',
      label: `channels.${channel}.settings.appSecret`,
      help: `channels.${channel}.settings.appSecretHelp`,
      required: true,
      secret: true,
    },
    {
      key: 'verifyToken',
      type: 'string',
      label: `channels.${channel}.settings.verifyToken`,
      help: `channels.${channel}.settings.verifyTokenHelp`,
      required: true,
      secret: true,
    },
  ];
}

/**
 * What a channel on the Messenger Platform (Facebook Messenger, Instagram Direct) is made of: sessions on the Send
 * API, a signed webhook under /webhooks/<channel>, and the sign-in with the product's Meta app.
 */
@injectable()
export abstract class MetaChannel implements ChannelContribution {
  abstract readonly channel: MetaChannelName;
  abstract readonly description: PluginDescription;
  /** The webhook `object` of this channel: 'page' or 'instagram'. */
  protected abstract readonly webhookObject: string;

  constructor(protected readonly host: PluginHost) {}

  createSession(ctx: ChannelSessionContext): ChannelSession {
    return new MetaSession(ctx, this.channel);
  }

  routes(router: Router): void {
    registerWebhookRoutes(router, { host: this.host, channel: this.channel, object: this.webhookObject });
  }

  /** Both channels sign in with the product's Meta app (POST /facebook), once the server has one. */
  signIn(): ChannelSignIn | undefined {
    const app = metaApp();
    return app.appId && app.appSecret ? { provider: 'facebook', appId: app.appId } : undefined;
  }
}
