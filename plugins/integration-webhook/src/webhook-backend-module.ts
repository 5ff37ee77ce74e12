import { ContainerModule, IntegrationContribution } from '@switchboard/sdk';
import { WebhookIntegration } from './webhook-integration.js';

export { WebhookIntegration, WEBHOOK_RETRY, WEBHOOK_TYPE } from './webhook-integration.js';
export { signEvent, verifyEvent, SIGNATURE_HEADER, TIMESTAMP_HEADER } from './webhook-signature.js';

/** The webhook plugin: binds the webhook IntegrationContribution. */
export default new ContainerModule((bind) => {
  bind(IntegrationContribution).toConstantValue(new WebhookIntegration());
});
