/** The gateways this service keeps settings for: EPCC's manual gateway and the two that subscriptions pay through. */
export const SERVED_GATEWAYS = [
  'manual',
  'stripe_payment_intents',
  'elastic_path_payments_stripe',
  'authorize_net',
] as const;
export type GatewaySlug = (typeof SERVED_GATEWAYS)[number];

/** Every slug EPCC's Gateways API names (its `gatewaySlug` enum), served here or not. */
export const EPCC_GATEWAYS: readonly string[] = [
  'manual',
  'braintree',
  'stripe',
  'stripe_payment_intents',
  'stripe_connect',
  'elastic_path_payments_stripe',
  'paypal_express_checkout',
  'adyen',
  'authorize_net',
  'card_connect',
  'cyber_source',
];

/** The names EPCC answers its gateways with. */
export const GATEWAY_NAMES: Readonly<Record<GatewaySlug, string>> = {
  manual: 'Manual',
  stripe_payment_intents: 'Stripe Payment Intents',
  elastic_path_payments_stripe: 'Elastic Path Payments powered by Stripe',
  authorize_net: 'Authorize.net',
};

/** What a slug in a path names: a gateway served here, one of EPCC's that is not, or none at all. */
export type GatewayLookup =
  | { readonly _tag: 'Served'; readonly slug: GatewaySlug }
  | { readonly _tag: 'NotServed'; readonly slug: string }
  | { readonly _tag: 'Unknown'; readonly slug: string };

export const lookUpGateway = (slug: string): GatewayLookup => {
  const served = SERVED_GATEWAYS.find((s) => s === slug);
  if (served !== undefined) return { _tag: 'Served', slug: served };
  return EPCC_GATEWAYS.includes(slug) ? { _tag: 'NotServed', slug } : { _tag: 'Unknown', slug };
};

const SERVED_LIST = SERVED_GATEWAYS.join(', ');

/** The refusal of a slug, saying which gateways this service serves. */
export const notServedDetail = (lookup: Exclude<GatewayLookup, { _tag: 'Served' }>): string =>
  lookup._tag === 'NotServed'
    ? `EPCC's ${lookup.slug} gateway is not served by this service; it serves ${SERVED_LIST}`
    : `there is no gateway ${JSON.stringify(lookup.slug)}; this service serves ${SERVED_LIST}`;
