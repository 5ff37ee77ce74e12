/**
 * The part of Asaas's API v3 (https://docs.asaas.com/reference) the plugin speaks: customers, Pix payments and their
 * QR codes. Only the fields we read are typed. Every failure becomes a PaymentProviderError with a code.
 */
import { PaymentProviderError } from '@switchboard/sdk';
import type { AsaasAccount } from './asaas-settings.js';

export interface AsaasCustomer {
  id: string;
  name: string;
  cpfCnpj?: string | null;
  externalReference?: string | null;
  deleted?: boolean;
}

export interface AsaasPayment {
  id: string;
  customer: string;
  value: number;
  status: string;
  dueDate: string;
  externalReference?: string | null;
  /** YYYY-MM-DD, once paid. */
  paymentDate?: string | null;
  clientPaymentDate?: string | null;
  confirmedDate?: string | null;
  deleted?: boolean;
}

export interface AsaasPixQrCode {
  /** The QR code, a base64 PNG. */
  encodedImage: string;
  /** The copy-and-paste code. */
  payload: string;
  /** "YYYY-MM-DD HH:mm:ss", Brasília time. */
  expirationDate?: string;
}

/** What listing endpoints answer. */
interface AsaasList<T> {
  data: T[];
  hasMore?: boolean;
}

export interface NewAsaasCustomer {
  name: string;
  cpfCnpj: string;
  email?: string;
  externalReference: string;
  notificationDisabled: boolean;
}

export interface NewAsaasPayment {
  customer: string;
  billingType: 'PIX';
  value: number;
  dueDate: string;
  description: string;
  externalReference: string;
}

export class AsaasClient {
  constructor(
    private readonly account: AsaasAccount,
    private readonly options: { timeoutMs: number; signal?: AbortSignal },
  ) {}

  /** GET /customers filtered by one field: the first customer not deleted, or undefined. */
  async findCustomer(filter: { externalReference: string } | { cpfCnpj: string }): Promise<AsaasCustomer | undefined> {
    const list = await this.send<AsaasList<AsaasCustomer>>('customer search', 'GET', `/customers?${new URLSearchParams(filter)}`);
    return (list.data ?? []).find((customer) => !customer.deleted);
  }

  createCustomer(customer: NewAsaasCustomer): Promise<AsaasCustomer> {
    return this.send('customer creation', 'POST', '/customers', customer);
  }

  createPayment(payment: NewAsaasPayment): Promise<AsaasPayment> {
    return this.send('charge creation', 'POST', '/payments', payment);
  }

  /** GET /payments/{id}; undefined when Asaas does not know the id (404). */
  async findPayment(id: string): Promise<AsaasPayment | undefined> {
    try {
      return await this.send<AsaasPayment>('charge lookup', 'GET', `/payments/${encodeURIComponent(id)}`);
    } catch (error) {
      if (error instanceof PaymentProviderError && error.details.status === 404) return undefined;
      throw error;
    }
  }

  pixQrCode(paymentId: string): Promise<AsaasPixQrCode> {
    return this.send('Pix QR code', 'GET', `/payments/${encodeURIComponent(paymentId)}/pixQrCode`);
  }

  /** One call; GETs go without a body (Asaas answers 403 to a GET with one). */
  private async send<T>(operation: string, method: 'GET' | 'POST', path: string, body?: object): Promise<T> {
    const timeout = AbortSignal.timeout(this.options.timeoutMs);
    const signal = this.options.signal ? AbortSignal.any([this.options.signal, timeout]) : timeout;
    let status: number;
    let raw: string;
    try {
      const response = await fetch(`${this.account.apiUrl}${path}`, {
        method,
        headers: {
          access_token: this.account.apiKey,
          // Asaas requires a User-Agent from accounts created since June 2024.
          'User-Agent': 'Switchboard',
          Accept: 'application/json',
          ...(body ? { 'Content-Type': 'application/json' } : {}),
        },
        body: body ? JSON.stringify(body) : undefined,
        signal,
      });
      status = response.status;
      raw = await response.text();
    } catch (error) {
      if (signal.aborted) {
        const who = timeout.aborted ? `no answer in ${this.options.timeoutMs} ms` : 'the caller stopped waiting';
        throw new PaymentProviderError('ERR_PAYMENT_TIMEOUT', `Asaas ${operation}: ${who}`);
      }
      const cause = error instanceof Error ? ((error.cause as Error | undefined)?.message ?? error.message) : String(error);
      throw new PaymentProviderError(
        'ERR_PAYMENT_UNAVAILABLE',
        `Asaas ${operation}: ${this.account.apiUrl} could not be reached (${cause})`,
      );
    }
    const parsed = parseJson(raw);
    if (status >= 200 && status < 300) {
      if (parsed === undefined)
        throw new PaymentProviderError('ERR_PAYMENT_UNAVAILABLE', `Asaas ${operation} answered something other than JSON`, { status });
      return parsed as T;
    }
    throw failure(operation, status, parsed);
  }
}

/** Asaas's error answer: `{ errors: [{ code, description }] }` (docs.asaas.com, "HTTP response codes"). */
function failure(operation: string, status: number, answer: unknown): PaymentProviderError {
  const errors = (answer as { errors?: { code?: unknown; description?: unknown }[] } | undefined)?.errors;
  const reasons = Array.isArray(errors)
    ? errors.map((error) => [error.code, error.description].filter((part) => typeof part === 'string' && part !== '').join(': '))
    : [];
  const said = reasons.length > 0 ? `: ${reasons.join('; ')}` : '';
  if (status === 401 || status === 403) {
    return new PaymentProviderError('ERR_PAYMENT_CREDENTIALS', `Asaas refused the API key for ${operation} (HTTP ${status})${said}`, {
      status,
      reasons,
    });
  }
  if (status === 429 || status >= 500) {
    return new PaymentProviderError('ERR_PAYMENT_UNAVAILABLE', `Asaas failed ${operation} (HTTP ${status})${said}`, { status, reasons });
  }
  return new PaymentProviderError('ERR_PAYMENT_REFUSED', `Asaas refused ${operation} (HTTP ${status})${said}`, { status, reasons });
}

function parseJson(raw: string): unknown {
  try {
    return JSON.parse(raw);
  } catch {
    return undefined;
  }
}
