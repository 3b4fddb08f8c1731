import type { Offering } from '../catalogue/offering.js';
import type { PlanAttributes } from '../catalogue/plan.js';
import { type Subscription, standingAt } from '../subscriptions/subscription.js';
import { subscriptionProducts } from '../subscriptions/subscription-copies.js';
import type { FeatureConfiguration } from './feature-configuration.js';
import type { PlanFeatureConfiguration } from './plan-feature-configuration.js';

/**
 * What entitles a subscriber: the tags (sorted, each once), and for each usage tag among them its allowance.
 * One subscription's grant, or a subscriber's whole set.
 */
export interface Entitlements {
  readonly tags: readonly string[];
  readonly usage: Readonly<Record<string, number>>;
}

export const NO_ENTITLEMENTS: Entitlements = { tags: [], usage: {} };

/**
 * Whether a subscription entitles its subscriber at `now`: live (gone live, not pending), not past its end
 * (a cancellation's end date, a closing plan's length), not paused and not suspended by dunning. A
 * cancellation keeps it entitled to the end of what was invoiced, as it keeps it `active`; a pause (by
 * dunning or by hand: nothing tells them apart) stops it at once, a resume starts it again at once.
 */
export const entitlesAt = (subscription: Subscription, plan: PlanAttributes | undefined, now: Date): boolean => {
  const { pending, closed } = standingAt(subscription, plan, now);
  return !pending && !closed && !subscription.flags.paused && !subscription.flags.suspended;
};

/** A tag with its allowance when it is a usage tag. */
interface Granted {
  readonly tag: string;
  readonly allowance?: number;
}

/**
 * The tag a plan's configuration of a feature grants: an access or usage feature's own tag (a usage one with
 * the plan's allowance), or the promotion tag the plan picked. A configuration fits its feature when stored
 * (`configurationProblems`); one of another kind grants nothing.
 */
const grantedBy = (feature: FeatureConfiguration, configured: PlanFeatureConfiguration): Granted | undefined => {
  if (feature.type === 'access' && configured.type === 'access') return { tag: feature.tag };
  if (feature.type === 'usage' && configured.type === 'usage')
    return { tag: feature.tag, allowance: configured.default_value };
  if (feature.type === 'promotion' && configured.type === 'promotion') return { tag: configured.tag };
  return undefined;
};

/**
 * Tags each once, sorted; a usage tag granted several times keeps its largest allowance: the most generous
 * plan's, since summing would count twice what a subscriber holds through a plan and its replacement.
 */
const gathered = (granted: readonly Granted[]): Entitlements => {
  const usage: Record<string, number> = {};
  for (const { tag, allowance } of granted) {
    if (allowance !== undefined) usage[tag] = Math.max(usage[tag] ?? allowance, allowance);
  }
  const tags = [...new Set(granted.map((g) => g.tag))].sort();
  return { tags, usage };
};

const grantsOf = (subscription: Subscription, offering: Offering): readonly Granted[] => {
  const features = new Map<string, FeatureConfiguration>(
    offering.features.map((f) => [f.id, f.attributes.configuration]),
  );
  return subscriptionProducts(subscription, offering).flatMap((product) =>
    Object.entries(product.attributes.feature_configurations ?? {}).flatMap(([featureId, configured]) => {
      const feature = features.get(featureId);
      const granted = feature === undefined ? undefined : grantedBy(feature, configured);
      return granted === undefined ? [] : [granted];
    }),
  );
};

/** What the plans a subscription holds configure, from the snapshot it was sold with, whatever its standing. */
export const configuredEntitlements = (subscription: Subscription, offering: Offering): Entitlements =>
  gathered(grantsOf(subscription, offering));

/** What a subscription grants its subscriber at `now`: what its plans configure while it entitles, else nothing. */
export const entitlementsAt = (subscription: Subscription, offering: Offering, now: Date): Entitlements => {
  const plan = offering.plans.find((p) => p.id === subscription.planId)?.attributes;
  return entitlesAt(subscription, plan, now) ? configuredEntitlements(subscription, offering) : NO_ENTITLEMENTS;
};

/** A subscriber's set: every tag some subscription of its account grants now (while any grants it), each usage tag at its largest allowance. */
export const subscriberEntitlements = (
  subscriptions: readonly { readonly subscription: Subscription; readonly offering: Offering }[],
  now: Date,
): Entitlements =>
  gathered(
    subscriptions.flatMap(({ subscription, offering }) => {
      const { tags, usage } = entitlementsAt(subscription, offering, now);
      return tags.map((tag) => (usage[tag] === undefined ? { tag } : { tag, allowance: usage[tag] }));
    }),
  );

/** How a change moved what one subscription grants: the tags it started and stopped granting, and the allowances that moved. */
export interface EntitlementsChange {
  readonly before: Entitlements;
  readonly after: Entitlements;
  readonly started: readonly string[];
  readonly stopped: readonly string[];
}

/** The change between two grants of one subscription; undefined when it grants the same tags at the same allowances. */
export const entitlementsChange = (before: Entitlements, after: Entitlements): EntitlementsChange | undefined => {
  const started = after.tags.filter((t) => !before.tags.includes(t));
  const stopped = before.tags.filter((t) => !after.tags.includes(t));
  const allowanceMoved = after.tags.some((t) => before.tags.includes(t) && before.usage[t] !== after.usage[t]);
  return started.length === 0 && stopped.length === 0 && !allowanceMoved
    ? undefined
    : { before, after, started, stopped };
};
