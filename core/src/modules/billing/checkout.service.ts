import { inject, injectable, type PaymentContribution } from '@switchboard/sdk';
import type { SubscriptionAnswer } from '@switchboard/sdk/contracts';
import { Clock } from '../../platform/clock.js';
import { AppError } from '../../platform/http/app-error.js';
import { Tenancy } from '../../platform/tenancy.js';
import { Logger } from '../../platform/tokens.js';
import { customPlanPrice, type CheckoutForm } from './billing.schema.js';
import { InvoiceModel, type StoredCharge } from './invoice.model.js';
import { openInvoice } from './invoice.service.js';
import { PaymentGateway, providerCall } from './payment-gateway.js';

const cents = (amount: number) => Math.round(amount * 100);

/**
 * The checkout (spec 2 §2, §4): the admin chooses the custom plan the invoice pays for, and gets its Pix code. The
 * server prices the plan again and refuses another price; the open invoice takes the plan's terms and value and is
 * charged through the installed payment provider. Checking out the same invoice again shows its charge while the
 * provider still has it pending for that value, so paying twice needs two codes.
 */
@injectable()
export class CheckoutService {
  constructor(
    @inject(Tenancy) private readonly tenancy: Tenancy,
    @inject(PaymentGateway) private readonly gateway: PaymentGateway,
    @inject(Clock) private readonly clock: Clock,
    @inject(Logger) private readonly logger: Logger,
  ) {}

  async subscribe(options: { companyId: number; form: CheckoutForm }): Promise<SubscriptionAnswer> {
    const { companyId, form } = options;
    const price = customPlanPrice(form.plan);
    if (cents(form.plan.price) !== cents(price) || cents(form.price) !== cents(price)) {
      const message = `O valor do plano é R$ ${price.toFixed(2).replace('.', ',')}`;
      throw new AppError('ERR_CHECKOUT_PRICE', 400, { message, fields: { price: message } });
    }
    const invoice = await openInvoice(this.tenancy, { companyId, invoiceId: form.invoiceId });
    const provider = this.gateway.chargingProvider();
    const settings = await this.gateway.chargeSettings();
    const pending = await this.pendingCharge(provider, invoice.payload, { price, settings });
    const charge = pending ?? (await this.charge(provider, invoice, { form, price, settings }));
    const [stored] = await this.tenancy
      .of(companyId)
      .table('invoices')
      .where('id', invoice.id)
      .whereNot('status', 'paid')
      .update({
        users: form.plan.users,
        connections: form.plan.connections,
        queues: form.plan.queues,
        value: price,
        txid: charge.chargeId,
        payload: JSON.stringify(charge),
        updated_at: new Date(),
      })
      .returning('id');
    // Paid meanwhile (by a code shown before): this one must not be paid too.
    if (!stored) throw new AppError('ERR_INVOICE_ALREADY_PAID', 409, { message: 'Esta fatura já foi paga.' });
    return {
      invoiceId: invoice.id,
      qrcode: { qrcode: charge.pix.payload, imagemQrcode: charge.pix.qrCodePng },
      valor: { original: charge.amount.toFixed(2) },
      expiresAt: charge.pix.expiresAt,
    };
  }

  /** The invoice's charge, if the provider still waits for its payment of this price. */
  private async pendingCharge(
    provider: PaymentContribution,
    stored: StoredCharge | null,
    options: { price: number; settings: Record<string, unknown> },
  ): Promise<StoredCharge | undefined> {
    if (!stored || stored.provider !== provider.provider || cents(stored.amount) !== cents(options.price)) return undefined;
    const state = await providerCall(() => provider.findCharge(stored.chargeId, { settings: options.settings }));
    return state?.status === 'pending' ? stored : undefined;
  }

  private async charge(
    provider: PaymentContribution,
    invoice: InvoiceModel,
    options: { form: CheckoutForm; price: number; settings: Record<string, unknown> },
  ): Promise<StoredCharge> {
    const { form } = options;
    const company = await this.tenancy.of(invoice.companyId).company<{ email: string | null }>().first('email');
    // A provider refuses a due date already past (an expired company's invoice): such a charge is due today.
    const dueDate = new Date(Math.max(new Date(invoice.dueDate).getTime(), this.clock.now().getTime()));
    const charge = await providerCall(() =>
      provider.createPixCharge(
        {
          invoiceId: invoice.id,
          amount: options.price,
          dueDate: dueDate.toISOString().slice(0, 10),
          description: `Fatura ${invoice.id}: ${invoice.detail ?? ''}`.trim().slice(0, 500),
          payer: {
            companyId: invoice.companyId,
            name: `${form.firstName} ${form.lastName ?? ''}`.trim(),
            email: company?.email ?? undefined,
            document: form.zipcode.replace(/\D/g, '') || undefined,
          },
        },
        { settings: options.settings },
      ),
    );
    this.logger.info({ companyId: invoice.companyId, invoiceId: invoice.id, chargeId: charge.chargeId }, 'Pix charge made');
    return {
      provider: provider.provider,
      chargeId: charge.chargeId,
      amount: charge.amount,
      pix: { payload: charge.pix.payload, qrCodePng: charge.pix.qrCodePng ?? null, expiresAt: charge.pix.expiresAt ?? null },
    };
  }
}
