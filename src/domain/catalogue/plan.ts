import { recordEvents } from '../events/record-events.js';
import { booleanValue } from '../shared/boolean.js';
import { INT32_MAX, integerInRange } from '../shared/integer.js';
import { oneOf } from '../shared/literal.js';
import { numberInRange } from '../shared/number.js';
import { type Changes, type Created, optionalField, requiredField } from '../shared/record-parser.js';
import { BILLING_INTERVAL_TYPES } from './billing-interval.js';
import { parseCatalogueName, parseDescription, parseExternalRef, parsePriceMap } from './catalogue-fields.js';
import { attributeRules, type CatalogueKind, type CatalogueRecord } from './catalogue-record.js';
import { parseLeadTime } from './lead-time.js';

export const PLAN_TYPE = 'subscription_plan';

export { BILLING_INTERVAL_TYPES, type BillingIntervalType } from './billing-interval.js';
export const END_BEHAVIORS = ['close', 'roll'] as const;
/** `base_price_percentage` is a discount off the offering's price: from none to all of it. */
export const BASE_PRICE_PERCENTAGE_MAX = 100;

/** A plan's fields on the 2024 wire. */
export const PLAN_FIELDS_2024 = {
  name: requiredField(parseCatalogueName),
  description: optionalField(parseDescription),
  external_ref: optionalField(parseExternalRef),
  billing_interval_type: requiredField(oneOf([...BILLING_INTERVAL_TYPES])),
  billing_frequency: requiredField(integerInRange(1, INT32_MAX)),
  trial_period: optionalField(integerInRange(0, INT32_MAX)),
  plan_length: requiredField(integerInRange(1, INT32_MAX)),
  end_behavior: requiredField(oneOf([...END_BEHAVIORS])),
  can_pause: requiredField(booleanValue),
  can_resume: requiredField(booleanValue),
  can_cancel: requiredField(booleanValue),
  base_price_percentage: optionalField(numberInRange(0, BASE_PRICE_PERCENTAGE_MAX)),
  fixed_price: optionalField(parsePriceMap),
};

/**
 * What a plan stores: the 2024 fields and what EPCC 2026-10 adds to a pricing option (the domain's plan).
 * Only the 2025 wire reads and writes `lead_time`.
 */
export const PLAN_FIELDS = { ...PLAN_FIELDS_2024, lead_time: optionalField(parseLeadTime) };

/** A plan's attributes, named as the API names them. */
export type PlanAttributes = Created<typeof PLAN_FIELDS>;
export type PlanChanges = Changes<typeof PLAN_FIELDS>;

/** How a subscription is billed and what its subscriber may do; offerings carry copies of plans. */
export type SubscriptionPlan = CatalogueRecord<PlanAttributes>;

/** What a plan's event names: the plan, as its GET returns it. */
export interface PlanSubject {
  readonly resource: 'plan';
  readonly plan: SubscriptionPlan;
}

const PLAN_RULES_2024 = attributeRules(PLAN_TYPE, PLAN_FIELDS_2024, 'plan');

/** Plans are written through the 2024 wire only (2025 has no standalone plans), and read whole from storage. */
export const PLANS: CatalogueKind<PlanAttributes, PlanChanges, PlanSubject> = {
  ...PLAN_RULES_2024,
  fromStorage: attributeRules(PLAN_TYPE, PLAN_FIELDS, 'plan').fromStorage,
  notFound: 'subscription plan not found',
  inUse: 'the plan is used by an offering',
  events: recordEvents(
    {
      created: 'subscription-plan.created',
      updated: 'subscription-plan.updated',
      deleted: 'subscription-plan.deleted',
    },
    PLAN_TYPE,
    (plan) => ({ resource: 'plan', plan }),
  ),
};

export const {
  parseNew: parsePlanAttributes,
  parseChanges: parsePlanChanges,
  fromStorage: planAttributesFromStorage,
} = PLANS;
