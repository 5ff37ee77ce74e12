import { ContainerModule, IntegrationContribution } from '@switchboard/sdk';
import { N8nIntegration } from './n8n-integration.js';

export { N8nIntegration, N8N_DELIVERY, N8N_TYPE } from './n8n-integration.js';

/** The n8n plugin: binds the n8n IntegrationContribution. */
export default new ContainerModule((bind) => {
  bind(IntegrationContribution).toConstantValue(new N8nIntegration());
});
