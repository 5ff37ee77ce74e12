/**
 * Billing as the server answers it and the web shows it (spec 2 §2 invoices and checkout, §3, §4, §7 Billing):
 * invoices, the checkout's subscription call and its Pix answer, and the `payment` event.
 */

/** An invoice's stored status: `paid`, or `open` until a payment confirms it (Vencido is `open` past its due date). */
export type InvoiceStatus = 'paid' | 'open';

export interface Invoice {
  id: number;
  detail: string;
  users: number;
  connections: number;
  queues: number;
  /** BRL. */
  value: number;
  /** ISO instant. */
  dueDate: string;
  status: InvoiceStatus;
  createdAt: string;
  updatedAt: string;
}

/** GET /invoices/all (searchParam, pageNumber): the caller's company's invoices, newest due date first. */
export interface InvoicePage {
  invoices: Invoice[];
  count: number;
  hasMore: boolean;
}

/** The checkout's plan step (spec 2 §9 custom plan: at least 3 users and 3 connections). */
export interface CheckoutPlan {
  users: number;
  connections: number;
  queues: number;
  /** BRL, as the checkout priced it; the server prices it again and refuses a disagreement. */
  price: number;
}

/** POST /subscription: the checkout form (spec 2 §3); zipcode holds the payer's CPF or CNPJ. */
export interface CheckoutInput {
  firstName: string;
  lastName?: string;
  address2?: string;
  city?: string;
  state?: string;
  zipcode: string;
  country?: string;
  useAddressForPaymentDetails?: boolean;
  nameOnCard?: string;
  cardNumber?: string;
  cvv?: string;
  plan: CheckoutPlan;
  price: number;
  invoiceId: number;
}

/** The subscription's answer: the Pix charge of the invoice (spec 2 §3: qrcode and valor.original). */
export interface SubscriptionAnswer {
  invoiceId: number;
  qrcode: {
    /** The Pix copy-and-paste code. */
    qrcode: string;
    /** The QR code as a base64 PNG when the provider draws one (the web can draw it from the code otherwise). */
    imagemQrcode: string | null;
  };
  /** The amount, "49.00". */
  valor: { original: string };
  /** ISO instant after which the code is refused, when the provider says. */
  expiresAt: string | null;
}

/** `payment` (per company): a confirmed payment renewed the licence until `dueDate`. */
export interface PaymentEvent {
  action: 'CONCLUIDA';
  invoiceId: number;
  company: { id: number; dueDate: string };
}
