import { ChannelContribution, ContainerModule } from '@switchboard/sdk';
import { WebchatChannel } from './webchat-channel.js';

export { WebchatChannel, WEBCHAT_CHANNEL } from './webchat-channel.js';
export { WebchatSession, WIDGET_NAMESPACE } from './webchat-session.js';

/** The webchat plugin: binds its ChannelContribution; core supplies PluginHost. */
export default new ContainerModule((bind) => {
  bind(ChannelContribution).to(WebchatChannel).inSingletonScope();
});
