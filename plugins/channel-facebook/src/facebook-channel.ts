import { inject, injectable, PluginHost, type PluginDescription, type ProvisionedConnection } from '@switchboard/sdk';
import { connectionsFromLogin, MetaChannel, pageSettings, REPLY_WINDOW_HOURS } from '@switchboard/meta-graph';

export const FACEBOOK_CHANNEL = 'facebook';

/** Facebook Messenger: a page's conversations; webhooks at /webhooks/facebook and /webhooks/facebook/<connection token>. */
@injectable()
export class FacebookChannel extends MetaChannel {
  readonly channel = FACEBOOK_CHANNEL;
  protected readonly webhookObject = 'page';
  readonly description: PluginDescription = {
    name: 'channels.facebook.name',
    icon: 'facebook',
    settings: pageSettings(FACEBOOK_CHANNEL, { pageIsAddress: true }),
    capabilities: { media: true, react: true, presence: true, replyWindowHours: REPLY_WINDOW_HOURS, externalApi: true },
    planFlag: 'useFacebook',
  };

  constructor(@inject(PluginHost) host: PluginHost) {
    super(host);
  }

  /**
   * POST /facebook: the login's pages as facebook connections, and their Instagram accounts as instagram connections
   * when asked (core creates those only when the instagram plugin is loaded and the plan allows it).
   */
  provision(request: Record<string, unknown>): Promise<ProvisionedConnection[]> {
    return connectionsFromLogin({
      userId: String(request.facebookUserId ?? ''),
      userToken: String(request.facebookUserToken ?? ''),
      addInstagram: request.addInstagram === true,
      log: this.host.log,
    });
  }
}
