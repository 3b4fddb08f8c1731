import { randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import Stripe from 'stripe';
import type { StripeSettings } from '../../src/adapters/config/stripe-settings.js';
import { LoopbackServer } from './loopback-server.js';

/**
 * A stand-in for Stripe's `POST /v1/payment_intents`, `GET /v1/payment_intents/search` (by `payment_id`
 * metadata), `POST /v1/refunds` and `GET /v1/refunds?payment_intent=…` on loopback, built from Stripe's API reference:
 * form-encoded parameters, Bearer secret keys, `Stripe-Account` for connected accounts, idempotency keys
 * (a repeated key with the same parameters answers the first answer, marked `Idempotent-Replayed`, and
 * charges nothing; with other parameters, a 400 `idempotency_error`, the status Stripe and its library use), and Stripe's error document
 * `{error: {type, code, decline_code, message, payment_intent}}` with Stripe's statuses.
 */

/** What the fake does for a payment method (or a customer) named in a script. */
export type StripeBehaviour =
  /** 402 `card_error`, `card_declined` with this `decline_code`; nothing charged. */
  | { readonly kind: 'decline'; readonly declineCode: string }
  /** 402 `card_error`, `authentication_required`: the issuer wants 3-D Secure, off session. */
  | { readonly kind: 'authentication_required' }
  /** 200, the PaymentIntent `requires_action` (3-D Secure's next action). */
  | { readonly kind: 'requires_action' }
  /** 200, the PaymentIntent `processing`; the money is counted as charged. */
  | { readonly kind: 'processing' }
  /** 500 `api_error` before anything is charged or remembered, as Stripe does when the request never began. */
  | { readonly kind: 'server_error' }
  /** No answer at all: the request waits until the client gives up. */
  | { readonly kind: 'hang' }
  /** Charged, then the connection is dropped before the answer, every time the key is asked while scripted. */
  | { readonly kind: 'lose_answer' };

/** What the fake does for a refund of a PaymentIntent named in a script. */
export type StripeRefundBehaviour =
  /** 400 `charge_already_refunded`, whatever is left. */
  | { readonly kind: 'already_refunded' }
  /** 500 `api_error` before anything is refunded or remembered. */
  | { readonly kind: 'server_error' }
  /** Refunded, then the connection is dropped before the answer, every time the key is asked while scripted. */
  | { readonly kind: 'lose_answer' };

/** One refund the fake made. */
export interface FakeRefund {
  readonly refund: string;
  readonly paymentIntent: string;
  readonly amount: number;
  readonly metadata: Readonly<Record<string, string>>;
  readonly stripeAccount: string | undefined;
  readonly idempotencyKey: string | undefined;
}

/** One charge the fake took (a PaymentIntent that succeeded or is processing). */
export interface FakeCharge {
  readonly paymentIntent: string;
  readonly amount: number;
  readonly currency: string;
  readonly customer: string;
  readonly paymentMethod: string;
  readonly metadata: Readonly<Record<string, string>>;
  readonly stripeAccount: string | undefined;
  readonly idempotencyKey: string | undefined;
}

interface Answer {
  readonly status: number;
  readonly body: unknown;
}

interface Remembered {
  readonly parameters: string;
  readonly answer: Answer;
}

const id = (prefix: string) => `${prefix}_${randomBytes(12).toString('base64url')}`;

const stripeError = (
  status: number,
  error: Readonly<Record<string, unknown>> & { type: string; message: string },
): Answer => ({
  status,
  body: { error: { ...error, doc_url: `https://stripe.com/docs/error-codes/${error['code'] ?? error.type}` } },
});

export class FakeStripe extends LoopbackServer {
  readonly charges: FakeCharge[] = [];
  readonly refunds: FakeRefund[] = [];
  /** Every PaymentIntent made, by id, as a search finds it (the keys' records may be forgotten; these are not). */
  private readonly intents = new Map<
    string,
    { readonly account: string | undefined; readonly body: Record<string, unknown> }
  >();
  private readonly refundBehaviours = new Map<string, StripeRefundBehaviour>();
  /** Every request that reached the fake, answered or not. */
  requests = 0;
  /** The lists of a PaymentIntent's Refunds asked for. */
  refundLists = 0;
  private readonly behaviours = new Map<string, StripeBehaviour>();
  private readonly keys = new Map<string, Remembered>();

  /** `secretKeys` are the keys Stripe accepts; any other is a 401. */
  constructor(private readonly secretKeys: readonly string[]) {
    super();
  }

  /** The gateway's settings to reach this fake, waiting `timeoutMs` for an answer. */
  settings(timeoutMs: number): StripeSettings {
    return { protocol: 'http', host: '127.0.0.1', port: this.port, timeoutMs };
  }

  /** Scripts what a payment method or customer does from now on; undefined lets it succeed again. */
  script(paymentMethodOrCustomer: string, behaviour: StripeBehaviour | undefined): void {
    if (behaviour === undefined) this.behaviours.delete(paymentMethodOrCustomer);
    else this.behaviours.set(paymentMethodOrCustomer, behaviour);
  }

  /** Scripts what a refund of this PaymentIntent does from now on; undefined lets it succeed again. */
  scriptRefund(paymentIntent: string, behaviour: StripeRefundBehaviour | undefined): void {
    if (behaviour === undefined) this.refundBehaviours.delete(paymentIntent);
    else this.refundBehaviours.set(paymentIntent, behaviour);
  }

  /**
   * Stripe's event of `type` about a PaymentIntent the fake made, its status moved to `status` first as
   * Stripe moves it (a `processing` one to `succeeded` once its money arrives), so a later search finds it so.
   */
  intentEvent(paymentIntent: string, type: string, status?: string): StripeEventDocument {
    const kept = this.intents.get(paymentIntent);
    if (kept === undefined) throw new Error(`the fake made no PaymentIntent ${paymentIntent}`);
    const body =
      status === undefined
        ? kept.body
        : {
            ...kept.body,
            status,
            amount_received: status === 'succeeded' ? kept.body['amount'] : 0,
            ...(status === 'requires_payment_method'
              ? {
                  last_payment_error: { type: 'card_error', code: 'card_declined', message: 'Your card was declined.' },
                }
              : {}),
          };
    this.intents.set(paymentIntent, { ...kept, body });
    return eventDocument(type, body);
  }

  /** Stripe's event of `type` about a Refund the fake made, with the status Stripe gives it then. */
  refundEvent(refund: string, type: string, status: string): StripeEventDocument {
    const made = this.refunds.find((r) => r.refund === refund);
    if (made === undefined) throw new Error(`the fake made no Refund ${refund}`);
    return eventDocument(type, {
      ...this.refundBody(made),
      status,
      ...(status === 'failed' ? { failure_reason: 'expired_or_canceled_card' } : {}),
    });
  }

  /** Forgets every idempotency key, as Stripe does once a key is older than 24 hours. */
  forgetKeys(): void {
    this.keys.clear();
  }

  protected async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    this.requests += 1;
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const form = new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
    const secretKey = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1];
    if (secretKey === undefined || !this.secretKeys.includes(secretKey))
      return send(
        res,
        stripeError(401, {
          type: 'invalid_request_error',
          message: `Invalid API Key provided: ${(secretKey ?? '').slice(0, 8)}****`,
        }),
      );
    const account = header(req, 'stripe-account');
    const url = new URL(req.url ?? '/', 'http://stripe.invalid');
    if (req.method === 'GET' && url.pathname === '/v1/payment_intents/search')
      return send(res, this.search(url.searchParams.get('query') ?? '', account));
    if (req.method === 'GET' && url.pathname === '/v1/refunds')
      return send(res, this.listRefunds(url.searchParams.get('payment_intent') ?? '', account));
    const route = req.method === 'POST' ? url.pathname : undefined;
    if (route !== '/v1/payment_intents' && route !== '/v1/refunds')
      return send(
        res,
        stripeError(404, {
          type: 'invalid_request_error',
          message: `Unrecognized request URL (${req.method}: ${req.url})`,
        }),
      );
    const idempotencyKey = header(req, 'idempotency-key');
    const parameters = [...form.entries()]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([k, v]) => `${k}=${v}`)
      .join('&');
    const scope = `${secretKey}\u0000${account ?? ''}\u0000${idempotencyKey ?? ''}`;
    const remembered = idempotencyKey === undefined ? undefined : this.keys.get(scope);
    const behaviour =
      route === '/v1/refunds' ? this.refundBehaviours.get(form.get('payment_intent') ?? '') : this.behaviourOf(form);
    if (remembered !== undefined) {
      if (remembered.parameters !== parameters)
        return send(
          res,
          stripeError(400, {
            type: 'idempotency_error',
            message: `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${idempotencyKey}' if you meant to execute a different request.`,
          }),
        );
      if (behaviour?.kind === 'lose_answer' || behaviour?.kind === 'hang') return this.withhold(res, behaviour);
      return send(res, remembered.answer, { 'idempotent-replayed': 'true' });
    }
    if (behaviour?.kind === 'hang') return this.withhold(res, behaviour);
    if (behaviour?.kind === 'server_error')
      return send(res, stripeError(500, { type: 'api_error', message: 'An unknown error occurred' }));
    const answer =
      route === '/v1/refunds'
        ? this.refund(form, behaviour as StripeRefundBehaviour | undefined, account, idempotencyKey)
        : this.confirm(form, behaviour as StripeBehaviour | undefined, account, idempotencyKey);
    if (route === '/v1/payment_intents') this.keep(answer, account);
    if (idempotencyKey !== undefined && answer.status !== 400) this.keys.set(scope, { parameters, answer });
    if (behaviour?.kind === 'lose_answer') return this.withhold(res, behaviour);
    send(res, answer);
  }

  /** A PaymentIntent made, declined or not, as a search finds it later. */
  private keep(answer: Answer, account: string | undefined): void {
    const body = answer.body as Record<string, any>;
    const intent = (answer.status === 200 ? body : body['error']?.['payment_intent']) as
      | Record<string, unknown>
      | undefined;
    if (intent?.['object'] === 'payment_intent') this.intents.set(intent['id'] as string, { account, body: intent });
  }

  /** Stripe's search query language, as far as `metadata['key']:'value'` goes; PaymentIntents of the account only. */
  private search(query: string, account: string | undefined): Answer {
    const clause = /^metadata\['([^']+)'\]:'([^']*)'$/.exec(query);
    if (clause === null)
      return stripeError(400, {
        type: 'invalid_request_error',
        code: 'parameter_invalid_string',
        param: 'query',
        message: `This stand-in searches by one metadata clause only, not: ${query}`,
      });
    const [, key, value] = clause;
    const data = [...this.intents.values()]
      .filter((intent) => intent.account === account)
      .map((intent) => intent.body)
      .filter((body) => (body['metadata'] as Record<string, string>)[key!] === value)
      .reverse();
    return {
      status: 200,
      body: { object: 'search_result', data, has_more: false, next_page: null, url: '/v1/payment_intents/search' },
    };
  }

  /** Stripe's list of a PaymentIntent's Refunds, newest first, in one page (the fake makes few). */
  private listRefunds(paymentIntent: string, account: string | undefined): Answer {
    this.refundLists += 1;
    const data = this.refunds
      .filter((r) => r.paymentIntent === paymentIntent && r.stripeAccount === account)
      .map((r) => this.refundBody(r))
      .reverse();
    return { status: 200, body: { object: 'list', data, has_more: false, url: '/v1/refunds' } };
  }

  /** A Refund the fake made, as Stripe answers it. */
  private refundBody(made: FakeRefund): Record<string, unknown> {
    return {
      id: made.refund,
      object: 'refund',
      amount: made.amount,
      currency: this.charges.find((c) => c.paymentIntent === made.paymentIntent)?.currency ?? 'usd',
      payment_intent: made.paymentIntent,
      metadata: made.metadata,
      status: 'succeeded',
      created: Math.floor(Date.now() / 1000),
    };
  }

  /** Refunds a PaymentIntent the fake charged, in parts, never past what it took, as Stripe does. */
  private refund(
    form: URLSearchParams,
    behaviour: StripeRefundBehaviour | undefined,
    account: string | undefined,
    idempotencyKey: string | undefined,
  ): Answer {
    const paymentIntent = form.get('payment_intent') ?? '';
    const charge = this.charges.find((c) => c.paymentIntent === paymentIntent && c.stripeAccount === account);
    if (charge === undefined)
      return stripeError(404, {
        type: 'invalid_request_error',
        code: 'resource_missing',
        param: 'payment_intent',
        message: `No such payment_intent: '${paymentIntent}'`,
      });
    const given = this.refunds.filter((r) => r.paymentIntent === paymentIntent).reduce((sum, r) => sum + r.amount, 0);
    if (behaviour?.kind === 'already_refunded' || given >= charge.amount)
      return stripeError(400, {
        type: 'invalid_request_error',
        code: 'charge_already_refunded',
        message: `Charge ${charge.paymentIntent} has already been refunded.`,
      });
    const amount = form.get('amount') === null ? charge.amount - given : Number(form.get('amount'));
    if (!Number.isInteger(amount) || amount < 1)
      return stripeError(400, {
        type: 'invalid_request_error',
        code: 'parameter_invalid_integer',
        param: 'amount',
        message: 'Invalid positive integer',
      });
    if (amount > charge.amount - given)
      return stripeError(400, {
        type: 'invalid_request_error',
        code: 'amount_too_large',
        param: 'amount',
        message: `Refund amount (${amount}) is greater than unrefunded amount on charge (${charge.amount - given})`,
      });
    const metadata = metadataOf(form);
    const made: FakeRefund = {
      refund: id('re'),
      paymentIntent,
      amount,
      metadata,
      stripeAccount: account,
      idempotencyKey,
    };
    this.refunds.push(made);
    return { status: 200, body: this.refundBody(made) };
  }

  private behaviourOf(form: URLSearchParams): StripeBehaviour | undefined {
    return this.behaviours.get(form.get('payment_method') ?? '') ?? this.behaviours.get(form.get('customer') ?? '');
  }

  /** A hang leaves the request open; a lost answer drops the connection. */
  private withhold(res: ServerResponse, behaviour: StripeBehaviour): void {
    if (behaviour.kind === 'lose_answer') res.socket?.destroy();
  }

  /** Creates and confirms the PaymentIntent, off session, as Stripe would for this behaviour. */
  private confirm(
    form: URLSearchParams,
    behaviour: StripeBehaviour | undefined,
    account: string | undefined,
    idempotencyKey: string | undefined,
  ): Answer {
    const missing = ['amount', 'currency', 'customer', 'payment_method'].find((name) => !form.get(name));
    if (missing !== undefined)
      return stripeError(400, {
        type: 'invalid_request_error',
        code: 'parameter_missing',
        param: missing,
        message: `Missing required param: ${missing}.`,
      });
    const amount = Number(form.get('amount'));
    const currency = form.get('currency') ?? '';
    if (!Number.isInteger(amount) || amount < 1 || !/^[a-z]{3}$/.test(currency))
      return stripeError(400, {
        type: 'invalid_request_error',
        code: 'parameter_invalid_integer',
        param: 'amount',
        message: 'Invalid amount or currency.',
      });
    if (form.get('confirm') !== 'true' || form.get('off_session') !== 'true')
      return stripeError(400, {
        type: 'invalid_request_error',
        message: 'This stand-in only confirms off-session payments at once (confirm=true, off_session=true).',
      });
    const metadata = metadataOf(form);
    const intent = paymentIntent(form, amount, currency, metadata);
    switch (behaviour?.kind) {
      case 'decline':
        return stripeError(402, {
          type: 'card_error',
          code: 'card_declined',
          decline_code: behaviour.declineCode,
          message: 'Your card was declined.',
          charge: id('ch'),
          payment_intent: { ...intent, status: 'requires_payment_method' },
        });
      case 'authentication_required':
        return stripeError(402, {
          type: 'card_error',
          code: 'authentication_required',
          decline_code: 'authentication_required',
          message: 'Your card was declined. This transaction requires authentication.',
          payment_intent: { ...intent, status: 'requires_payment_method' },
        });
      case 'requires_action':
        return {
          status: 200,
          body: { ...intent, status: 'requires_action', latest_charge: null, next_action: { type: 'use_stripe_sdk' } },
        };
      default: {
        const status = behaviour?.kind === 'processing' ? 'processing' : 'succeeded';
        this.charges.push({
          paymentIntent: intent.id,
          amount,
          currency,
          customer: form.get('customer') ?? '',
          paymentMethod: form.get('payment_method') ?? '',
          metadata,
          stripeAccount: account,
          idempotencyKey,
        });
        return {
          status: 200,
          body: { ...intent, status, amount_received: status === 'succeeded' ? amount : 0 },
        };
      }
    }
  }
}

const paymentIntent = (
  form: URLSearchParams,
  amount: number,
  currency: string,
  metadata: Readonly<Record<string, string>>,
) => {
  const intentId = id('pi');
  return {
    id: intentId,
    object: 'payment_intent',
    amount,
    amount_capturable: 0,
    amount_received: 0,
    capture_method: 'automatic_async',
    client_secret: `${intentId}_secret_${randomBytes(12).toString('base64url')}`,
    confirmation_method: 'automatic',
    created: Math.floor(Date.now() / 1000),
    currency,
    customer: form.get('customer'),
    description: null,
    last_payment_error: null,
    latest_charge: id('ch'),
    livemode: false,
    metadata,
    next_action: null,
    payment_method: form.get('payment_method'),
    payment_method_types: ['card'],
    status: 'requires_confirmation',
  };
};

/** A Stripe event (a snapshot event, as a webhook endpoint receives it). */
export type StripeEventDocument = Readonly<Record<string, unknown>> & { readonly id: string; readonly type: string };

const eventDocument = (type: string, object: Readonly<Record<string, unknown>>): StripeEventDocument => ({
  id: id('evt'),
  object: 'event',
  api_version: '2026-10-28.endive',
  created: Math.floor(Date.now() / 1000),
  data: { object },
  livemode: false,
  pending_webhooks: 1,
  request: { id: id('req'), idempotency_key: null },
  type,
});

/**
 * One delivery of `event` to a webhook endpoint whose signing secret is `secret`: the body Stripe sends and
 * its `Stripe-Signature`, made by Stripe's library (`timestamp` in Unix seconds, now by default).
 */
export const stripeDelivery = (
  event: StripeEventDocument,
  secret: string,
  timestamp?: number,
): { readonly body: string; readonly signature: string } => {
  const body = JSON.stringify(event, null, 2);
  return {
    body,
    signature: Stripe.webhooks.generateTestHeaderString({
      payload: body,
      secret,
      ...(timestamp === undefined ? {} : { timestamp }),
    }),
  };
};

const metadataOf = (form: URLSearchParams): Record<string, string> =>
  Object.fromEntries(
    [...form.entries()].flatMap(([k, v]) => {
      const key = /^metadata\[(.+)\]$/.exec(k)?.[1];
      return key === undefined ? [] : [[key, v]];
    }),
  );

const header = (req: IncomingMessage, name: string): string | undefined => {
  const value = req.headers[name];
  return Array.isArray(value) ? value[0] : value;
};

const send = (res: ServerResponse, answer: Answer, extra: Readonly<Record<string, string>> = {}): void => {
  const body = JSON.stringify(answer.body);
  res.writeHead(answer.status, {
    'content-type': 'application/json',
    'content-length': Buffer.byteLength(body),
    'request-id': id('req'),
    // Stripe tells its libraries not to retry an answer it gave (4xx) or would replay anyway.
    ...(answer.status >= 400 && answer.status < 500 ? { 'stripe-should-retry': 'false' } : {}),
    ...extra,
  });
  res.end(body);
};
