import type { Router } from 'express';
import {
  inject,
  injectable,
  PluginHost,
  type ChannelContribution,
  type ChannelSession,
  type ChannelSessionContext,
  type ChannelSignIn,
  type PluginDescription,
  type PluginSettingField,
  type ProvisionedConnection,
} from '@switchboard/sdk';
import { facebookApp } from './facebook-app.js';
import { connectionsFromLogin } from './facebook-login.js';
import { FacebookSession } from './facebook-session.js';
import { REPLY_WINDOW_HOURS } from './reply-window.js';
import { registerWebhookRoutes } from './webhook-routes.js';

export const FACEBOOK_CHANNEL = 'facebook';
export const INSTAGRAM_CHANNEL = 'instagram';

/** The page's settings; the page id is the facebook channel's address (instagram's is its account id). */
function pageSettings(channel: string, options: { pageIsAddress: boolean }): PluginSettingField[] {
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

/** What Facebook and Instagram share: sessions on the Graph API and a signed webhook under /webhooks/<channel>. */
@injectable()
abstract class MetaChannel implements ChannelContribution {
  abstract readonly channel: string;
  abstract readonly description: PluginDescription;
  /** The webhook `object` of this channel. */
  protected abstract readonly webhookObject: string;

  constructor(protected readonly host: PluginHost) {}

  createSession(ctx: ChannelSessionContext): ChannelSession {
    return new FacebookSession(ctx, this.channel);
  }

  routes(router: Router): void {
    registerWebhookRoutes(router, { host: this.host, channel: this.channel, object: this.webhookObject });
  }

  /** Both channels sign in with the product's Meta app (POST /facebook), once the server has one. */
  signIn(): ChannelSignIn | undefined {
    const app = facebookApp();
    return app.appId && app.appSecret ? { provider: 'facebook', appId: app.appId } : undefined;
  }
}

/** Facebook Messenger: a page's conversations; webhook at /webhooks/facebook/<connection token>. */
@injectable()
export class FacebookChannel extends MetaChannel {
  readonly channel = FACEBOOK_CHANNEL;
  protected readonly webhookObject = 'page';
  readonly description: PluginDescription = {
    name: 'channels.facebook.name',
    icon: 'facebook',
    settings: pageSettings(FACEBOOK_CHANNEL, { pageIsAddress: true }),
    capabilities: { media: true, react: true, presence: true, replyWindowHours: REPLY_WINDOW_HOURS, externalApi: true },
  };

  constructor(@inject(PluginHost) host: PluginHost) {
    super(host);
  }

  /** POST /facebook: the login's pages (and their Instagram accounts when asked) as connections. */
  provision(request: Record<string, unknown>): Promise<ProvisionedConnection[]> {
    return connectionsFromLogin({
      userId: String(request.facebookUserId ?? ''),
      userToken: String(request.facebookUserToken ?? ''),
      addInstagram: request.addInstagram === true,
      log: this.host.log,
    });
  }
}

/** Instagram Direct of the business account linked to a page; webhook at /webhooks/instagram/<connection token>. */
@injectable()
export class InstagramChannel extends MetaChannel {
  readonly channel = INSTAGRAM_CHANNEL;
  protected readonly webhookObject = 'instagram';
  readonly description: PluginDescription = {
    name: 'channels.instagram.name',
    icon: 'instagram',
    settings: [
      ...pageSettings(INSTAGRAM_CHANNEL, { pageIsAddress: false }),
      {
        key: 'instagramAccountId',
        type: 'string',
        label: 'channels.instagram.settings.instagramAccountId',
        help: 'channels.instagram.settings.instagramAccountIdHelp',
        required: true,
        address: true,
      },
    ],
    capabilities: { media: true, react: true, replyWindowHours: REPLY_WINDOW_HOURS, externalApi: true },
  };

  constructor(@inject(PluginHost) host: PluginHost) {
    super(host);
  }
}
