import type { Offering, OfferingFeature } from '../../../domain/catalogue/offering.js';
import type { OfferingInclude2025 } from '../../../domain/catalogue/offering-query.js';
import type { SubscriptionInclude } from '../../../domain/subscriptions/subscription-query.js';
import { offeringFeatureResource } from '../features/offering-feature-documents.js';
import { included2025For } from '../subscriptions/subscription-2025-documents.js';

/** 2025's include names, in the domain's terms: a 2025 plan is an offering product, a pricing option a plan. */
const DOMAIN_INCLUDE: Readonly<Record<Exclude<OfferingInclude2025, 'features'>, SubscriptionInclude>> = {
  plans: 'products',
  pricing_options: 'plans',
};

/** Each feature of the offerings once, under the id their plans' `feature_configurations` name it by. */
const includedFeatures = (offerings: Iterable<Offering>) => {
  const features = new Map<string, OfferingFeature>();
  for (const offering of offerings) for (const feature of offering.features) features.set(feature.id, feature);
  return [...features.values()].map(offeringFeatureResource);
};

/** `included` of a 2025 offering answer: its plans and pricing options as the subscription answers embed them, and its features. */
export const offeringIncluded2025 = (
  offerings: readonly Offering[],
  include: ReadonlySet<OfferingInclude2025>,
  currency?: string,
): { readonly included?: Readonly<Record<string, readonly unknown[]>> } => {
  if (include.size === 0) return {};
  const domain = new Set([...include].flatMap((name) => (name === 'features' ? [] : [DOMAIN_INCLUDE[name]])));
  const { included } = included2025For(offerings, domain, currency) as { included?: Record<string, unknown[]> };
  return { included: { ...included, ...(include.has('features') ? { features: includedFeatures(offerings) } : {}) } };
};
