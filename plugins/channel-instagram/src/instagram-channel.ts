import { inject, injectable, PluginHost, type PluginDescription } from '@switchboard/sdk';
import { MetaChannel, pageSettings, REPLY_WINDOW_HOURS } from '@switchboard/meta-graph';

export const INSTAGRAM_CHANNEL = 'instagram';

/**
 * Instagram Direct of the business account linked to a Facebook page; webhooks at /webhooks/instagram and
 * /webhooks/instagram/<connection token>. Its connections come from the Facebook login (the facebook plugin's
 * POST /facebook with addInstagram) or are set up by hand.
 */
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
    planFlag: 'useInstagram',
  };

  constructor(@inject(PluginHost) host: PluginHost) {
    super(host);
  }
}
