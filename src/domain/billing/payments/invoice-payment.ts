import type { Uuid } from '../../shared/uuid.js';

export const INVOICE_PAYMENT_TYPE = 'subscription_invoice_payment';
export const PAYMENT_NOT_FOUND = 'invoice payment not found';

/** The longest gateway reference or failure reason a payment keeps. */
export const PAYMENT_TEXT_MAX = 1024;

/** A pending payment waits for a merchant to settle it (manual payments); the others are final. */
export const PAYMENT_STATUSES = ['pending', 'succeeded', 'failed'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

/** The gateway name of payments a merchant takes outside this service and settles by hand. */
export const MANUAL_GATEWAY = 'manual';

/** One attempt to take payment of an invoice. */
export interface InvoicePayment {
  readonly id: Uuid;
  readonly storeId: Uuid;
  readonly invoiceId: Uuid;
  readonly subscriptionId: Uuid;
  /** The payment run that made the attempt. */
  readonly jobId: Uuid;
  readonly gateway: string;
  readonly status: PaymentStatus;
  readonly amount: number;
  readonly currency: string;
  readonly includesTax: boolean;
  readonly externalPaymentId?: string;
  readonly failureReason?: string;
  readonly createdAt: Date;
  readonly updatedAt: Date;
  readonly paymentTakenAt?: Date;
  /** What refunds have given back of `amount` so far (Stripe's `amount_refunded`); 0 for none. */
  readonly amountRefunded: number;
}

/** What a gateway answered for one attempt. */
export type GatewayOutcome =
  | { readonly status: 'succeeded'; readonly externalPaymentId?: string }
  | { readonly status: 'pending' }
  | { readonly status: 'failed'; readonly failureReason: string };
