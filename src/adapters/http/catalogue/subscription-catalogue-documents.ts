import type { Offering, OfferingItem, OfferingPlan, OfferingProduct } from '../../../domain/catalogue/offering.js';
import {
  externalProductRefs,
  OFFERING_PLAN_TYPE,
  OFFERING_PRODUCT_TYPE,
  OFFERING_TYPE,
} from '../../../domain/catalogue/offering.js';
import { PLAN_TYPE, type SubscriptionPlan } from '../../../domain/catalogue/plan.js';
import { displayPrice, planPrices } from '../../../domain/catalogue/pricing.js';
import { PRODUCT_TYPE, type SubscriptionProduct } from '../../../domain/catalogue/product.js';
import { formatTimestamp } from '../timestamps.js';

/** Every subscriptions resource belongs to the store that owns it. */
const OWNER = 'store';

const stamped = (record: { readonly createdAt: Date; readonly updatedAt: Date }) => ({
  created_at: formatTimestamp(record.createdAt),
  updated_at: formatTimestamp(record.updatedAt),
});

const withDisplayPrice = (price: ReturnType<typeof displayPrice>) =>
  price === undefined ? {} : { display_price: price };

export const productResource = (product: SubscriptionProduct, currency?: string) => ({
  id: product.id,
  type: PRODUCT_TYPE,
  attributes: { ...product.attributes, ...stamped(product) },
  meta: {
    owner: OWNER,
    timestamps: stamped(product),
    ...withDisplayPrice(displayPrice(product.attributes.price, currency)),
  },
});

export const planResource = (plan: SubscriptionPlan) => ({
  id: plan.id,
  type: PLAN_TYPE,
  attributes: { ...plan.attributes, ...stamped(plan) },
  meta: { owner: OWNER, timestamps: stamped(plan) },
});

const origin = (item: OfferingItem<unknown>, type: string) =>
  item.originId === undefined ? {} : { origin: { data: { id: item.originId, type } } };

/** A product copy on the 2024 wire, which has no features: the configurations a 2025 plan holds are not shown. */
export const offeringProductResource = (product: OfferingProduct, currency?: string) => {
  const { feature_configurations: _2025Only, ...attributes } = product.attributes;
  return offeringProductDocument(product, attributes, currency);
};

const offeringProductDocument = (product: OfferingProduct, attributes: object, currency?: string) => ({
  id: product.id,
  type: OFFERING_PRODUCT_TYPE,
  attributes: { ...attributes, ...stamped(product) },
  relationships: origin(product, PRODUCT_TYPE),
  meta: {
    owner: OWNER,
    timestamps: stamped(product),
    ...withDisplayPrice(displayPrice(product.attributes.price, currency)),
  },
});

/** An offering's plan with what it costs: `meta.price` in every currency, `meta.display_price` in one. */
export const offeringPlanResource = (plan: OfferingPlan, products: readonly OfferingProduct[], currency?: string) => {
  const price = planPrices(products, plan);
  return {
    id: plan.id,
    type: OFFERING_PLAN_TYPE,
    attributes: { ...plan.attributes, ...stamped(plan) },
    relationships: origin(plan, PLAN_TYPE),
    meta: { owner: OWNER, timestamps: stamped(plan), price, ...withDisplayPrice(displayPrice(price, currency)) },
  };
};

export const offeringResource = (offering: Offering) => ({
  id: offering.id,
  type: OFFERING_TYPE,
  attributes: { ...offering.attributes, ...stamped(offering) },
  relationships: {
    products: { data: offering.products.map((p) => ({ id: p.id, type: OFFERING_PRODUCT_TYPE })) },
    plans: { data: offering.plans.map((p) => ({ id: p.id, type: OFFERING_PLAN_TYPE })) },
  },
  meta: { external_product_refs: externalProductRefs(offering), owner: OWNER, timestamps: stamped(offering) },
});
