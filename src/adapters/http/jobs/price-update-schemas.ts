import { BASE_PRICE_PERCENTAGE_MAX } from '../../../domain/catalogue/plan.js';
import { PRICE_UPDATE_LIST_MAX } from '../../../domain/jobs/price-update.js';
import type { Schema } from '../openapi/openapi-types.js';
import { arrayOf, closedObject, integer, nullable, schemaRef, timestamp, uuid } from '../openapi/schema-builders.js';

const byId = (value: Schema, description: string): Schema => ({
  type: 'object',
  propertyNames: { type: 'string', format: 'uuid' },
  additionalProperties: value,
  description,
});

/** EPCC 2026's `SubscriptionPriceChanges`. */
export const priceChanges: Schema = closedObject(
  {
    plan_prices: byId(
      schemaRef('PriceMap'),
      "A plan's new price by currency, by plan id; it replaces the plan's price whole.",
    ),
    pricing_option_prices: byId(
      closedObject(
        {
          base_price_percentage: { type: 'number', minimum: 0, maximum: BASE_PRICE_PERCENTAGE_MAX },
          fixed_price: schemaRef('PriceMap'),
        },
        ['base_price_percentage', 'fixed_price'],
      ),
      "A pricing option's new terms, by pricing option id; they replace its `fixed_price` and `base_price_percentage` whole.",
    ),
  },
  ['plan_prices', 'pricing_option_prices'],
);

const ids = (description: string): Schema => ({ ...arrayOf(uuid, { maxItems: PRICE_UPDATE_LIST_MAX }), description });

/** A `subscription-update` job's attributes as submitted and shown. */
export const PRICE_UPDATE_ATTRIBUTES: Readonly<Record<string, Schema>> = {
  offering_id: {
    ...uuid,
    description: 'The offering whose subscriptions get the prices; not with `subscription_ids`.',
  },
  excluded_subscription_ids: ids('Subscriptions of the offering left out; only with `offering_id`.'),
  subscription_ids: ids('The subscriptions that get the prices; not with `offering_id`.'),
  price_changes: { ...priceChanges, description: "Applied from each subscription's next period." },
};

/** The same members in a request, where `null` reads as absent. */
export const PRICE_UPDATE_REQUEST: Readonly<Record<string, Schema>> = Object.fromEntries(
  Object.entries(PRICE_UPDATE_ATTRIBUTES).map(([name, schema]) => [name, nullable(schema)]),
);

const count = (description: string): Schema => integer(0, undefined, description);

/** EPCC 2026's `SubscriptionUpdateReport`. */
export const subscriptionUpdateReport: Schema = closedObject({
  subscriptions_updated: count('Subscriptions given a price change for their next period.'),
  subscription_failures: count('Subscriptions named that could not take it: unknown, ended, or left unpriced.'),
  total_processed: count('Subscriptions the job reached, the untouched ones (nothing named what they hold) included.'),
});

/** A subscription's `meta.price_update_history` entry: the prices a change replaced, and when. */
export const priceUpdateHistoryEntry: Schema = closedObject({
  price_changes: priceChanges,
  valid_until: timestamp,
});
