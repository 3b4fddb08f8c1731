import * as E from 'fp-ts/lib/Either.js';
import { pipe } from 'fp-ts/lib/function.js';
import { booleanValue } from '../shared/boolean.js';
import { type Issues, issue, issues } from '../shared/errors.js';
import { oneOf } from '../shared/literal.js';
import { field, isRecord, optional, type Parsed, parseAll } from '../shared/validation.js';
import { GATEWAY_FIELDS, type GatewaySettings, type SealedSecret, type SecretField } from './gateway-settings.js';
import type { GatewaySlug } from './gateway-slug.js';

/** The `type` EPCC answers gateways with; a request may send it, and then it must be this. */
export const GATEWAY_TYPE = 'gateway';

/** A credential's rule: the shape its issuer gives it, as a pattern and in words. */
export interface CredentialRule {
  readonly pattern: RegExp;
  readonly rule: string;
}

/** Stripe's secret and restricted keys, live or test; Stripe keys are at most 255 characters. */
export const STRIPE_SECRET_KEY: CredentialRule = {
  pattern: /^(sk|rk)_(test|live)_[A-Za-z0-9]{1,247}$/,
  rule: 'must be a Stripe secret key (sk_test_…, sk_live_…, or a restricted rk_… key), at most 255 characters',
};
/** The signing secret Stripe shows for a webhook endpoint: `whsec_` and base64 text. */
export const STRIPE_WEBHOOK_SECRET: CredentialRule = {
  pattern: /^whsec_[A-Za-z0-9+/=]{1,249}$/,
  rule: "must be a Stripe webhook endpoint's signing secret (whsec_…), at most 255 characters",
};
/** A Stripe connected account's id. */
export const STRIPE_ACCOUNT_ID: CredentialRule = {
  pattern: /^acct_[A-Za-z0-9]{1,250}$/,
  rule: 'must be a Stripe connected account id (acct_…), at most 255 characters',
};
/** Authorize.Net's API Login ID: up to 25 characters. */
export const AUTHORIZE_NET_LOGIN: CredentialRule = {
  pattern: /^[A-Za-z0-9]{1,25}$/,
  rule: 'must be an Authorize.Net API Login ID: 1 to 25 letters and digits',
};
/** Authorize.Net's Transaction Key: 16 characters. */
export const AUTHORIZE_NET_TRANSACTION_KEY: CredentialRule = {
  pattern: /^[A-Za-z0-9]{16}$/,
  rule: 'must be an Authorize.Net Transaction Key: 16 letters and digits',
};

/** Which gateway takes which credential, and its rule: the one place that says so. */
export const CREDENTIAL_RULES: Readonly<Record<SecretField, Readonly<Partial<Record<GatewaySlug, CredentialRule>>>>> = {
  login: { stripe_payment_intents: STRIPE_SECRET_KEY, authorize_net: AUTHORIZE_NET_LOGIN },
  password: { authorize_net: AUTHORIZE_NET_TRANSACTION_KEY },
  webhook_secret: { stripe_payment_intents: STRIPE_WEBHOOK_SECRET },
};

// The value is never repeated in the issue: an error document must not carry a credential.
const credential =
  ({ pattern, rule }: CredentialRule) =>
  (source: string) =>
  (input: unknown): Parsed<string> =>
    typeof input === 'string' && pattern.test(input) ? E.right(input) : E.left(issues(source, rule));

/** What a `PUT /v2/gateways/{slug}` asks for, its credentials still in the clear. */
export interface GatewayChanges {
  readonly enabled?: boolean;
  readonly test?: boolean;
  readonly stripeAccount?: string;
  readonly secrets: Readonly<Partial<Record<SecretField, string>>>;
}

const when = <A>(taken: boolean, value: unknown, parse: (v: unknown) => Parsed<A>): Parsed<A | undefined> =>
  taken ? optional(value, parse) : E.right(undefined);

/** A credential the gateway takes when it has a rule for it; otherwise ignored, as unknown fields are. */
const credentialField = (
  rule: CredentialRule | undefined,
  value: unknown,
  source: string,
): Parsed<string | undefined> => (rule === undefined ? E.right(undefined) : optional(value, credential(rule)(source)));

/**
 * Parses the `data` of a gateway's PUT: the fields its gateway takes, each optional (EPCC's PUT is partial;
 * what a gateway requires is checked against the result, see `applyGatewayChanges`). Fields of other
 * gateways are ignored, as unknown fields are; `slug`, when sent, must be the path's.
 */
export const parseGatewayChanges =
  (slug: GatewaySlug) =>
  (data: unknown): Parsed<GatewayChanges> => {
    if (!isRecord(data)) return E.left([issue('data', 'must be an object')]);
    const fields = GATEWAY_FIELDS[slug];
    return pipe(
      parseAll({
        type: optional(field(data, 'type'), oneOf([GATEWAY_TYPE])('data.type')),
        slug: optional(field(data, 'slug'), oneOf([slug])('data.slug')),
        enabled: optional(field(data, 'enabled'), booleanValue('data.enabled')),
        test: when(fields.test, field(data, 'test'), booleanValue('data.test')),
        stripeAccount: when(
          fields.stripeAccount,
          field(data, 'stripe_account'),
          credential(STRIPE_ACCOUNT_ID)('data.stripe_account'),
        ),
        login: credentialField(CREDENTIAL_RULES.login[slug], field(data, 'login'), 'data.login'),
        password: credentialField(CREDENTIAL_RULES.password[slug], field(data, 'password'), 'data.password'),
        webhookSecret: credentialField(
          CREDENTIAL_RULES.webhook_secret[slug],
          field(data, 'webhook_secret'),
          'data.webhook_secret',
        ),
      }),
      E.map(({ enabled, test, stripeAccount, login, password, webhookSecret }) => ({
        ...(enabled === undefined ? {} : { enabled }),
        ...(test === undefined ? {} : { test }),
        ...(stripeAccount === undefined ? {} : { stripeAccount }),
        secrets: {
          ...(login === undefined ? {} : { login }),
          ...(password === undefined ? {} : { password }),
          ...(webhookSecret === undefined ? {} : { webhook_secret: webhookSecret }),
        },
      })),
    );
  };

/**
 * The settings after a change whose credentials are sealed: refused, naming each, when a field the gateway
 * requires would still have no value (a first PUT must carry them; later ones may leave them out).
 */
export const applyGatewayChanges = (
  current: GatewaySettings,
  changes: Omit<GatewayChanges, 'secrets'>,
  sealed: Readonly<Partial<Record<SecretField, SealedSecret>>>,
): Parsed<GatewaySettings> => {
  const next: GatewaySettings = { ...current, ...changes, ...sealed };
  const held = { login: next.login, password: next.password, stripe_account: next.stripeAccount };
  const missing = GATEWAY_FIELDS[current.slug].required.filter((name) => held[name] === undefined);
  const [first, ...rest] = missing.map((name) =>
    issue(`data.${name}`, `is required: the ${current.slug} gateway has no ${name} yet`),
  );
  return first === undefined ? E.right(next) : E.left([first, ...rest] as Issues);
};
