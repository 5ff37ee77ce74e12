import { inject, injectable, PaymentProviderError, type PaymentContribution } from '@switchboard/sdk';
import { SUPER_COMPANY_ID } from '../../platform/auth/auth-context.js';
import { AppError } from '../../platform/http/app-error.js';
import { PluginRegistry } from '../../platform/plugins/channel-registry.js';
import { Config } from '../../platform/tokens.js';
import { CompanySettingService } from '../settings/index.js';

/**
 * The payment plugin that charges invoices, and its settings. The platform is the one being paid, so one account
 * serves every company; its settings are put together from two places:
 * - `apiKey`: the super company's `asaas` setting (spec 2 §3, written by the super user in /settings, encrypted);
 * - `environment`, `apiUrl` and `webhookToken`: the configuration (PAYMENT_ENVIRONMENT, PAYMENT_API_URL,
 *   PAYMENT_WEBHOOK_TOKEN), as an operator sets them once with the webhook's address.
 * The keys are the plugin's own settings (plugins/payment-asaas/README.md).
 */
@injectable()
export class PaymentGateway {
  constructor(
    @inject(PluginRegistry) private readonly registry: PluginRegistry,
    @inject(Config) private readonly config: Config,
    @inject(CompanySettingService) private readonly companySettings: CompanySettingService,
  ) {}

  /** The configured provider (PAYMENT_PROVIDER), which must be installed. */
  chargingProvider(): PaymentContribution {
    const provider = this.registry.payment(this.config.billing.provider);
    if (!provider) {
      throw new AppError('ERR_PAYMENT_PROVIDER_MISSING', 503, {
        message: `O provedor de pagamento ${this.config.billing.provider} não está instalado.`,
      });
    }
    return provider;
  }

  /** The provider a webhook names; an unknown one is not found. */
  webhookProvider(name: string): PaymentContribution {
    const provider = name === this.config.billing.provider ? this.registry.payment(name) : undefined;
    if (!provider) throw AppError.notFound('ERR_PAYMENT_PROVIDER_MISSING');
    return provider;
  }

  /** What a charge or a lookup needs: the account's API key besides the configured addresses. */
  async chargeSettings(): Promise<Record<string, unknown>> {
    const apiKey = await this.companySettings.secret({ companyId: SUPER_COMPANY_ID, column: 'asaas' });
    if (!apiKey) {
      throw new AppError('ERR_PAYMENT_SETTINGS', 503, {
        message: 'O pagamento por Pix não está configurado: falta o token do provedor (configuração asaas da empresa principal).',
      });
    }
    return { ...this.webhookSettings(), apiKey };
  }

  /** What reading a webhook needs: no API key, the token the provider's webhook carries. */
  webhookSettings(): Record<string, unknown> {
    const { environment, apiUrl, webhookToken } = this.config.billing;
    return { environment, ...(apiUrl ? { apiUrl } : {}), ...(webhookToken ? { webhookToken } : {}) };
  }
}

/** How a provider's failure answers the checkout: the caller's data refused is theirs to fix, the rest is ours. */
export function paymentFailure(error: PaymentProviderError): AppError {
  switch (error.code) {
    case 'ERR_PAYMENT_REFUSED': {
      const reasons = error.details.reasons ?? [];
      const message = `O provedor de pagamento recusou a cobrança${reasons.length > 0 ? `: ${reasons.join(', ')}` : '.'}`;
      // Reasons read "code: description"; invalid_cpfCnpj is Asaas's code for a CPF/CNPJ it refuses, which the
      // checkout's zipcode field holds.
      const document = reasons.some((reason) => reason.split(':')[0] === 'invalid_cpfCnpj');
      const fields = document ? { zipcode: 'CPF/CNPJ inválido' } : undefined;
      return new AppError(error.code, 400, { message, fields });
    }
    case 'ERR_PAYMENT_CREDENTIALS':
      return new AppError(error.code, 502, { message: 'O provedor de pagamento recusou as credenciais da plataforma.' });
    case 'ERR_PAYMENT_TIMEOUT':
      return new AppError(error.code, 504, { message: 'O provedor de pagamento não respondeu a tempo. Tente novamente.' });
    case 'ERR_PAYMENT_SETTINGS':
      return new AppError(error.code, 503, { message: 'O pagamento por Pix não está configurado corretamente.' });
    default:
      return new AppError(error.code, 503, { message: 'O provedor de pagamento está indisponível. Tente novamente em instantes.' });
  }
}

/** Runs a call to the provider, answering its failures as the API's errors. */
export async function providerCall<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    throw error instanceof PaymentProviderError ? paymentFailure(error) : error;
  }
}
