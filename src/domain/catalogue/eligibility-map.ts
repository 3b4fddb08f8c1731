import type { Uuid } from '../shared/uuid.js';

/**
 * Which of an offering's plans each of its products may be bought under, keyed by product id: EPCC 2025's
 * plan ↔ pricing option associations in the domain's names. An offering without one sells every product
 * under every plan, which is all the 2024 generation knows, so offerings stored before associations were
 * stay as they were; a product a present map does not name may be bought under none.
 */
export type Eligibility = Readonly<Record<Uuid, readonly Uuid[]>>;

/**
 * Eligibility as an offering keeps it: only pairs of items it holds, and none at all once every product may
 * be bought under every plan, so that "complete" has one spelling.
 */
export const keptEligibility = (
  products: readonly { readonly id: Uuid }[],
  plans: readonly { readonly id: Uuid }[],
  eligibility: Eligibility | undefined,
): Eligibility | undefined => {
  if (eligibility === undefined) return undefined;
  const kept = products.map(
    (product) =>
      [product.id, plans.filter((plan) => (eligibility[product.id] ?? []).includes(plan.id)).map((p) => p.id)] as const,
  );
  return kept.every(([, associated]) => associated.length === plans.length) ? undefined : Object.fromEntries(kept);
};
