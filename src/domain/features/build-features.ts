import * as E from 'fp-ts/lib/Either.js';
import type { OfferingFeature } from '../catalogue/offering.js';
import { issue, issues, type ValidationIssue } from '../shared/errors.js';
import { parseCreated } from '../shared/record-parser.js';
import { isRecord, type Parsed } from '../shared/validation.js';
import { FEATURE_FIELDS, type FeatureAttributes } from './feature.js';
import {
  configurationProblems,
  type PlanFeatureConfiguration,
  type PlanFeatureConfigurations,
  parsePlanFeatureConfiguration,
} from './plan-feature-configuration.js';

/** A feature of a 2025 build: a store feature named by id or external_ref, or one made inside the offering. */
export type BuildFeature = { readonly reference: string } | { readonly made: FeatureAttributes };

/**
 * A plan's configurations in a build, keyed by a feature of the build: the id of the store feature it copies,
 * or the external_ref of any of its features (the offering's feature ids do not exist before the build).
 */
export type ConfigurationsByReference = Readonly<Record<string, PlanFeatureConfiguration>>;

/** The maximum number of features one build names or makes. */
export const BUILD_FEATURES_MAX = 100;

/** `data.features` of a build: references (strings) and features made inline (objects), in order. */
export const parseBuildFeatures = (input: unknown): Parsed<readonly BuildFeature[]> => {
  const source = 'data.features';
  if (input === undefined || input === null) return E.right([]);
  if (!Array.isArray(input) || input.length > BUILD_FEATURES_MAX)
    return E.left(issues(source, `must be a list of at most ${BUILD_FEATURES_MAX} features`));
  const problems: ValidationIssue[] = [];
  const out: BuildFeature[] = [];
  input.forEach((item, index) => {
    if (typeof item === 'string' && item.length > 0) out.push({ reference: item });
    else if (isRecord(item)) {
      const made = parseCreated(FEATURE_FIELDS, item, `${source}.${index}`);
      if (E.isLeft(made)) problems.push(...made.left);
      else out.push({ made: made.right });
    } else problems.push(issue(`${source}.${index}`, "must be a store feature's id or external_ref, or a feature"));
  });
  const [first, ...rest] = problems;
  return first === undefined ? E.right(out) : E.left([first, ...rest]);
};

/** One plan's configurations in a build, keyed by feature reference; each configuration's shape is checked. */
export const parseConfigurationsByReference =
  (source: string) =>
  (input: unknown): Parsed<ConfigurationsByReference> => {
    if (input === undefined || input === null) return E.right({});
    if (!isRecord(input)) return E.left(issues(source, "must be an object keyed by a feature's id or external_ref"));
    const problems: ValidationIssue[] = [];
    const out: Record<string, PlanFeatureConfiguration> = {};
    for (const [key, value] of Object.entries(input)) {
      const parsed = parsePlanFeatureConfiguration(`${source}.${key}`)(value);
      if (E.isLeft(parsed)) problems.push(...parsed.left);
      else out[key] = parsed.right;
    }
    const [first, ...rest] = problems;
    return first === undefined ? E.right(out) : E.left([first, ...rest]);
  };

/** The feature of the build a configuration key names: the copy of the store feature with that id, else the one with that external_ref. */
const featureNamed = (features: readonly OfferingFeature[], key: string): OfferingFeature | undefined =>
  features.find((f) => f.originId === key) ?? features.find((f) => f.attributes.external_ref === key);

/**
 * One plan's configurations keyed by the offering's feature ids once the build's features exist, or every
 * configuration naming no feature of the build or not fitting the feature it names.
 */
export const resolveConfigurations = (
  features: readonly OfferingFeature[],
  configurations: ConfigurationsByReference,
  source: string,
): Parsed<PlanFeatureConfigurations> => {
  const problems: ValidationIssue[] = [];
  const out: Record<string, PlanFeatureConfiguration> = {};
  for (const [key, configuration] of Object.entries(configurations)) {
    const feature = featureNamed(features, key);
    if (feature === undefined) {
      problems.push(
        issue(`${source}.${key}`, 'names no feature of this build (by the id or external_ref given in features)'),
      );
      continue;
    }
    const misfit = configurationProblems([feature], { [feature.id]: configuration }, source);
    problems.push(...misfit.map((i) => ({ ...i, source: `${source}.${key}` })));
    out[feature.id] = configuration;
  }
  const [first, ...rest] = problems;
  return first === undefined ? E.right(out as PlanFeatureConfigurations) : E.left([first, ...rest]);
};
