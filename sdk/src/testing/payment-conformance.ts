import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import { PaymentProviderError, type PaymentContribution, type PixChargeRequest, type WebhookDelivery } from '../payment.js';

/**
 * The plugin's side of the suite: its contribution wired to a local fake of the provider (built from the provider's
 * public API documentation), settings that work against that fake, and the payer's side of a payment.
 */
export interface PaymentHarness {
  contribution: PaymentContribution;
  /** Settings that work against the fake provider (secrets in plain text, as core hands them over). */
  settings: Record<string, unknown>;
  /** The same settings with another webhook token or secret: the provider's webhooks must be refused under these. */
  otherWebhookSecret: Record<string, unknown>;
  /** The payer pays the charge at the provider; answers the webhook the provider then sends (valid for `settings`). */
  pay(chargeId: string): Promise<WebhookDelivery>;
  /** Makes the provider unreachable (close the fake server): calls must then fail, not hang. */
  breakProvider(): Promise<void>;
  dispose(): Promise<void>;
}

/** The charge every test makes: invoice 42 of Acme, R$ 149,90, due in three days. */
export function conformanceChargeRequest(now = new Date()): PixChargeRequest {
  const due = new Date(now.getTime() + 3 * 24 * 60 * 60 * 1000);
  return {
    invoiceId: 42,
    amount: 149.9,
    dueDate: due.toISOString().slice(0, 10),
    description: 'Switchboard: fatura 42',
    payer: { companyId: 7, name: 'Acme Atendimento Ltda', email: 'financeiro@acme.example', document: '11222333000181' },
  };
}

const PNG_SIGNATURE = '89504e470d0a1a0a';

/**
 * What every payment plugin must do, run by each payment package in its own jest tests (DESIGN §3): describe its
 * settings with the secrets marked, make a Pix charge for an invoice with the code to pay it, refuse webhooks the
 * provider did not send, read the ones it did into one event (the same id each time it is delivered), look a charge
 * up, and fail with a PaymentProviderError, never hang, when the provider is away.
 */
export function describePaymentConformance(name: string, makeHarness: () => Promise<PaymentHarness>): void {
  describe(`${name}: payment conformance`, () => {
    let harness: PaymentHarness;
    const request = conformanceChargeRequest();
    beforeEach(async () => {
      harness = await makeHarness();
    });
    afterEach(async () => {
      await harness.dispose();
    });

    it('describes itself: a provider id, a name, and a settings form with its secrets marked', () => {
      const { provider, description } = harness.contribution;
      expect(provider).toMatch(/^[a-z][a-z0-9-]*$/);
      expect(description.name).toBeTruthy();
      const byKey = new Map(description.settings.map((field) => [field.key, field]));
      expect(byKey.size).toBe(description.settings.length);
      // The credentials (an API key, a webhook token or secret) are stored encrypted and answered masked.
      expect([...byKey.values()].filter((field) => field.secret).length).toBeGreaterThan(0);
      for (const field of byKey.values()) if (field.type === 'select') expect(field.options?.length).toBeGreaterThan(0);
    });

    it('makes a pending Pix charge for the invoice, with the code to pay it', async () => {
      const charge = await harness.contribution.createPixCharge(request, { settings: harness.settings });
      expect(charge.chargeId).toBeTruthy();
      expect(charge).toMatchObject({ invoiceId: 42, status: 'pending', amount: 149.9 });
      expect(charge.pix.payload.trim()).not.toBe('');
      if (charge.pix.qrCodePng !== undefined) {
        expect(Buffer.from(charge.pix.qrCodePng, 'base64').subarray(0, 8).toString('hex')).toBe(PNG_SIGNATURE);
      }
      if (charge.pix.expiresAt !== undefined) expect(Number.isNaN(Date.parse(charge.pix.expiresAt))).toBe(false);
    });

    it('refuses a webhook without its token or signature, or checked against another secret', async () => {
      const charge = await harness.contribution.createPixCharge(request, { settings: harness.settings });
      const delivery = await harness.pay(charge.chargeId);
      const unsigned = await harness.contribution.readWebhook({ rawBody: delivery.rawBody, headers: {} }, harness.settings);
      expect(unsigned).toMatchObject({ verified: false, reason: expect.any(String) });
      const otherSecret = await harness.contribution.readWebhook(delivery, harness.otherWebhookSecret);
      expect(otherSecret).toMatchObject({ verified: false, reason: expect.any(String) });
    });

    it("reads the provider's webhook into the invoice's paid event", async () => {
      const charge = await harness.contribution.createPixCharge(request, { settings: harness.settings });
      const reading = await harness.contribution.readWebhook(await harness.pay(charge.chargeId), harness.settings);
      expect(reading).toMatchObject({
        verified: true,
        event: { chargeId: charge.chargeId, invoiceId: 42, status: 'paid', amount: 149.9, eventId: expect.any(String) },
      });
      const event = reading.verified ? reading.event : undefined;
      expect(event?.eventId).not.toBe('');
      expect(Number.isNaN(Date.parse(event?.paidAt ?? ''))).toBe(false);
    });

    it('gives the same event id each time one event is delivered', async () => {
      const charge = await harness.contribution.createPixCharge(request, { settings: harness.settings });
      const delivery = await harness.pay(charge.chargeId);
      const first = await harness.contribution.readWebhook(delivery, harness.settings);
      const again = await harness.contribution.readWebhook({ ...delivery, rawBody: Buffer.from(delivery.rawBody) }, harness.settings);
      expect(first.verified && first.event?.eventId).toBeTruthy();
      expect(again).toEqual(first);
    });

    it('looks a charge up: pending, then paid; an id it does not know is undefined', async () => {
      const call = { settings: harness.settings };
      const charge = await harness.contribution.createPixCharge(request, call);
      await expect(harness.contribution.findCharge(charge.chargeId, call)).resolves.toMatchObject({
        chargeId: charge.chargeId,
        invoiceId: 42,
        status: 'pending',
      });
      await harness.pay(charge.chargeId);
      const paid = await harness.contribution.findCharge(charge.chargeId, call);
      expect(paid).toMatchObject({ chargeId: charge.chargeId, invoiceId: 42, status: 'paid', amount: 149.9 });
      expect(Number.isNaN(Date.parse(paid?.paidAt ?? ''))).toBe(false);
      await expect(harness.contribution.findCharge(`${charge.chargeId}-unknown`, call)).resolves.toBeUndefined();
    });

    it('fails with a PaymentProviderError, without hanging, when the provider is unreachable', async () => {
      await harness.breakProvider();
      const failure = await harness.contribution.createPixCharge(request, { settings: harness.settings }).catch((error: unknown) => error);
      expect(failure).toBeInstanceOf(PaymentProviderError);
      expect(['ERR_PAYMENT_UNAVAILABLE', 'ERR_PAYMENT_TIMEOUT']).toContain((failure as PaymentProviderError).code);
    });
  });
}
