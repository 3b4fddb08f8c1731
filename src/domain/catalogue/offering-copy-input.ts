import { attributeRules } from './catalogue-record.js';
import { OFFERING_PLAN_TYPE, OFFERING_PRODUCT_TYPE } from './offering.js';
import { PLAN_FIELDS_2024 } from './plan.js';
import { PRODUCT_FIELDS } from './product.js';

/**
 * Changes to an offering's copy of a product or plan: the original's fields and rules, under the copy's
 * own type (`{"data": {"type": "subscription_offering_product", "attributes": {...}}}`).
 */
export const { parseChanges: parseOfferingProductChanges } = attributeRules(
  OFFERING_PRODUCT_TYPE,
  PRODUCT_FIELDS,
  'offering product',
);
export const { parseChanges: parseOfferingPlanChanges } = attributeRules(
  OFFERING_PLAN_TYPE,
  PLAN_FIELDS_2024,
  'offering plan',
);

export const OFFERING_PRODUCT_NOT_FOUND = 'subscription offering product not found';
export const OFFERING_PLAN_NOT_FOUND = 'subscription offering plan not found';
