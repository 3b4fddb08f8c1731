import * as E from 'fp-ts/lib/Either.js';
import { SettleGatewayEvent } from '../../../application/use-cases/billing/settle-gateway-event.js';
import { parseUuid } from '../../../domain/shared/uuid.js';
import { SIGNATURE_HEADER } from '../../payments/stripe/stripe-events.js';
import { addressNotBlocked, type TokenGuards } from '../auth/token-guards.js';
import { concept } from '../endpoints/endpoint.js';
import { type HttpContext, respondWithError } from '../http-state.js';
import { parseBody } from '../middleware/body-rules.js';
import type { Schema } from '../openapi/openapi-types.js';
import { jsonContent } from '../openapi/operation-builder.js';
import { closedObject, constant, oneOfStrings, openObject } from '../openapi/schema-builders.js';
import type { UseCase } from '../routes/route-context.js';

export const STRIPE_WEBHOOK_PATH = '/v2/gateways/stripe_payment_intents/webhooks/{store_id}';

const stripeEvent: Schema = openObject(
  {
    id: { type: 'string', description: 'The event, `evt_…`.' },
    object: { type: 'string', description: "Stripe's `event`." },
    type: { type: 'string', description: 'The event type, `payment_intent.succeeded` for one.' },
    data: { description: 'Its `object`: the PaymentIntent or Refund, with its `metadata`.' },
  },
  [],
  "A Stripe event, as Stripe sends it; read only once `Stripe-Signature` verifies over the body's exact bytes. A signed document that is not an event this service acts on is answered 200 and ignored.",
);

const handledEvent: Schema = closedObject({
  data: closedObject({
    type: constant('gateway_event'),
    result: oneOfStrings(
      ['settled', 'unchanged', 'ignored'],
      '`settled`: a pending payment or refund took the answer; `unchanged`: it was settled already, or is still processing, or is no more; `ignored`: not an event, or not a payment, this store acts on.',
    ),
    detail: { type: 'string', description: 'What was done, in words, for the delivery log of the Stripe dashboard.' },
  }),
});

/**
 * Refused signatures count per store as well as per address: Stripe sends every store's deliveries from a
 * few shared addresses, so one store's wrong secret must not hold back another's. A path that is not a
 * store id shares one scope, so that junk paths cannot make a budget each.
 */
const webhookScope = (ctx: HttpContext): string => {
  // The router's path parameters, which Koa's own context type does not name.
  const params = ctx['params'] as Readonly<Record<string, string | undefined>> | undefined;
  return `stripe-webhook:${parseUuid(params?.['store_id'] ?? '') ?? 'not-a-store'}`;
};

/**
 * `POST /v2/gateways/stripe_payment_intents/webhooks/{store_id}`: Stripe's webhooks for one store, which
 * each store registers in its own Stripe account. No token: the delivery is authenticated by its
 * `Stripe-Signature` over the raw body, with the store's signing secret. As the token endpoint, an address
 * that failed too often is refused before its body is read, and each refused signature counts against it.
 */
export const STRIPE_WEBHOOK_ENDPOINTS = concept<{
  readonly settle: UseCase<SettleGatewayEvent>;
  readonly guards: TokenGuards;
}>({
  useCases: ({ use, tokenGuards }) => ({ settle: use(SettleGatewayEvent), guards: tokenGuards }),
  schemas: { StripeEvent: stripeEvent },
  endpoints: [
    {
      method: 'post',
      path: STRIPE_WEBHOOK_PATH,
      pathParameters: [
        {
          name: 'store_id',
          in: 'path',
          required: true,
          description: 'The store whose Stripe account sends the events, and whose webhook secret signs them.',
          schema: { type: 'string' },
        },
      ],
      spec: {
        operationId: 'receiveStripeWebhook',
        summary: "Receive a Stripe webhook for a store's payments and refunds",
        description: [
          "This service's extension (EPCC has no such route): the URL a store registers as a webhook endpoint in its Stripe dashboard, with the events `payment_intent.succeeded`, `payment_intent.payment_failed`, `payment_intent.requires_action`, `payment_intent.processing`, `refund.created`, `refund.updated`, `refund.failed` (and `charge.refund.updated` for older endpoints).",
          "No token: the delivery is authenticated by its `Stripe-Signature` header over the body's exact bytes, verified by Stripe's library with the store's `webhook_secret` (`PUT /v2/gateways/stripe_payment_intents`), within Stripe's 300 s tolerance.",
          "A verified event settles the pending payment (or refund) its metadata names, exactly as the payment run settles Stripe's answer: once; a twin delivery, or an answer for a payment settled already, changes nothing and is answered 200 too, as is an event this service does not act on, so that Stripe stops retrying it.",
          "Not counted against any key's rate: each refused signature counts against the address it came from for this store, in the budget of failed authentications, and an address over it (for this store, or for its failed token requests) gets 429 before its body is read; one store's refused deliveries never hold back another's from the same Stripe address. Not open to browsers (no CORS). See docs/gateways.md, \"Stripe webhooks\".",
        ].join(' '),
        tag: 'Gateways',
        access: 'public',
        extension: true,
        requestBody: {
          description: 'The Stripe event, exactly as Stripe sent it.',
          content: jsonContent({ $ref: '#/components/schemas/StripeEvent' }),
        },
        success: {
          '200': { description: 'The delivery is received, and what it did.', content: jsonContent(handledEvent) },
        },
        errors: {
          400: `\`${SIGNATURE_HEADER}\` is missing, does not verify over this body with the store's webhook secret, or is older than 300 s; or the store has no webhook secret. An unknown store id is answered as a store without a secret, so the answer does not tell which stores exist. Nothing is changed.`,
          429: {
            description:
              '`authentication_blocked`: too many refused signatures from this address; nothing was looked at. `Retry-After` says how long.',
            codes: ['authentication_blocked'],
          },
        },
      },
      handle: ({ settle, guards: { failures, addressOf } }) => [
        addressNotBlocked({ failures, addressOf, scopeOf: webhookScope }),
        // The JSON routes' limits, the text kept: the signature is over the body's exact bytes.
        parseBody(),
        async (ctx) => {
          const signature = ctx.get(SIGNATURE_HEADER);
          const handled = await settle.execute(
            ctx.params['store_id'] ?? '',
            ctx.request.rawBody ?? '',
            signature === '' ? undefined : signature,
          );
          if (E.isLeft(handled)) {
            await failures.failed(addressOf(ctx), webhookScope(ctx));
            return respondWithError(ctx, handled.left);
          }
          ctx.body = { data: { type: 'gateway_event', ...handled.right } };
        },
      ],
    },
  ],
});
