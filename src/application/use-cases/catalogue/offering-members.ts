import type { Offering, OfferingItem } from '../../../domain/catalogue/offering.js';
import { OFFERING_PLAN_NOT_FOUND, OFFERING_PRODUCT_NOT_FOUND } from '../../../domain/catalogue/offering-copy-input.js';
import type { PlanAttributes } from '../../../domain/catalogue/plan.js';
import type { ProductAttributes } from '../../../domain/catalogue/product.js';

/** One kind of copy an offering holds: where it sits in the offering, and how a missing one is worded. */
export interface OfferingMember<A> {
  readonly held: (o: Offering) => readonly OfferingItem<A>[];
  readonly hold: (items: readonly OfferingItem<A>[]) => Partial<Pick<Offering, 'products' | 'plans'>>;
  readonly notFound: string;
}

export const PRODUCT_COPIES: OfferingMember<ProductAttributes> = {
  held: (o) => o.products,
  hold: (products) => ({ products }),
  notFound: OFFERING_PRODUCT_NOT_FOUND,
};

export const PLAN_COPIES: OfferingMember<PlanAttributes> = {
  held: (o) => o.plans,
  hold: (plans) => ({ plans }),
  notFound: OFFERING_PLAN_NOT_FOUND,
};
