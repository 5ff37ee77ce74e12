import type { Router } from 'express';
import {
  inject,
  injectable,
  PluginHost,
  type ChannelContribution,
  type ChannelSession,
  type ChannelSessionContext,
  type ConnectionInfo,
  type MessageTemplate,
  type PluginDescription,
} from '@switchboard/sdk';
import { cloudApiOf, CloudSession, type CloudSessionOptions } from './cloud-session.js';
import { CLOUD_SETTINGS, WHATSAPP_CLOUD_CHANNEL } from './cloud-settings.js';
import { registerCloudWebhook } from './cloud-webhook-routes.js';
import { CUSTOMER_SERVICE_WINDOW_HOURS } from './customer-service-window.js';

export const WhatsappCloudOptions = Symbol('WhatsappCloudOptions');
/** Where the Graph API is (a fake server in tests) and the clock the reply window is measured with. */
export type WhatsappCloudOptions = CloudSessionOptions;

/** The official WhatsApp channel on Meta's Cloud API: one business phone number per connection. */
@injectable()
export class WhatsappCloudChannel implements ChannelContribution {
  readonly channel = WHATSAPP_CLOUD_CHANNEL;
  readonly description: PluginDescription = {
    name: `channels.${WHATSAPP_CLOUD_CHANNEL}.name`,
    icon: 'whatsapp',
    settings: CLOUD_SETTINGS,
    capabilities: { media: true, react: true, replyWindowHours: CUSTOMER_SERVICE_WINDOW_HOURS, externalApi: true },
    planFlag: 'useWhatsapp',
  };

  constructor(
    @inject(PluginHost) private readonly host: PluginHost,
    @inject(WhatsappCloudOptions) private readonly options: WhatsappCloudOptions,
  ) {}

  createSession(ctx: ChannelSessionContext): ChannelSession {
    return new CloudSession(ctx, this.options);
  }

  routes(router: Router): void {
    registerCloudWebhook(router, this.host, this.options);
  }

  templates(connection: ConnectionInfo): Promise<MessageTemplate[]> {
    return cloudApiOf(connection, this.options).approvedTemplates();
  }
}
