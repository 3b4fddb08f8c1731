import type { Uuid } from '../shared/uuid.js';
import { type Eligibility, keptEligibility } from './eligibility-map.js';
import type { Offering, OfferingPlan, OfferingProduct } from './offering.js';

export { type Eligibility, keptEligibility };

/** The one rule of eligibility: may this product be bought under this plan of the offering. */
export const isEligible = (offering: Pick<Offering, 'eligibility'>, productId: Uuid, planId: Uuid): boolean =>
  offering.eligibility === undefined || (offering.eligibility[productId] ?? []).includes(planId);

/** The plans a product may be bought under, in the offering's order. */
export const plansOfProduct = (offering: Offering, productId: Uuid): readonly OfferingPlan[] =>
  offering.plans.filter((plan) => isEligible(offering, productId, plan.id));

/** The products that may be bought under a plan, in the offering's order. */
export const productsOfPlan = (offering: Offering, planId: Uuid): readonly OfferingProduct[] =>
  offering.products.filter((product) => isEligible(offering, product.id, planId));

/** Whether some product may be bought under some plans and not others: what the 2024 wire cannot show. */
export const isPartial = (offering: Pick<Offering, 'eligibility'>): boolean => offering.eligibility !== undefined;

/** The offering's eligibility with these plans added to, or removed from, what one product may be bought under. */
export const withAssociations = (
  offering: Offering,
  productId: Uuid,
  planIds: readonly Uuid[],
  change: 'add' | 'remove',
): Eligibility | undefined => {
  const every = Object.fromEntries(
    offering.products.map((product) => [product.id, plansOfProduct(offering, product.id).map((p) => p.id)]),
  );
  const before = every[productId] ?? [];
  const after =
    change === 'add'
      ? [...before, ...planIds.filter((id) => !before.includes(id))]
      : before.filter((id) => !planIds.includes(id));
  return keptEligibility(offering.products, offering.plans, { ...every, [productId]: after });
};

/**
 * Why a 2024 write cannot be made to this offering without losing what only the 2025 wire shows, if so: a
 * product or plan attached on the 2024 wire, where every product goes under every plan, would have no
 * association to take in an offering whose eligibility is partial, and a product replaced loses its own.
 */
export const lostOn2024Wire = (offering: Offering, write: 'attach' | 'replace'): string | undefined => {
  const partial = isPartial(offering)
    ? `its plans and pricing options are associated pair by pair (pricing_option_associations), and ${
        write === 'attach'
          ? 'what is attached here would be associated with none'
          : 'the products replaced would lose theirs'
      }`
    : undefined;
  const custom =
    write === 'replace' && offering.products.some((p) => p.customAttributes !== undefined)
      ? 'a plan of it has custom_attributes, which replacing its products would drop'
      : undefined;
  const why = partial ?? custom;
  return why === undefined
    ? undefined
    : `this offering was shaped on the 2025 subscriptions wire: ${why}; make this change there (under /generations/2025)`;
};
