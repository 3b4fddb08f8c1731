import type { FeatureAttributes } from '../features/feature.js';
import { type Created, optionalField, requiredField } from '../shared/record-parser.js';
import type { Uuid } from '../shared/uuid.js';
import { parseCatalogueName, parseDescription, parseExternalRef } from './catalogue-fields.js';
import type { CustomAttributes } from './custom-attributes.js';
import { type Eligibility, keptEligibility } from './eligibility-map.js';
import type { PlanAttributes } from './plan.js';
import type { ProductAttributes } from './product.js';

export const OFFERING_TYPE = 'subscription_offering';
export const OFFERING_PRODUCT_TYPE = 'subscription_offering_product';
export const OFFERING_PLAN_TYPE = 'subscription_offering_plan';
export const OFFERING_NOT_FOUND = 'subscription offering not found';

export const OFFERING_FIELDS = {
  name: requiredField(parseCatalogueName),
  description: optionalField(parseDescription),
  external_ref: optionalField(parseExternalRef),
};

export type OfferingAttributes = Created<typeof OFFERING_FIELDS>;

/**
 * A product or plan inside an offering: a copy of an original, which later edits of the original do not reach,
 * or one made inside the offering (EPCC's 2025 generation has no originals), which has none.
 */
export interface OfferingItem<A> {
  readonly id: Uuid;
  /** The product or plan it was copied from, if it was copied. */
  readonly originId?: Uuid;
  readonly attributes: A;
  readonly createdAt: Date;
  readonly updatedAt: Date;
}
/**
 * An offering's product; EPCC 2026's plans carry merchant-defined `custom_attributes` onto the subscriptions
 * made from them, which originals (2024's products) do not have, so a copy starts without.
 */
export type OfferingProduct = OfferingItem<ProductAttributes> & { readonly customAttributes?: CustomAttributes };
export type OfferingPlan = OfferingItem<PlanAttributes>;
/** A feature inside an offering: a copy of one of the store's features, or one made inside the offering. */
export type OfferingFeature = OfferingItem<FeatureAttributes>;

/**
 * What subscribers subscribe to: copies of products and plans, and the features its products (2025 plans)
 * configure. Every change makes a new version; a subscription keeps the version it was sold with.
 */
export interface Offering {
  readonly id: Uuid;
  readonly storeId: Uuid;
  readonly attributes: OfferingAttributes;
  readonly version: number;
  readonly products: readonly OfferingProduct[];
  readonly plans: readonly OfferingPlan[];
  readonly features: readonly OfferingFeature[];
  /** Which plans each product may be bought under; absent, every product under every plan (`eligibility.ts`). */
  readonly eligibility?: Eligibility;
  readonly createdAt: Date;
  readonly updatedAt: Date;
}

/** Copies originals into an offering, skipping those it already holds a copy of. */
export const withCopies = <A>(
  held: readonly OfferingItem<A>[],
  originals: readonly { readonly id: Uuid; readonly attributes: A }[],
  newId: () => Uuid,
  now: Date,
): readonly OfferingItem<A>[] => [
  ...held,
  ...originals
    .filter((o) => !held.some((h) => h.originId === o.id))
    .map((o) => ({ id: newId(), originId: o.id, attributes: o.attributes, createdAt: now, updatedAt: now })),
];

/** The external references of an offering's products, as EPCC's `meta.external_product_refs`. */
export const externalProductRefs = (offering: Offering): readonly string[] =>
  offering.products.flatMap((p) => (p.attributes.external_ref === undefined ? [] : [p.attributes.external_ref]));

/** The copies without the one with this id; undefined when none has it. */
export const withoutCopy = <A>(held: readonly OfferingItem<A>[], id: Uuid): readonly OfferingItem<A>[] | undefined =>
  held.some((h) => h.id === id) ? held.filter((h) => h.id !== id) : undefined;

/** The copies with the one with this id changed; undefined when none has it. The original is left as it is. */
export const withCopyChanged = <A>(
  held: readonly OfferingItem<A>[],
  id: Uuid,
  change: (attributes: A) => A,
  now: Date,
): readonly OfferingItem<A>[] | undefined =>
  held.some((h) => h.id === id)
    ? held.map((h) => (h.id === id ? { ...h, attributes: change(h.attributes), updatedAt: now } : h))
    : undefined;

/**
 * The offering's next version: what changed, a version number one higher, and when. Its eligibility keeps
 * only the items it still holds; an item added to an offering with partial eligibility is sold under nothing
 * until it is associated.
 */
export const nextVersion = (
  offering: Offering,
  changed: Partial<Pick<Offering, 'attributes' | 'products' | 'plans' | 'features'>> & {
    /** Undefined: every product under every plan. */
    readonly eligibility?: Eligibility | undefined;
  },
  now: Date,
): Offering => {
  const { eligibility: _before, ...next } = { ...offering, ...changed, version: offering.version + 1, updatedAt: now };
  const eligibility = keptEligibility(
    next.products,
    next.plans,
    'eligibility' in changed ? changed.eligibility : offering.eligibility,
  );
  return eligibility === undefined ? next : { ...next, eligibility };
};
