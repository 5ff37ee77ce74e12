import { ContainerModule, IntegrationContribution } from '@switchboard/sdk';
import { TypebotIntegration } from './typebot-integration.js';

export { TypebotIntegration, TYPEBOT_TYPE, type TypebotSessionState } from './typebot-integration.js';
export { TypebotClient, TypebotApiError } from './typebot-api.js';
export { richTextToChannelText } from './rich-text.js';

/** The Typebot plugin: binds the typebot IntegrationContribution. */
export default new ContainerModule((bind) => {
  bind(IntegrationContribution).to(TypebotIntegration).inSingletonScope();
});
