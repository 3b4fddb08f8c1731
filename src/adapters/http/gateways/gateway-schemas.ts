import {
  CREDENTIAL_RULES,
  type CredentialRule,
  GATEWAY_TYPE,
  STRIPE_ACCOUNT_ID,
} from '../../../domain/gateways/gateway-input.js';
import { GATEWAY_FIELDS, MASK_REVEALS_FROM, type SecretField } from '../../../domain/gateways/gateway-settings.js';
import { GATEWAY_NAMES, type GatewaySlug, SERVED_GATEWAYS } from '../../../domain/gateways/gateway-slug.js';
import type { Schema } from '../openapi/openapi-types.js';
import { boolean, closedObject, constant, oneOfStrings, openObject } from '../openapi/schema-builders.js';

const MASKED = `Masked: \`****\` followed by the last four characters (only \`****\` for a value under ${MASK_REVEALS_FROM} characters); absent until set. The value itself is never answered.`;

const masked = (what: string): Schema => ({
  type: 'string',
  pattern: '^\\*{4}.{0,4}$',
  description: `${what} ${MASKED}`,
});

/** A gateway as every read and write answers it. */
export const GATEWAY_SCHEMA: Schema = closedObject(
  {
    type: constant(GATEWAY_TYPE),
    name: oneOfStrings(Object.values(GATEWAY_NAMES)),
    slug: oneOfStrings(SERVED_GATEWAYS),
    enabled: { ...boolean, description: 'Whether the gateway is enabled; `false` until changed.' },
    test: {
      ...boolean,
      description: 'Whether the gateway runs in test mode; `false` until changed. Absent for the manual gateway.',
    },
    stripe_account: { type: 'string', description: 'The Stripe connected account (`acct_…`); absent until set.' },
    login: masked('The Stripe secret key, or the Authorize.Net API Login ID.'),
    password: masked('The Authorize.Net Transaction Key.'),
    webhook_secret: masked(
      "Stripe Payment Intents only, this service's extension to EPCC: the signing secret of the Stripe webhook endpoint that settles late answers (see docs/gateways.md, Stripe webhooks).",
    ),
  },
  ['test', 'stripe_account', 'login', 'password', 'webhook_secret'],
);

const ruled = (rule: CredentialRule, what: string): Schema => ({
  type: 'string',
  pattern: rule.pattern.source,
  description: `${what}: it ${rule.rule}.`,
});

/** What a credential is, where EPCC does not say it. */
const EXTENSIONS: Readonly<Partial<Record<SecretField, string>>> = {
  webhook_secret:
    "This service's extension to EPCC: the signing secret of the store's Stripe webhook endpoint, which verifies Stripe's deliveries (see docs/gateways.md, Stripe webhooks). Write-only, answered masked",
};

/** A credential of the gateway, when it takes one. */
const credential = (field: SecretField, slug: GatewaySlug): Readonly<Record<string, Schema>> => {
  const rule = CREDENTIAL_RULES[field][slug];
  return rule === undefined ? {} : { [field]: ruled(rule, EXTENSIONS[field] ?? 'Write-only, answered masked') };
};

/** The `data` of one gateway's PUT: its own fields, each optional, as EPCC's PUT is partial. */
export const gatewayChangesSchema = (slug: GatewaySlug): Schema => {
  const fields = GATEWAY_FIELDS[slug];
  const required = fields.required.map((name) => `\`${name}\``).join(' and ');
  return openObject(
    {
      type: constant(GATEWAY_TYPE),
      slug: constant(slug),
      enabled: boolean,
      ...(fields.test ? { test: boolean } : {}),
      ...(fields.stripeAccount
        ? { stripe_account: ruled(STRIPE_ACCOUNT_ID, 'The connected account, sent to Stripe as `Stripe-Account`') }
        : {}),
      ...credential('login', slug),
      ...credential('password', slug),
      ...credential('webhook_secret', slug),
    },
    [],
    required === ''
      ? 'Fields left out keep their values.'
      : `Fields left out keep their values; ${required} must be sent until the gateway holds them (EPCC's required fields).`,
  );
};
