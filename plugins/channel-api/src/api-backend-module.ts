import { ChannelContribution, ContainerModule } from '@switchboard/sdk';
import { ApiChannel } from './api-channel.js';

export { ApiChannel, API_CHANNEL } from './api-channel.js';
export { ApiSession } from './api-session.js';
export type { OutboundEvent, OutboundEventName } from './outbound-event.js';
export { signPayload, verifyPayload, SIGNATURE_HEADER, TIMESTAMP_HEADER, EVENT_HEADER } from './payload-signature.js';

/** The API channel plugin: binds its ChannelContribution; core supplies PluginHost. */
export default new ContainerModule((bind) => {
  bind(ChannelContribution).to(ApiChannel).inSingletonScope();
});
