import { ChannelContribution, ContainerModule } from '@switchboard/sdk';
import { GRAPH_ORIGIN } from './cloud-api.js';
import { WhatsappCloudChannel, WhatsappCloudOptions } from './whatsapp-cloud-channel.js';

export { WhatsappCloudChannel, WhatsappCloudOptions } from './whatsapp-cloud-channel.js';
export { WHATSAPP_CLOUD_CHANNEL } from './cloud-settings.js';
export { ERR_OUTSIDE_REPLY_WINDOW } from './cloud-session.js';
export { hubSignature } from './cloud-webhook-routes.js';

/** The whatsappapi plugin: binds its ChannelContribution; core supplies PluginHost. */
export default new ContainerModule((bind, _unbind, isBound) => {
  // A test (or an installation behind a proxy) binds its own options first.
  if (!isBound(WhatsappCloudOptions)) bind(WhatsappCloudOptions).toConstantValue({ graphOrigin: GRAPH_ORIGIN });
  bind(ChannelContribution).to(WhatsappCloudChannel).inSingletonScope();
});
