import type { Offering } from '../../../domain/catalogue/offering.js';
import type { OfferingInclude2025 } from '../../../domain/catalogue/offering-query.js';
import type { SubscriptionInclude } from '../../../domain/subscriptions/subscription-query.js';
import { included2025For } from '../subscriptions/subscription-2025-documents.js';

/** 2025's include names, in the domain's terms: a 2025 plan is an offering product, a pricing option a plan. */
const DOMAIN_INCLUDE: Readonly<Record<Exclude<OfferingInclude2025, 'features'>, SubscriptionInclude>> = {
  plans: 'products',
  pricing_options: 'plans',
};

/**
 * `included` of a 2025 offering answer: its plans and pricing options as the subscription answers embed them,
 * and `features`, an empty list when asked for, since no feature is attached to an offering yet.
 */
export const offeringIncluded2025 = (
  offerings: Iterable<Offering>,
  include: ReadonlySet<OfferingInclude2025>,
  currency?: string,
): { readonly included?: Readonly<Record<string, readonly unknown[]>> } => {
  if (include.size === 0) return {};
  const domain = new Set([...include].flatMap((name) => (name === 'features' ? [] : [DOMAIN_INCLUDE[name]])));
  const { included } = included2025For(offerings, domain, currency) as { included?: Record<string, unknown[]> };
  return { included: { ...included, ...(include.has('features') ? { features: [] } : {}) } };
};
