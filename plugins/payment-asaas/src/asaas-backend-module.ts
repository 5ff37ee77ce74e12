import { ContainerModule, PaymentContribution } from '@switchboard/sdk';
import { AsaasPayments } from './asaas-payments.js';

export { AsaasPayments, ASAAS_PROVIDER } from './asaas-payments.js';
export { ASAAS_API_URLS, asaasSettingFields } from './asaas-settings.js';

/** The Asaas plugin: binds the Asaas PaymentContribution. */
export default new ContainerModule((bind) => {
  bind(PaymentContribution).toConstantValue(new AsaasPayments());
});
