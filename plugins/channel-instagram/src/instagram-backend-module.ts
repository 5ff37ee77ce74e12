import { ChannelContribution, ContainerModule } from '@switchboard/sdk';
import { InstagramChannel } from './instagram-channel.js';

export { InstagramChannel, INSTAGRAM_CHANNEL } from './instagram-channel.js';

/** The Instagram plugin: binds the instagram ChannelContribution; core supplies PluginHost. */
export default new ContainerModule((bind) => {
  bind(ChannelContribution).to(InstagramChannel).inSingletonScope();
});
