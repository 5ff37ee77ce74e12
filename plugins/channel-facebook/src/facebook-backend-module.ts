import { ChannelContribution, ContainerModule } from '@switchboard/sdk';
import { FacebookChannel, InstagramChannel } from './facebook-channel.js';

export { FacebookChannel, InstagramChannel, FACEBOOK_CHANNEL, INSTAGRAM_CHANNEL } from './facebook-channel.js';
export { FacebookSession, ERR_OUTSIDE_REPLY_WINDOW } from './facebook-session.js';
export { GRAPH_VERSION, graphOrigin } from './graph-api.js';
export { signBody, verifySignature } from './webhook-signature.js';

/** The Facebook plugin: binds the facebook and instagram ChannelContributions; core supplies PluginHost. */
export default new ContainerModule((bind) => {
  bind(ChannelContribution).to(FacebookChannel).inSingletonScope();
  bind(ChannelContribution).to(InstagramChannel).inSingletonScope();
});
