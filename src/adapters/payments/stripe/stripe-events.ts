import * as E from 'fp-ts/lib/Either.js';
import type Stripe from 'stripe';
import type {
  GatewayEvent,
  GatewayEvents,
  PaymentReference,
} from '../../../application/ports/billing/gateway-events.js';
import { type Issues, issues } from '../../../domain/shared/errors.js';
import { parseUuid, type Uuid } from '../../../domain/shared/uuid.js';
import { STRIPE_GATEWAY } from './stripe-gateway.js';
import { outcomeOfIntent } from './stripe-outcomes.js';
import { outcomeOfRefund } from './stripe-refunds.js';
import { type StripeSdk, stripeSdk } from './stripe-sdk.js';

/** A store's Stripe webhook signing secret (`whsec_…`) in the clear; undefined for a store that has none. */
export type StripeWebhookSecretOf = (storeId: Uuid) => Promise<string | undefined>;

export const SIGNATURE_HEADER = 'Stripe-Signature';

const NO_SECRET: Issues = issues(
  SIGNATURE_HEADER,
  "cannot be verified: this store has no Stripe webhook secret (set webhook_secret, the endpoint's signing secret whsec_…, with PUT /v2/gateways/stripe_payment_intents)",
);

/**
 * The events whose object is a PaymentIntent the payment runs made: each is read by its status, as an
 * answer to the charge would be (`processing` leaves the payment pending).
 */
const PAYMENT_EVENTS = new Set([
  'payment_intent.succeeded',
  'payment_intent.payment_failed',
  'payment_intent.requires_action',
  'payment_intent.processing',
]);
/** The events whose object is a Refund: Stripe sends `refund.*` since 2024, and `charge.refund.updated` to older endpoints. */
const REFUND_EVENTS = new Set(['refund.created', 'refund.updated', 'refund.failed', 'charge.refund.updated']);

type Metadata = Readonly<Record<string, string>> | null | undefined;

const referenceIn = (metadata: Metadata): PaymentReference | undefined => {
  const storeId = metadata?.['store_id'];
  const invoiceId = metadata?.['invoice_id'];
  const paymentId = metadata?.['payment_id'];
  if (typeof storeId !== 'string' || typeof invoiceId !== 'string' || typeof paymentId !== 'string') return undefined;
  return { storeId, invoiceId, paymentId };
};

const notOurs = (object: string, id: string): GatewayEvent => ({
  _tag: 'Ignored',
  why: `${object} ${id} carries no payment of this service in its metadata`,
});

/** The event's object, when it has one: a signed body is Stripe's, yet its shape is still checked before it is read. */
const objectOf = (event: Stripe.Event): Readonly<Record<string, unknown>> | undefined => {
  const object: unknown = (event.data as { object?: unknown } | undefined)?.object;
  return typeof object === 'object' && object !== null ? (object as Record<string, unknown>) : undefined;
};

/** What a verified Stripe event says, in this service's terms: the same outcome rules as a charge's or a refund's answer. */
export const gatewayEventOf = (event: Stripe.Event): GatewayEvent => {
  const object = objectOf(event);
  const payments = PAYMENT_EVENTS.has(event.type);
  if (!payments && !REFUND_EVENTS.has(event.type))
    return { _tag: 'Ignored', why: `${String(event.type)} is not an event this service acts on` };
  if (object === undefined) return { _tag: 'Ignored', why: `the ${event.type} event carries no object` };
  if (payments) {
    const intent = object as unknown as Stripe.PaymentIntent;
    const payment = referenceIn(intent.metadata);
    if (payment === undefined) return notOurs('payment intent', intent.id);
    return { _tag: 'PaymentAnswered', gateway: STRIPE_GATEWAY, payment, outcome: outcomeOfIntent(intent) };
  }
  const refund = object as unknown as Stripe.Refund;
  const payment = referenceIn(refund.metadata);
  const refundId = refund.metadata?.['refund_id'];
  if (payment === undefined || typeof refundId !== 'string') return notOurs('refund', refund.id);
  return { _tag: 'RefundAnswered', payment, refundId, outcome: outcomeOfRefund(refund) };
};

/** Why the library refused a signature, in words that repeat neither the header nor the secret. */
const refusal = (sdk: StripeSdk, error: unknown): Issues => {
  const tooOld = error instanceof Error && /tolerance/i.test(error.message);
  return issues(
    SIGNATURE_HEADER,
    tooOld
      ? `is older than ${sdk.webhooks.DEFAULT_TOLERANCE} s: Stripe signs every retry anew, so a replayed delivery is refused`
      : "does not verify: it was not made over this exact body with this store's webhook secret",
  );
};

/**
 * Stripe's webhooks, verified by Stripe's own library (`constructEventAsync`, its default tolerance of
 * 300 s) with the signing secret of the store the URL names.
 */
export class StripeEvents implements GatewayEvents {
  constructor(private readonly secretOf: StripeWebhookSecretOf) {}

  async verify(
    storeId: string,
    payload: string,
    signature: string | undefined,
  ): Promise<E.Either<Issues, GatewayEvent>> {
    if (signature === undefined || signature === '')
      return E.left(issues(SIGNATURE_HEADER, 'is required: Stripe signs every webhook it sends with it'));
    const store = parseUuid(storeId);
    const secret = store === undefined ? undefined : await this.secretOf(store);
    if (secret === undefined) return E.left(NO_SECRET);
    const sdk = await stripeSdk();
    let event: Stripe.Event;
    try {
      event = await sdk.webhooks.constructEventAsync(payload, signature, secret);
    } catch (error) {
      return E.left(refusal(sdk, error));
    }
    return E.right(gatewayEventOf(event));
  }
}
