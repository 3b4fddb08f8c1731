import {
  CATALOGUE_NAME_MIN,
  CATALOGUE_TEXT_MAX,
  CURRENCY_PATTERN,
  EXTERNAL_REF_MAX,
  PRICE_UNITS,
} from '../../../domain/catalogue/catalogue-fields.js';
import { OFFERING_PLAN_TYPE, OFFERING_PRODUCT_TYPE, OFFERING_TYPE } from '../../../domain/catalogue/offering.js';
import {
  BASE_PRICE_PERCENTAGE_MAX,
  BILLING_INTERVAL_TYPES,
  END_BEHAVIORS,
  PLAN_TYPE,
} from '../../../domain/catalogue/plan.js';
import { PRODUCT_TYPE } from '../../../domain/catalogue/product.js';
import { INT32_MAX } from '../../../domain/shared/integer.js';
import { AMOUNT_MAX } from '../../../domain/shared/money.js';
import type { Schema } from '../openapi/openapi-types.js';
import {
  arrayOf,
  boolean,
  closedObject,
  constant,
  integer,
  oneOfStrings,
  schemaRef,
  text,
  timestamp,
  uuid,
} from '../openapi/schema-builders.js';

export const currency: Schema = {
  type: 'string',
  pattern: CURRENCY_PATTERN,
  description: 'A three-letter uppercase ISO 4217 code.',
};

const price: Schema = closedObject(
  {
    amount: integer(
      0,
      AMOUNT_MAX,
      "A whole amount in the currency's smallest unit, at most 2^53 − 1 so that it stays exact as a JSON number.",
    ),
    includes_tax: boolean,
  },
  ['includes_tax'],
);
const priceMap: Schema = {
  type: 'object',
  description: 'Prices by currency code, e.g. `{"USD": {"amount": 1000, "includes_tax": false}}`.',
  propertyNames: { pattern: CURRENCY_PATTERN },
  additionalProperties: schemaRef('Price'),
};
const formattedPrice: Schema = closedObject({
  amount: { type: 'integer' },
  currency,
  formatted: { type: 'string', description: 'The amount written in the currency, e.g. `$10.00`.' },
});
const displayPrice: Schema = closedObject(
  { without_tax: schemaRef('FormattedPrice'), with_tax: schemaRef('FormattedPrice') },
  [],
  'The price to show, in the currency of the `EP-Currency` header when the record is priced in it, else the first of its currencies in code order. Tax rates are not modelled: both carry the stored amount.',
);

export const catalogueText = {
  name: text(CATALOGUE_NAME_MIN, CATALOGUE_TEXT_MAX),
  description: text(0, CATALOGUE_TEXT_MAX),
  external_ref: text(0, EXTERNAL_REF_MAX),
} as const;

/** A product's fields as a client writes them. */
export const productFields: Readonly<Record<string, Schema>> = {
  ...catalogueText,
  sku: text(0, CATALOGUE_TEXT_MAX),
  main_image: {
    type: 'string',
    format: 'uri',
    minLength: 1,
    maxLength: CATALOGUE_TEXT_MAX,
    description: 'An absolute http or https URI.',
  },
  price: schemaRef('PriceMap'),
  price_units: closedObject(
    { unit: oneOfStrings(PRICE_UNITS), amount: integer(1, INT32_MAX) },
    [],
    'The timeframe the price covers.',
  ),
};
export const OPTIONAL_PRODUCT_FIELDS = ['description', 'external_ref', 'sku', 'main_image', 'price', 'price_units'];

/** A plan's fields as a client writes them. */
export const planFields: Readonly<Record<string, Schema>> = {
  ...catalogueText,
  billing_interval_type: oneOfStrings(BILLING_INTERVAL_TYPES),
  billing_frequency: integer(1, INT32_MAX, 'Intervals between bills.'),
  trial_period: integer(0, INT32_MAX, 'Intervals before the first bill.'),
  plan_length: integer(1, INT32_MAX, 'Intervals the plan runs for.'),
  end_behavior: oneOfStrings(END_BEHAVIORS, 'What happens after `plan_length` intervals.'),
  can_pause: boolean,
  can_resume: boolean,
  can_cancel: boolean,
  base_price_percentage: {
    type: 'number',
    minimum: 0,
    maximum: BASE_PRICE_PERCENTAGE_MAX,
    description:
      "Percent off the sum of the offering's product prices, exact to its last written digit; the price is rounded down to the minor unit (1990 at 5 % is 1890).",
  },
  fixed_price: schemaRef('PriceMap'),
};
export const OPTIONAL_PLAN_FIELDS = [
  'description',
  'external_ref',
  'trial_period',
  'base_price_percentage',
  'fixed_price',
];

export const offeringFields: Readonly<Record<string, Schema>> = catalogueText;
export const OPTIONAL_OFFERING_FIELDS = ['description', 'external_ref'];

const stamps = { created_at: timestamp, updated_at: timestamp };
const OWNER = constant('store', 'Every record belongs to the store.');
const timestamps = closedObject(stamps);

const attributes = (fields: Readonly<Record<string, Schema>>, optional: readonly string[]) =>
  closedObject({ ...fields, ...stamps }, optional);
const origin = (type: string) =>
  closedObject(
    { origin: closedObject({ data: closedObject({ id: uuid, type: constant(type) }) }) },
    ['origin'],
    'The original this copy was made from; one made inside the offering (as the 2025 generation makes them) has none.',
  );
const relatedList = (type: string) => closedObject({ data: arrayOf(closedObject({ id: uuid, type: constant(type) })) });

export const SUBSCRIPTION_CATALOGUE_SCHEMAS: Readonly<Record<string, Schema>> = {
  Price: price,
  PriceMap: priceMap,
  FormattedPrice: formattedPrice,
  DisplayPrice: displayPrice,
  SubscriptionProduct: closedObject({
    id: uuid,
    type: constant(PRODUCT_TYPE),
    attributes: attributes(productFields, OPTIONAL_PRODUCT_FIELDS),
    meta: closedObject({ owner: OWNER, timestamps, display_price: schemaRef('DisplayPrice') }, ['display_price']),
  }),
  SubscriptionPlan: closedObject({
    id: uuid,
    type: constant(PLAN_TYPE),
    attributes: attributes(planFields, OPTIONAL_PLAN_FIELDS),
    meta: closedObject({ owner: OWNER, timestamps }),
  }),
  SubscriptionOfferingProduct: closedObject(
    {
      id: uuid,
      type: constant(OFFERING_PRODUCT_TYPE),
      attributes: attributes(productFields, OPTIONAL_PRODUCT_FIELDS),
      relationships: origin(PRODUCT_TYPE),
      meta: closedObject({ owner: OWNER, timestamps, display_price: schemaRef('DisplayPrice') }, ['display_price']),
    },
    [],
    "An offering's copy of a product: later edits of the original do not change it.",
  ),
  SubscriptionOfferingPlan: closedObject(
    {
      id: uuid,
      type: constant(OFFERING_PLAN_TYPE),
      attributes: attributes(planFields, OPTIONAL_PLAN_FIELDS),
      relationships: origin(PLAN_TYPE),
      meta: closedObject(
        {
          owner: OWNER,
          timestamps,
          price: {
            ...schemaRef('PriceMap'),
            description:
              "What the plan costs in each currency: its fixed price, or the sum of the offering's product prices less `base_price_percentage`, rounded down to the minor unit. A currency whose price would exceed 2^53 − 1 is left out.",
          },
          display_price: schemaRef('DisplayPrice'),
          active_plan: {
            type: ['boolean', 'null'],
            description:
              "In a subscription's plans only: `true` on the plan the subscription is on, `null` on the others.",
          },
        },
        ['display_price', 'active_plan'],
      ),
    },
    [],
    "An offering's copy of a plan, with its prices.",
  ),
  SubscriptionOffering: closedObject({
    id: uuid,
    type: constant(OFFERING_TYPE),
    attributes: attributes(offeringFields, OPTIONAL_OFFERING_FIELDS),
    relationships: closedObject({
      products: relatedList(OFFERING_PRODUCT_TYPE),
      plans: relatedList(OFFERING_PLAN_TYPE),
    }),
    meta: closedObject({ external_product_refs: arrayOf({ type: 'string' }), owner: OWNER, timestamps }),
  }),
};
