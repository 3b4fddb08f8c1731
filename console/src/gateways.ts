/** The payment gateways the service serves (`GET /v2/gateways`), in the order it lists them. */
export const GATEWAY_SLUGS = [
  'manual',
  'stripe_payment_intents',
  'elastic_path_payments_stripe',
  'authorize_net',
] as const;
export type GatewaySlug = (typeof GATEWAY_SLUGS)[number];

export const GATEWAYS = '/v2/gateways';

/** A gateway as the API answers it: credentials as their masks only, and absent until set. */
export interface Gateway {
  readonly type: 'gateway';
  readonly name: string;
  readonly slug: GatewaySlug;
  readonly enabled: boolean;
  readonly test?: boolean;
  readonly stripe_account?: string;
  readonly login?: string;
  readonly password?: string;
  readonly webhook_secret?: string;
}

/** A setting of a gateway besides `enabled` and `test`, as the form offers it. */
export interface GatewaySetting {
  readonly name: 'login' | 'password' | 'stripe_account' | 'webhook_secret';
  readonly label: string;
  /** A credential: typed in a password input, never shown back, answered as its mask. */
  readonly secret: boolean;
  readonly hint: string;
}

export interface GatewayForm {
  /** Whether it has a test mode: every gateway but the manual one. */
  readonly test: boolean;
  readonly settings: readonly GatewaySetting[];
}

/**
 * What each gateway's form offers, held equal to the service's `GATEWAY_FIELDS` and `CREDENTIAL_RULES` by
 * test/console/gateway-forms.spec.ts. The shapes are the API's to check: a refusal is shown beside its field.
 */
export const GATEWAY_FORMS: Readonly<Record<GatewaySlug, GatewayForm>> = {
  manual: { test: false, settings: [] },
  stripe_payment_intents: {
    test: true,
    settings: [
      { name: 'login', label: 'Secret key', secret: true, hint: 'sk_test_…, sk_live_… or a restricted rk_… key' },
      {
        name: 'webhook_secret',
        label: 'Webhook signing secret',
        secret: true,
        hint: 'whsec_…, of the Stripe webhook endpoint /v2/gateways/stripe_payment_intents/webhooks/<store id>',
      },
    ],
  },
  elastic_path_payments_stripe: {
    test: true,
    settings: [
      {
        name: 'stripe_account',
        label: 'Connected account',
        secret: false,
        hint: 'acct_…, sent to Stripe as Stripe-Account',
      },
    ],
  },
  authorize_net: {
    test: true,
    settings: [
      { name: 'login', label: 'API Login ID', secret: true, hint: 'up to 25 letters and digits' },
      { name: 'password', label: 'Transaction Key', secret: true, hint: '16 letters and digits' },
    ],
  },
};

export const gatewayPath = (slug: GatewaySlug): string => `${GATEWAYS}/${slug}`;

/** The refusal's code when the deployment has no key to encrypt credentials with. */
export const CREDENTIALS_KEY_MISSING = 'credentials_key_missing';
