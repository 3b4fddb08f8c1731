import { PRORATION_POLICY_TYPE } from '../../../domain/billing/proration/proration-policy.js';
import {
  CUSTOM_ATTRIBUTE_KEY_MAX,
  CUSTOM_ATTRIBUTE_VALUE_MAX,
  CUSTOM_ATTRIBUTES_MAX,
} from '../../../domain/catalogue/custom-attributes.js';
import { LEAD_TIME_MAX, LEAD_TIME_TYPES } from '../../../domain/catalogue/lead-time.js';
import { OFFERING_PLAN_TYPE, OFFERING_TYPE } from '../../../domain/catalogue/offering.js';
import { ATTACH_MAX } from '../../../domain/catalogue/offering-input.js';
import { PRICING_OPTION_TYPE } from '../../../domain/catalogue/offering-input-2025.js';
import { OFFERING_INCLUDES_2025, OFFERING_LISTS } from '../../../domain/catalogue/offering-query.js';
import {
  BUILD_FEATURES,
  BUILD_PLAN_FEATURES,
  PLAN_FEATURE_CONFIGURATION,
  PLAN_FEATURE_CONFIGURATION_CHANGE,
  planFeatureConfigurations,
} from '../features/offering-feature-schemas.js';
import type { Parameter, Schema } from '../openapi/openapi-types.js';
import { jsonContent } from '../openapi/operation-builder.js';
import {
  arrayOf,
  closedObject,
  constant,
  dataDocument,
  dataRequest,
  openObject,
  requestFields,
  schemaRef,
  timestamp,
  uuid,
} from '../openapi/schema-builders.js';
import { filterParameter } from '../openapi/shared-components.js';
import {
  OPTIONAL_OFFERING_FIELDS,
  OPTIONAL_PLAN_FIELDS,
  OPTIONAL_PRODUCT_FIELDS,
  offeringFields,
  planFields,
  productFields,
} from './subscription-catalogue-schemas.js';

/** Where an operation is EPCC's 2025 generation's, its description starts by saying so. */
export const OFFERINGS_2025_EPCC =
  "As EPCC's 2025 generation (2026-10 document): an offering contains its plans (the domain's offering products) and pricing options (its offering plans), under the same ids as on the 2024 wire.";

export const NOT_SERVED = 'A member not stored yet, named in `detail`.';

/** EPCC 2026-10's `LeadTime`, with this service's upper bounds (`LEAD_TIME_MAX`). */
const leadTime = closedObject(
  {
    type: { type: 'string', enum: [...LEAD_TIME_TYPES], description: 'The unit the lead time is counted in.' },
    time: {
      type: 'integer',
      minimum: 1,
      maximum: Math.max(...Object.values(LEAD_TIME_MAX)),
      description: `How many units before a period starts its invoice is made, pro forma until the period starts: at most ${LEAD_TIME_MAX.day} days or ${LEAD_TIME_MAX.week} weeks.`,
    },
  },
  [],
  "Invoices of this pricing option's periods are made this long ahead of each period's start, `pro_forma: true` with `valid_from` the period's start; payment runs take them from `valid_from`.",
);

/** A pricing option's fields: a 2024 plan's and what EPCC 2026-10 adds. */
const pricingOptionFields: Readonly<Record<string, Schema>> = { ...planFields, lead_time: leadTime };
const OPTIONAL_PRICING_OPTION_FIELDS = [...OPTIONAL_PLAN_FIELDS, 'lead_time'];

/** EPCC 2026's plan `custom_attributes`; in an update a value may be `null`, which removes that key. */
const customAttributes = (update: boolean): Schema => ({
  type: 'object',
  maxProperties: CUSTOM_ATTRIBUTES_MAX,
  propertyNames: { minLength: 1, maxLength: CUSTOM_ATTRIBUTE_KEY_MAX },
  description: update
    ? 'Key by key: a string adds or replaces that key, `null` removes it, a key left out stays; at most 100 remain.'
    : 'Merchant-defined strings, carried onto the subscriptions made from the plan (their snapshot holds them).',
  additionalProperties: {
    type: update ? ['string', 'null'] : 'string',
    maxLength: CUSTOM_ATTRIBUTE_VALUE_MAX,
  },
});

const stamps = { created_at: timestamp, updated_at: timestamp };
const OWNER = constant('store', 'Every record belongs to the store.');
const timestamps = closedObject(stamps);
const reference = (type: string) => closedObject({ id: uuid, type: constant(type) });
const references = (type: string) => closedObject({ data: arrayOf(reference(type)) });
const pairPrices = (keyedBy: string): Schema => ({
  type: 'object',
  description: `The price under each ${keyedBy}, keyed by its id: the one pricing rule (a fixed price, else the plan's price less \`base_price_percentage\`, rounded down to the minor unit) applied to this one pair.`,
  additionalProperties: closedObject({ price: schemaRef('PriceMap'), display_price: schemaRef('DisplayPrice') }, [
    'display_price',
  ]),
});

/** The 2025 catalogue's resources, beside (never in place of) the 2024 ones. */
export const OFFERING_2025_SCHEMAS: Readonly<Record<string, Schema>> = {
  CurrentSubscriptionOffering: closedObject({
    id: uuid,
    type: constant(OFFERING_TYPE),
    attributes: closedObject({ ...offeringFields, ...stamps }, OPTIONAL_OFFERING_FIELDS),
    relationships: closedObject({
      plans: references(OFFERING_PLAN_TYPE),
      pricing_options: references(PRICING_OPTION_TYPE),
    }),
    meta: closedObject({ external_plan_refs: arrayOf({ type: 'string' }), owner: OWNER, timestamps }),
  }),
  CurrentSubscriptionOfferingPlan: closedObject(
    {
      id: uuid,
      type: constant(OFFERING_PLAN_TYPE),
      attributes: closedObject(
        {
          ...productFields,
          custom_attributes: customAttributes(false),
          feature_configurations: planFeatureConfigurations(
            PLAN_FEATURE_CONFIGURATION,
            'How the plan gives features of the offering, keyed by the offering feature id (`included.features[].id`).',
          ),
          ...stamps,
        },
        [...OPTIONAL_PRODUCT_FIELDS, 'custom_attributes'],
      ),
      relationships: closedObject({ pricing_options: references(PRICING_OPTION_TYPE) }),
      meta: closedObject(
        { owner: OWNER, timestamps, prices: pairPrices('pricing option'), display_price: schemaRef('DisplayPrice') },
        ['display_price'],
      ),
    },
    [],
    "A plan of an offering (the domain's offering product), priced under the pricing options it is associated with.",
  ),
  SubscriptionOfferingPricingOption: closedObject(
    {
      id: uuid,
      type: constant(PRICING_OPTION_TYPE),
      attributes: closedObject({ ...pricingOptionFields, ...stamps }, OPTIONAL_PRICING_OPTION_FIELDS),
      relationships: closedObject({ plans: references(OFFERING_PLAN_TYPE) }),
      meta: closedObject({ owner: OWNER, timestamps, prices: pairPrices('plan') }),
    },
    [],
    "A pricing option of an offering (the domain's offering plan), a billing rule for the plans associated with it.",
  ),
  CurrentSubscriptionOfferingIncluded: closedObject(
    {
      plans: arrayOf(schemaRef('CurrentSubscriptionOfferingPlan')),
      pricing_options: arrayOf(schemaRef('SubscriptionOfferingPricingOption')),
      features: arrayOf(schemaRef('OfferingFeature')),
    },
    ['plans', 'pricing_options', 'features'],
  ),
};

export const offering2025 = schemaRef('CurrentSubscriptionOffering');
export const offering2025Document = jsonContent(dataDocument(offering2025));
export const included2025Member = { included: schemaRef('CurrentSubscriptionOfferingIncluded') };

export const OFFERING_INCLUDE_2025: Parameter = {
  name: 'include',
  in: 'query',
  description: `What to embed, comma-separated: ${OFFERING_INCLUDES_2025.map((i) => `\`${i}\``).join(', ')}. Each plan, pricing option and feature once. An unknown name: 400 listing the allowed ones.`,
  schema: { type: 'string' },
};

const filter = filterParameter(OFFERING_LISTS['2025']);
export const OFFERING_FILTER_2025: Parameter = {
  ...filter,
  name: 'filter',
  description: `${filter.description ?? ''} \`plans.external_ref\`: the offerings holding a plan with one of these references (2024's \`external_product_refs\`). \`proration_policy_id\`: the offerings using that proration policy.`,
};

const policyReference = openObject({ type: constant(PRORATION_POLICY_TYPE), id: uuid }, ['type', 'id']);

export const createOffering2025 = dataRequest(
  openObject(
    {
      type: constant(OFFERING_TYPE),
      attributes: openObject(requestFields(offeringFields, OPTIONAL_OFFERING_FIELDS), ['name']),
      relationships: openObject({ proration_policy: policyReference }, []),
    },
    ['type', 'attributes'],
  ),
);

export const updateOffering2025 = dataRequest(
  openObject(
    {
      type: constant(OFFERING_TYPE),
      attributes: openObject(requestFields(offeringFields, OPTIONAL_OFFERING_FIELDS), []),
      relationships: openObject({ proration_policy: { oneOf: [policyReference, { type: 'null' }] } }, []),
    },
    ['type'],
  ),
);

const inline = (fields: Readonly<Record<string, Schema>>, optional: readonly string[], required: readonly string[]) =>
  arrayOf(openObject(requestFields(fields, optional), required), { minItems: 1, maxItems: ATTACH_MAX });

export const buildOffering2025 = dataRequest(
  openObject(
    {
      ...requestFields(offeringFields, OPTIONAL_OFFERING_FIELDS),
      features: BUILD_FEATURES,
      plans: arrayOf(
        openObject(
          {
            ...requestFields(productFields, OPTIONAL_PRODUCT_FIELDS),
            custom_attributes: customAttributes(false),
            feature_configurations: BUILD_PLAN_FEATURES,
          },
          ['name'],
        ),
        { minItems: 1, maxItems: ATTACH_MAX },
      ),
      configured_features: {
        type: 'object',
        description:
          "Plan external_ref → that plan's feature configurations, added to its own `feature_configurations`.",
        additionalProperties: BUILD_PLAN_FEATURES,
      },
      pricing_options: inline(
        pricingOptionFields,
        OPTIONAL_PRICING_OPTION_FIELDS,
        Object.keys(pricingOptionFields).filter((f) => !OPTIONAL_PRICING_OPTION_FIELDS.includes(f)),
      ),
      proration_policy_id: { ...uuid, description: "The id of one of the store's proration policies." },
      pricing_option_associations: {
        type: 'object',
        description:
          'Plan external_ref → pricing option external_refs: the pricing options each plan may be bought with; a plan not named has none. Absent: every plan with every pricing option.',
        additionalProperties: arrayOf({ type: 'string' }),
      },
    },
    ['name', 'plans', 'pricing_options'],
  ),
);

/** A 2025 plan's or pricing option's body: its type and attributes, all of them on create. */
export const item2025Request = (kind: 'plan' | 'pricing option', create: boolean) => {
  const [type, fields, optional] =
    kind === 'plan'
      ? [
          OFFERING_PLAN_TYPE,
          { ...productFields, custom_attributes: customAttributes(!create) },
          [...OPTIONAL_PRODUCT_FIELDS, 'custom_attributes'],
        ]
      : [PRICING_OPTION_TYPE, pricingOptionFields, OPTIONAL_PRICING_OPTION_FIELDS];
  const required = create ? Object.keys(fields).filter((f) => !optional.includes(f)) : [];
  const configurations =
    kind === 'plan'
      ? {
          feature_configurations: create
            ? planFeatureConfigurations(PLAN_FEATURE_CONFIGURATION, 'Keyed by the id of a feature of the offering.')
            : planFeatureConfigurations(
                PLAN_FEATURE_CONFIGURATION_CHANGE,
                'Keyed by the id of a feature of the offering; each one given is set, `null` stops configuring it, the others stay. The whole map `null`: none.',
              ),
        }
      : {};
  return jsonContent(
    dataRequest(
      openObject(
        {
          type: constant(type),
          attributes: openObject(
            { ...requestFields(fields, create ? optional : Object.keys(fields)), ...configurations },
            required,
          ),
        },
        ['type', 'attributes'],
      ),
    ),
  );
};
