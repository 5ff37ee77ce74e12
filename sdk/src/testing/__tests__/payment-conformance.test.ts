// The kit run against a minimal in-memory provider whose webhooks carry an HMAC signature of the raw body: it shows
// the smallest payment plugin that passes, and that the suite does not assume a token header like Asaas's.
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { ChargeState, PaymentContribution, PixCharge, PixChargeRequest, WebhookDelivery, WebhookReading } from '../../index.js';
import { PaymentProviderError } from '../../index.js';
import { describePaymentConformance } from '../index.js';

/** One pixel, as a PNG. */
const PIXEL_PNG = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=';

class TillProvider implements PaymentContribution {
  readonly provider = 'till';
  readonly description = {
    name: 'Till',
    settings: [{ key: 'webhookSecret', type: 'string' as const, label: 'Webhook secret', secret: true, required: true }],
  };
  readonly charges = new Map<string, ChargeState>();
  reachable = true;
  private events = 0;

  async createPixCharge(request: PixChargeRequest): Promise<PixCharge> {
    this.checkReachable();
    const charge: ChargeState = {
      chargeId: `till-${this.charges.size + 1}`,
      invoiceId: request.invoiceId,
      status: 'pending',
      providerStatus: 'open',
      amount: request.amount,
    };
    this.charges.set(charge.chargeId, charge);
    return { ...charge, pix: { payload: `000201till${charge.chargeId}`, qrCodePng: PIXEL_PNG } };
  }

  async readWebhook(delivery: WebhookDelivery, settings: Record<string, unknown>): Promise<WebhookReading> {
    const signature = delivery.headers['x-till-signature'];
    if (typeof signature !== 'string') return { verified: false, reason: 'no x-till-signature header' };
    const expected = sign(delivery.rawBody, String(settings.webhookSecret));
    if (signature.length !== expected.length || !timingSafeEqual(Buffer.from(signature), Buffer.from(expected))) {
      return { verified: false, reason: 'the signature does not match the webhook secret' };
    }
    return { verified: true, event: JSON.parse(delivery.rawBody.toString()) };
  }

  async findCharge(chargeId: string): Promise<ChargeState | undefined> {
    this.checkReachable();
    return this.charges.get(chargeId);
  }

  /** The payer pays: the charge is paid and the provider signs the event it sends. */
  pay(chargeId: string, webhookSecret: string): WebhookDelivery {
    const paid: ChargeState = {
      ...this.charges.get(chargeId)!,
      status: 'paid',
      providerStatus: 'settled',
      paidAt: new Date().toISOString(),
    };
    this.charges.set(chargeId, paid);
    const rawBody = JSON.stringify({ ...paid, eventId: `evt-${++this.events}` });
    return { rawBody, headers: { 'x-till-signature': sign(rawBody, webhookSecret) } };
  }

  private checkReachable(): void {
    if (!this.reachable) throw new PaymentProviderError('ERR_PAYMENT_UNAVAILABLE', 'Till cannot be reached');
  }
}

function sign(body: string | Buffer, secret: string): string {
  return createHmac('sha256', secret).update(body).digest('hex');
}

describePaymentConformance('till (in memory)', async () => {
  const till = new TillProvider();
  return {
    contribution: till,
    settings: { webhookSecret: 'till-secret' },
    otherWebhookSecret: { webhookSecret: 'another-secret' },
    pay: async (chargeId) => till.pay(chargeId, 'till-secret'),
    breakProvider: async () => {
      till.reachable = false;
    },
    dispose: async () => undefined,
  };
});
