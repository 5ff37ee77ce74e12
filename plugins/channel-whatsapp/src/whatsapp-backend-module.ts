import { ChannelContribution, ContainerModule } from '@switchboard/sdk';
import { WhatsappChannel } from './whatsapp-channel.js';

export { WhatsappChannel, WHATSAPP_CHANNEL } from './whatsapp-channel.js';
export { WhatsappSession, WhatsappSessionOptions } from './whatsapp-session.js';

/** The WhatsApp plugin: binds its ChannelContribution. */
export default new ContainerModule((bind) => {
  bind(ChannelContribution).to(WhatsappChannel).inSingletonScope();
});
