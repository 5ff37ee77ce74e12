import { ChannelContribution, ContainerModule } from '@switchboard/sdk';
import { FacebookChannel } from './facebook-channel.js';

export { FacebookChannel, FACEBOOK_CHANNEL } from './facebook-channel.js';

/** The Facebook Messenger plugin: binds the facebook ChannelContribution; core supplies PluginHost. */
export default new ContainerModule((bind) => {
  bind(ChannelContribution).to(FacebookChannel).inSingletonScope();
});
