import { inject, injectable, type WebhookDelivery } from '@switchboard/sdk';
import type { PaymentEvent } from '@switchboard/sdk/contracts';
import { Clock } from '../../platform/clock.js';
import { AppError } from '../../platform/http/app-error.js';
import { RealtimeBus, rooms } from '../../platform/realtime/realtime-bus.js';
import { Logger } from '../../platform/tokens.js';
import { SocketSessions } from '../realtime/index.js';
import { InvoicePayments } from './invoice-payments.js';
import { PaymentGateway } from './payment-gateway.js';

/**
 * The payment provider's webhook (POST /webhooks/payments/:provider): the plugin checks that the provider sent it;
 * a confirmed payment of one of our invoices pays it, renews the company, tells the company (`payment` CONCLUIDA)
 * and lets its admins on the expiry page back in. Anything else is acknowledged and changes nothing.
 */
@injectable()
export class PaymentService {
  constructor(
    @inject(PaymentGateway) private readonly gateway: PaymentGateway,
    @inject(InvoicePayments) private readonly payments: InvoicePayments,
    @inject(RealtimeBus) private readonly realtime: RealtimeBus,
    @inject(SocketSessions) private readonly sockets: SocketSessions,
    @inject(Clock) private readonly clock: Clock,
    @inject(Logger) private readonly logger: Logger,
  ) {}

  async receive(options: { provider: string; delivery: WebhookDelivery }): Promise<{ received: true }> {
    const provider = this.gateway.webhookProvider(options.provider);
    const reading = await provider.readWebhook(options.delivery, this.gateway.webhookSettings());
    if (!reading.verified) {
      this.logger.warn({ provider: provider.provider, reason: reading.reason }, 'payment webhook refused');
      throw new AppError('ERR_WEBHOOK_UNVERIFIED', 401, { message: 'Webhook não autenticado' });
    }
    const event = reading.event;
    // Not a payment of one of our invoices (another event, a charge made elsewhere, a refund): nothing to apply.
    if (!event || event.status !== 'paid' || event.invoiceId === null) return { received: true };
    const log = { provider: provider.provider, eventId: event.eventId, chargeId: event.chargeId, invoiceId: event.invoiceId };
    const outcome = await this.payments.apply({ invoiceId: event.invoiceId, amount: event.amount, now: this.clock.now() });
    if (!outcome.applied) {
      if (outcome.reason === 'already-paid') this.logger.info(log, 'payment of an invoice already paid: nothing to do');
      else this.logger.warn({ ...log, ...outcome, amount: event.amount }, 'payment not applied');
      return { received: true };
    }
    this.logger.info({ ...log, companyId: outcome.companyId, dueDate: outcome.dueDate }, 'invoice paid, company renewed');
    const payment: PaymentEvent = {
      action: 'CONCLUIDA',
      invoiceId: event.invoiceId,
      company: { id: outcome.companyId, dueDate: outcome.dueDate.toISOString() },
    };
    this.realtime.emit([rooms.company(outcome.companyId), rooms.expired(outcome.companyId)], 'payment', payment);
    await this.sockets
      .admitRenewed(outcome.companyId, outcome.dueDate)
      .catch((error) => this.logger.warn({ err: error, companyId: outcome.companyId }, 'could not move the paying sockets'));
    return { received: true };
  }
}
