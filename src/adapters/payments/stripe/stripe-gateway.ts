import type Stripe from 'stripe';
import type {
  PaymentGateway,
  RefundOutcome,
  UnknownOutcome,
} from '../../../application/ports/billing/payment-gateway.js';
import type { Invoice } from '../../../domain/billing/invoices/invoice.js';
import type { GatewayOutcome, InvoicePayment } from '../../../domain/billing/payments/invoice-payment.js';
import type { PaymentRefund } from '../../../domain/billing/payments/refund.js';
import type { Uuid } from '../../../domain/shared/uuid.js';
import type { PaymentAuthorityType } from '../../../domain/subscriptions/payment-authority.js';
import type { Subscription } from '../../../domain/subscriptions/subscription.js';
import type { StripeSettings } from '../../config/stripe-settings.js';
import { outcomeOfError, outcomeOfIntent } from './stripe-outcomes.js';
import { outcomeOfRefund, outcomeOfRefundError } from './stripe-refunds.js';
import { type StripeSdk, stripeSdk } from './stripe-sdk.js';

/** A store's Stripe account: its secret key, and the connected account charged on its behalf, if any. */
export interface StripeCredentials {
  readonly secretKey: string;
  /** Sent as Stripe's `Stripe-Account` header. */
  readonly stripeAccount?: string;
}

/** A store's Stripe credentials; undefined for a store that has none. */
export type StripeCredentialsOf = (storeId: Uuid) => Promise<StripeCredentials | undefined>;

export const STRIPE_GATEWAY = 'elastic_path_payments_stripe' satisfies PaymentAuthorityType;

/**
 * One retry of a request whose answer was lost or was a 5xx, after the library's half-second backoff: the
 * payment's idempotency key makes it safe (Stripe answers a repeated key with the first answer), and it
 * spares the invoice a wait for the next run over a passing network fault. Not more: during an outage each
 * retry holds the run for another timeout, and the next run resumes the payment anyway.
 */
const NETWORK_RETRIES = 1;

/**
 * Charges a subscription's card on Stripe: one off-session PaymentIntent, confirmed at once (EPCC's
 * `purchase`), per payment, under the payment's id as Stripe's idempotency key, with the store's
 * credentials. The client is made per charge, so that no store's key outlives the call that uses it.
 */
export class StripeGateway implements PaymentGateway {
  readonly name = STRIPE_GATEWAY;

  constructor(
    private readonly credentialsOf: StripeCredentialsOf,
    private readonly settings: StripeSettings,
  ) {}

  private client(sdk: StripeSdk, credentials: StripeCredentials): Stripe {
    return new sdk(credentials.secretKey, {
      protocol: this.settings.protocol,
      host: this.settings.host,
      port: this.settings.port,
      timeout: this.settings.timeoutMs,
      maxNetworkRetries: NETWORK_RETRIES,
    });
  }

  async charge(
    invoice: Invoice,
    amount: number,
    subscription: Subscription,
    idempotencyKey: string,
    resumed = false,
  ): Promise<GatewayOutcome | UnknownOutcome> {
    const authority = subscription.paymentAuthority;
    if (authority.type !== STRIPE_GATEWAY)
      return failed(`the subscription's payment authority is ${authority.type}, not ${STRIPE_GATEWAY}`);
    if (authority.customer_id === undefined) return failed(`the payment authority has no customer_id`);
    if (authority.card_id === undefined) return failed(`the payment authority has no card_id`);
    const credentials = await this.credentialsOf(invoice.storeId);
    if (credentials === undefined) return failed('no Stripe secret key is configured for this store');
    const sdk = await stripeSdk();
    const stripe = this.client(sdk, credentials);
    const account = accountOf(credentials);
    try {
      if (resumed) {
        const found = await madeBefore(stripe, idempotencyKey, account);
        if (found !== undefined) return outcomeOfIntent(found);
      }
      const intent = await stripe.paymentIntents.create(
        {
          amount,
          currency: invoice.currency.toLowerCase(),
          customer: authority.customer_id,
          payment_method: authority.card_id,
          off_session: true,
          confirm: true,
          // The payment's id too: the key Stripe forgets after a day, and what a resumed attempt searches by.
          metadata: {
            invoice_id: invoice.id,
            subscription_id: subscription.id,
            store_id: invoice.storeId,
            payment_id: idempotencyKey,
          },
        },
        { idempotencyKey, ...account },
      );
      return outcomeOfIntent(intent);
    } catch (error) {
      if (error instanceof sdk.errors.StripeError) return outcomeOfError(sdk, error);
      throw error;
    }
  }

  /**
   * One Refund of the payment's PaymentIntent, under the refund's id as Stripe's idempotency key, with the
   * ids in metadata. A payment recorded without its PaymentIntent (none is known to Stripe) is refused.
   * The PaymentIntent's refunds are looked up first by their `refund_id` metadata: Stripe keeps a key for 24
   * hours only, and a refund whose answer was lost may be asked for again later than that (by the next
   * payment run's sweep), when a second Refund under the forgotten key would give the money back twice.
   * Refunds are few, so every one pays for the lookup rather than telling a resumed one apart.
   */
  async refund(payment: InvoicePayment, refund: PaymentRefund): Promise<RefundOutcome | UnknownOutcome> {
    if (payment.externalPaymentId === undefined)
      return { status: 'refused', reason: 'the payment has no Stripe PaymentIntent to refund' };
    const credentials = await this.credentialsOf(payment.storeId);
    if (credentials === undefined)
      return { status: 'refused', reason: 'no Stripe secret key is configured for this store' };
    const sdk = await stripeSdk();
    const stripe = this.client(sdk, credentials);
    try {
      const earlier = await refundMadeBefore(stripe, payment.externalPaymentId, refund.id, accountOf(credentials));
      if (earlier !== undefined) return outcomeOfRefund(earlier);
      const made = await stripe.refunds.create(
        {
          payment_intent: payment.externalPaymentId,
          amount: refund.amount,
          metadata: {
            refund_id: refund.id,
            payment_id: payment.id,
            invoice_id: payment.invoiceId,
            store_id: payment.storeId,
          },
        },
        { idempotencyKey: refund.id, ...accountOf(credentials) },
      );
      return outcomeOfRefund(made);
    } catch (error) {
      if (error instanceof sdk.errors.StripeError) return outcomeOfRefundError(sdk, error);
      throw error;
    }
  }
}

const accountOf = (credentials: StripeCredentials): { stripeAccount?: string } =>
  credentials.stripeAccount === undefined ? {} : { stripeAccount: credentials.stripeAccount };

/**
 * The PaymentIntent an earlier attempt of the payment made, found by its `payment_id` metadata: Stripe
 * keeps an idempotency key for 24 hours only, so a payment resumed later would be charged again under the
 * same key. A succeeded one is preferred to one that failed before it (a declined attempt leaves its
 * PaymentIntent behind). Search lags writes by up to a minute, which a resumed attempt, a run later, is past.
 */
const madeBefore = async (
  stripe: Stripe,
  paymentId: string,
  account: { stripeAccount?: string },
): Promise<Stripe.PaymentIntent | undefined> => {
  const found = await stripe.paymentIntents.search({ query: `metadata['payment_id']:'${paymentId}'` }, account);
  return found.data.find((intent) => intent.status === 'succeeded') ?? found.data[0];
};

/** The Refund an earlier attempt of this refund made on the PaymentIntent, found by its `refund_id` metadata. */
const refundMadeBefore = async (
  stripe: Stripe,
  paymentIntent: string,
  refundId: string,
  account: { stripeAccount?: string },
): Promise<Stripe.Refund | undefined> => {
  for await (const made of stripe.refunds.list({ payment_intent: paymentIntent, limit: 100 }, account))
    if (made.metadata?.['refund_id'] === refundId) return made;
  return undefined;
};

const failed = (failureReason: string): GatewayOutcome => ({ status: 'failed', failureReason });
