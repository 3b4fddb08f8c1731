import { plansOfProduct, productsOfPlan } from '../../../domain/catalogue/eligibility.js';
import {
  externalProductRefs,
  OFFERING_PLAN_TYPE,
  OFFERING_TYPE,
  type Offering,
  type OfferingPlan,
  type OfferingProduct,
} from '../../../domain/catalogue/offering.js';
import { PRICING_OPTION_TYPE } from '../../../domain/catalogue/offering-input-2025.js';
import { displayPrice, planPrices } from '../../../domain/catalogue/pricing.js';
import { formatTimestamp } from '../timestamps.js';

/**
 * EPCC's 2025 generation renders the domain's offering copies under other names: a 2025 plan
 * (`subscription_offering_plan`, product-like) is an offering's product copy, a pricing option
 * (`subscription_offering_pricing_option`) is an offering's plan copy, each under the same id. Only the pairs
 * the offering's eligibility admits are related and priced, and the price of each pair is the domain's one
 * pricing rule applied to that one product under that one plan.
 */
export { PRICING_OPTION_TYPE };

const OWNER = 'store';

const stamped = (record: { readonly createdAt: Date; readonly updatedAt: Date }) => ({
  created_at: formatTimestamp(record.createdAt),
  updated_at: formatTimestamp(record.updatedAt),
});

/** One (plan, pricing option) pair's price in every currency it has, and in the preferred one for display. */
const pairPrice = (product: OfferingProduct, plan: OfferingPlan, currency: string | undefined) => {
  const price = planPrices([product], plan);
  const display = displayPrice(price, currency);
  return { price, ...(display === undefined ? {} : { display_price: display }) };
};

/**
 * A 2025 plan: the product copy, with its custom attributes and its price under each pricing option it is
 * associated with in `meta.prices` (keyed by pricing option id).
 */
export const offeringPlan2025Resource = (product: OfferingProduct, offering: Offering, currency?: string) => {
  const display = displayPrice(product.attributes.price, currency);
  const pricingOptions = plansOfProduct(offering, product.id);
  return {
    id: product.id,
    type: OFFERING_PLAN_TYPE,
    attributes: {
      ...product.attributes,
      ...(product.customAttributes === undefined ? {} : { custom_attributes: product.customAttributes }),
      feature_configurations: product.attributes.feature_configurations ?? {},
      ...stamped(product),
    },
    relationships: {
      pricing_options: { data: pricingOptions.map((option) => ({ id: option.id, type: PRICING_OPTION_TYPE })) },
    },
    meta: {
      owner: OWNER,
      timestamps: stamped(product),
      prices: Object.fromEntries(pricingOptions.map((option) => [option.id, pairPrice(product, option, currency)])),
      ...(display === undefined ? {} : { display_price: display }),
    },
  };
};

/** A 2025 pricing option: the plan copy, with the price of each plan associated with it in `meta.prices` (keyed by plan id). */
export const offeringPricingOption2025Resource = (plan: OfferingPlan, offering: Offering, currency?: string) => {
  const plans = productsOfPlan(offering, plan.id);
  return {
    id: plan.id,
    type: PRICING_OPTION_TYPE,
    attributes: { ...plan.attributes, ...stamped(plan) },
    relationships: { plans: { data: plans.map((product) => ({ id: product.id, type: OFFERING_PLAN_TYPE })) } },
    meta: {
      owner: OWNER,
      timestamps: stamped(plan),
      prices: Object.fromEntries(plans.map((product) => [product.id, pairPrice(product, plan, currency)])),
    },
  };
};

/** A 2025 offering: its product copies are its plans, its plan copies its pricing options. */
export const offering2025Resource = (offering: Offering) => ({
  id: offering.id,
  type: OFFERING_TYPE,
  attributes: { ...offering.attributes, ...stamped(offering) },
  relationships: {
    plans: { data: offering.products.map((p) => ({ id: p.id, type: OFFERING_PLAN_TYPE })) },
    pricing_options: { data: offering.plans.map((p) => ({ id: p.id, type: PRICING_OPTION_TYPE })) },
  },
  meta: { external_plan_refs: externalProductRefs(offering), owner: OWNER, timestamps: stamped(offering) },
});
