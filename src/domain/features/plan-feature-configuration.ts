import * as E from 'fp-ts/lib/Either.js';
import { isNonEmpty } from 'fp-ts/lib/ReadonlyArray.js';
import { issue, issues, type ValidationIssue } from '../shared/errors.js';
import { INT32_MAX } from '../shared/integer.js';
import { parseUuid, type Uuid } from '../shared/uuid.js';
import { isRecord, type Parsed } from '../shared/validation.js';
import type { FeatureAttributes } from './feature.js';
import { FEATURE_KINDS, FEATURE_TAG_MAX, FEATURE_TAG_PATTERN } from './feature-configuration.js';

/**
 * How one plan of an offering gives one of the offering's features (EPCC's plan-side shapes): access as is,
 * one of a promotion feature's tags, or a usage allowance of its own.
 */
export type PlanFeatureConfiguration =
  | { readonly type: 'access' }
  | { readonly type: 'promotion'; readonly tag: string }
  | { readonly type: 'usage'; readonly default_value: number };

/** A plan's configurations, keyed by the id of the offering feature each configures. */
export type PlanFeatureConfigurations = Readonly<Record<Uuid, PlanFeatureConfiguration>>;

/** What a plan's update says of its configurations: one per feature given, `null` to stop configuring it. */
export type PlanFeatureConfigurationChanges = Readonly<Record<Uuid, PlanFeatureConfiguration | null>>;

/** An offering feature as far as a plan's configuration is concerned: its id and its own configuration. */
export interface ConfigurableFeature {
  readonly id: Uuid;
  readonly attributes: Pick<FeatureAttributes, 'configuration'>;
}

/** Keys a plan may configure: EPCC names no bound; an offering holds at most this many features anyway. */
export const PLAN_FEATURE_CONFIGURATIONS_MAX = 100;
const TAG = new RegExp(FEATURE_TAG_PATTERN);

const unlessProblems = <A>(problems: readonly ValidationIssue[], value: () => A): Parsed<A> =>
  isNonEmpty(problems) ? E.left(problems) : E.right(value());

/** One configuration's shape, before it is checked against the feature it configures. */
export const parsePlanFeatureConfiguration =
  (source: string) =>
  (input: unknown): Parsed<PlanFeatureConfiguration> => {
    if (!isRecord(input)) return E.left(issues(source, 'must be an object with a type'));
    const type = input['type'];
    if (type === 'access') return E.right({ type });
    if (type === 'promotion') {
      const tag = input['tag'];
      return typeof tag === 'string' && tag.length >= 1 && tag.length <= FEATURE_TAG_MAX && TAG.test(tag)
        ? E.right({ type, tag })
        : E.left(issues(`${source}.tag`, "must be the tag of one of the feature's promotions"));
    }
    if (type === 'usage') {
      const value = input['default_value'];
      return unlessProblems(
        typeof value === 'number' && Number.isInteger(value) && value >= 0 && value <= INT32_MAX
          ? []
          : [issue(`${source}.default_value`, `must be a whole number from 0 to ${INT32_MAX}`)],
        () => ({ type, default_value: value as number }),
      );
    }
    return E.left(issues(`${source}.type`, `must be one of ${FEATURE_KINDS.join(', ')}`));
  };

/** A map of configurations keyed by feature id; `nullable` lets a value be `null` (an update's removal). */
const parseMap =
  <V>(parseValue: (source: string) => (input: unknown) => Parsed<V>) =>
  (source: string) =>
  (input: unknown): Parsed<Readonly<Record<Uuid, V>>> => {
    if (!isRecord(input)) return E.left(issues(source, 'must be an object keyed by offering feature id'));
    const entries = Object.entries(input);
    if (entries.length > PLAN_FEATURE_CONFIGURATIONS_MAX)
      return E.left(issues(source, `must configure at most ${PLAN_FEATURE_CONFIGURATIONS_MAX} features`));
    const problems: ValidationIssue[] = [];
    const out: Record<string, V> = {};
    for (const [key, value] of entries) {
      const at = `${source}.${key}`;
      const id = parseUuid(key);
      if (id === undefined) problems.push(issue(at, 'must be keyed by the id of a feature of the offering'));
      const parsed = parseValue(at)(value);
      if (E.isLeft(parsed)) problems.push(...parsed.left);
      else if (id !== undefined) out[id] = parsed.right;
    }
    return unlessProblems(problems, () => out as Readonly<Record<Uuid, V>>);
  };

/** A plan's `feature_configurations` as given on its creation. */
export const parsePlanFeatureConfigurations = parseMap(parsePlanFeatureConfiguration);

/** A plan's `feature_configurations` as given on its update: `null` for a feature stops configuring it. */
export const parsePlanFeatureConfigurationChanges = parseMap(
  (source) =>
    (input): Parsed<PlanFeatureConfiguration | null> =>
      input === null ? E.right(null) : parsePlanFeatureConfiguration(source)(input),
);

/** The configurations after an update: given ones set or replace, `null` ones go, the rest stay. */
export const withConfigurationChanges = (
  current: PlanFeatureConfigurations | undefined,
  changes: PlanFeatureConfigurationChanges,
): PlanFeatureConfigurations => {
  const next: Record<string, PlanFeatureConfiguration> = { ...current };
  for (const [id, change] of Object.entries(changes)) {
    if (change === null) delete next[id];
    else next[id] = change;
  }
  return next as PlanFeatureConfigurations;
};

/** Why one configuration does not fit the feature it names, if it does not. */
const misfit = (configuration: PlanFeatureConfiguration, feature: ConfigurableFeature): string | undefined => {
  const own = feature.attributes.configuration;
  if (own.type !== configuration.type) return `must be of the feature's type, ${own.type}`;
  if (configuration.type === 'promotion' && own.type === 'promotion') {
    const tags = own.promotions.map((p) => p.tag);
    if (!tags.includes(configuration.tag))
      return `must pick one of the feature's promotion tags (${tags.join(', ')}), not ${configuration.tag}`;
  }
  return undefined;
};

/**
 * Every configuration that does not fit the offering's features: a key naming no feature of the offering, a
 * type other than the feature's, or a promotion tag the feature does not offer. `source` is the map's path.
 */
export const configurationProblems = (
  features: readonly ConfigurableFeature[],
  configurations: PlanFeatureConfigurations | undefined,
  source: string,
): ValidationIssue[] =>
  Object.entries(configurations ?? {}).flatMap(([id, configuration]) => {
    const feature = features.find((f) => f.id === id);
    if (feature === undefined) return [issue(`${source}.${id}`, 'names no feature of the offering')];
    const why = misfit(configuration, feature);
    return why === undefined ? [] : [issue(`${source}.${id}`, why)];
  });

/** The configurations without the one of this feature (a feature removed from the offering takes them along). */
export const withoutFeature = (
  configurations: PlanFeatureConfigurations | undefined,
  featureId: Uuid,
): PlanFeatureConfigurations | undefined => {
  if (configurations === undefined || !Object.hasOwn(configurations, featureId)) return configurations;
  const { [featureId]: _removed, ...rest } = configurations;
  return rest as PlanFeatureConfigurations;
};
