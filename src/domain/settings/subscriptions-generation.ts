/**
 * The generation of EPCC's subscriptions API a store speaks on its un-prefixed paths. The same path means
 * different things in the two (`/offerings/{id}/plans` and a subscription's `plan_id` are billing rules in
 * 2024 and product-like plans in 2025), so a store says which one it means; both are wire shapes of one
 * catalogue, the same stored records under the same ids.
 */
export const SUBSCRIPTIONS_GENERATIONS = ['2024', '2025'] as const;
export type SubscriptionsGeneration = (typeof SUBSCRIPTIONS_GENERATIONS)[number];

/** What a store speaks until it says otherwise: every client written for 2024 keeps working. */
export const DEFAULT_SUBSCRIPTIONS_GENERATION: SubscriptionsGeneration = '2024';

export const isSubscriptionsGeneration = (value: unknown): value is SubscriptionsGeneration =>
  typeof value === 'string' && (SUBSCRIPTIONS_GENERATIONS as readonly string[]).includes(value);
