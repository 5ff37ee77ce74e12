import type { PluginDescription } from './plugin.js';

/** Where a charge stands, in our words; each provider maps its own statuses onto these. */
export type ChargeStatus = 'pending' | 'paid' | 'overdue' | 'refunded' | 'cancelled';

/** The company that pays an invoice, as far as core knows it. */
export interface Payer {
  companyId: number;
  name: string;
  email?: string;
  /** CPF or CNPJ, digits only. Some providers cannot charge without it. */
  document?: string;
}

/** A Pix charge for one of our invoices. */
export interface PixChargeRequest {
  /** Our invoice: the provider keeps it on the charge and hands it back in its webhooks and lookups. */
  invoiceId: number;
  /** In BRL, with two decimals at most (49.9 is R$ 49,90). */
  amount: number;
  /** YYYY-MM-DD. */
  dueDate: string;
  description: string;
  payer: Payer;
}

/** What a charge is now, as the provider tells it. */
export interface ChargeState {
  /** The provider's id of the charge. */
  chargeId: string;
  /** Our invoice the charge was made for; null for a charge that is not ours (made outside Switchboard). */
  invoiceId: number | null;
  status: ChargeStatus;
  /** The provider's own status, for logs and support ('RECEIVED', 'OVERDUE', ...). */
  providerStatus: string;
  /** In BRL. */
  amount: number;
  /** ISO 8601: a date-time, or only the date when that is all the provider tells. Set once paid. */
  paidAt?: string;
}

/** How the payer pays a Pix charge: the copy-and-paste code, and its QR code when the provider draws one. */
export interface PixCode {
  /** The Pix copy-and-paste code (BR Code); a QR code drawn from it pays the same charge. */
  payload: string;
  /** The QR code as a base64 PNG, without a data: prefix; undefined when the web should draw it from `payload`. */
  qrCodePng?: string;
  /** ISO 8601: until when the code can be paid. */
  expiresAt?: string;
}

export interface PixCharge extends ChargeState {
  pix: PixCode;
}

/** A webhook request as it arrived: the raw body (signatures cover the exact bytes) and the headers, names in lower case. */
export interface WebhookDelivery {
  rawBody: string | Buffer;
  headers: Record<string, string | string[] | undefined>;
}

/** What a verified webhook said about a charge. */
export interface PaymentEvent extends ChargeState {
  /** The provider's id of this event: the same event delivered again carries the same id, so core applies it once. */
  eventId: string;
}

/**
 * A webhook read by the provider's plugin: refused (not sent by the provider: a missing or wrong token or signature;
 * core answers 401 and changes nothing), or verified, with the charge event it carries (none when the event is about
 * something else than a charge, which core acknowledges and ignores).
 */
export type WebhookReading = { verified: false; reason: string } | { verified: true; event?: PaymentEvent };

/** One call to the provider: the plugin's settings (secrets decrypted) and when core gives up. */
export interface PaymentCall {
  settings: Record<string, unknown>;
  /** Aborted when core stops waiting or shuts down. */
  signal?: AbortSignal;
}

export type PaymentErrorCode =
  /** The settings are incomplete or wrong (no API key, a bad address). */
  | 'ERR_PAYMENT_SETTINGS'
  /** The provider refused the credentials (HTTP 401 or 403). */
  | 'ERR_PAYMENT_CREDENTIALS'
  /** The provider refused the request itself (a missing CPF/CNPJ, an invalid value); `reasons` says why. */
  | 'ERR_PAYMENT_REFUSED'
  /** The provider could not be reached, or failed on its side (5xx, 429): trying again later may work. */
  | 'ERR_PAYMENT_UNAVAILABLE'
  /** The provider did not answer in time. */
  | 'ERR_PAYMENT_TIMEOUT';

/** Every failure of a payment plugin's call, with a code core can answer and log by. */
export class PaymentProviderError extends Error {
  constructor(
    readonly code: PaymentErrorCode,
    message: string,
    readonly details: { status?: number; reasons?: string[] } = {},
  ) {
    super(message);
    this.name = 'PaymentProviderError';
  }
}

export const PaymentContribution = Symbol('PaymentContribution');
/**
 * A payment provider ('asaas', ...), from a plugin of kind "payment". Core's billing makes a Pix charge for an
 * invoice, shows its code, and learns that it was paid from the provider's webhook (or by looking it up). Every call
 * that fails throws a PaymentProviderError.
 */
export interface PaymentContribution {
  /** The provider's id, as core and the settings name it. */
  readonly provider: string;
  /** Its name and settings form; mark the API key and the webhook secret `secret`. */
  readonly description: PluginDescription;
  createPixCharge(request: PixChargeRequest, call: PaymentCall): Promise<PixCharge>;
  /** Checks that the provider sent the webhook (its token or signature, against `settings`), then reads it. Never throws for a bad request. */
  readWebhook(delivery: WebhookDelivery, settings: Record<string, unknown>): Promise<WebhookReading>;
  /** The charge as the provider has it now; undefined when it does not know the id. */
  findCharge(chargeId: string, call: PaymentCall): Promise<ChargeState | undefined>;
}
