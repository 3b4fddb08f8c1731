import type { GatewaySlug } from './gateway-slug.js';

/** The settings that hold a credential: kept sealed at rest, answered masked, never in the clear. */
export const SECRET_FIELDS = ['login', 'password', 'webhook_secret'] as const;
export type SecretField = (typeof SECRET_FIELDS)[number];

/**
 * A credential as storage keeps it: sealed under the key `keyId` names (so a key can be rotated while
 * older values still open), and its mask, the only form an answer shows.
 */
export interface SealedSecret {
  readonly keyId: string;
  readonly sealed: string;
  readonly masked: string;
}

/** One gateway's settings in one store; a gateway never changed is disabled, live, without credentials. */
export interface GatewaySettings {
  readonly slug: GatewaySlug;
  readonly enabled: boolean;
  readonly test: boolean;
  /** A Stripe connected account (`acct_…`), sent as Stripe's `Stripe-Account`. */
  readonly stripeAccount?: string;
  readonly login?: SealedSecret;
  readonly password?: SealedSecret;
  /**
   * Our extension to EPCC's Stripe Payment Intents settings: the signing secret (`whsec_…`) of the Stripe
   * webhook endpoint that tells this store of late answers. Named as the API names it, so a sealed change
   * lands on it as on the other credentials.
   */
  readonly webhook_secret?: SealedSecret;
}

export const defaultGatewaySettings = (slug: GatewaySlug): GatewaySettings => ({ slug, enabled: false, test: false });

/**
 * The fields each gateway takes besides `enabled` and its credentials (`CREDENTIAL_RULES`), and those it
 * must hold once changed (EPCC's `required`).
 */
export interface GatewayFields {
  /** Whether it has a test mode (`test`): every gateway but the manual one. */
  readonly test: boolean;
  readonly stripeAccount: boolean;
  readonly required: readonly ('login' | 'password' | 'stripe_account')[];
}

export const GATEWAY_FIELDS: Readonly<Record<GatewaySlug, GatewayFields>> = {
  manual: { test: false, stripeAccount: false, required: [] },
  stripe_payment_intents: { test: true, stripeAccount: false, required: ['login'] },
  elastic_path_payments_stripe: { test: true, stripeAccount: true, required: ['stripe_account'] },
  authorize_net: { test: true, stripeAccount: false, required: ['login', 'password'] },
};

const MASK = '****';
/** Below this length the last four characters would give away too much of a credential: all of it is masked. */
export const MASK_REVEALS_FROM = 12;

/** What answers show of a credential: `****` and, for one of 12 characters or more, its last four. */
export const maskSecret = (secret: string): string =>
  secret.length >= MASK_REVEALS_FROM ? `${MASK}${secret.slice(-4)}` : MASK;

/**
 * The additional authenticated data a credential is sealed with: its store, gateway and field, so a sealed
 * value copied into another row, another gateway or the other field no longer opens.
 */
export const secretContext = (storeId: string, slug: GatewaySlug, field: SecretField): string =>
  `gateway-credential:${storeId}:${slug}:${field}`;
