import * as E from 'fp-ts/lib/Either.js';
import { parseProrationPolicyReference } from '../billing/proration/offering-proration.js';
import {
  type ConfigurationsByReference,
  parseBuildFeatures,
  parseConfigurationsByReference,
} from '../features/build-features.js';
import { parsePlanFeatureConfigurationChanges } from '../features/plan-feature-configuration.js';
import { type DomainError, issue, issues, type ValidationIssue, validationFailed } from '../shared/errors.js';
import { optionalField, parseCreated } from '../shared/record-parser.js';
import { parseUuid, type Uuid } from '../shared/uuid.js';
import { isRecord, type Parsed } from '../shared/validation.js';
import { typeIssues } from './catalogue-fields.js';
import { attributeRules } from './catalogue-record.js';
import {
  type CustomAttributeChanges,
  type CustomAttributes,
  parseCustomAttributeChanges,
  parseCustomAttributes,
} from './custom-attributes.js';
import { OFFERING_FIELDS, OFFERING_PLAN_TYPE, OFFERING_TYPE, type OfferingAttributes } from './offering.js';
import {
  ATTACH_MAX,
  type MadeItem,
  type OfferingBuild,
  parseOfferingAttributes,
  parseOfferingChanges,
} from './offering-input.js';
import { PLAN_FIELDS, type PlanAttributes } from './plan.js';
import { OFFERING_PRODUCT_FIELDS, PRODUCT_FIELDS, type ProductAttributes } from './product.js';

/**
 * EPCC's 2025 generation of the catalogue, read into the one domain: a 2025 *plan* is an offering's product
 * (same fields, type `subscription_offering_plan`, plus 2026's `custom_attributes`), a 2025 *pricing option*
 * an offering's plan (same fields, type `subscription_offering_pricing_option`), plan ↔ pricing option
 * associations the offering's eligibility; its features are the offering's features, which its plans configure.
 */
export const PRICING_OPTION_TYPE = 'subscription_offering_pricing_option';

/** What a 2025 request may carry that is not stored yet: refused with this code rather than dropped. */
export const NOT_STORED_YET = 'not_served_yet' as const;

/** A 2025 plan: a product copy's fields, its feature configurations among them. */
const PLAN_RULES_2025 = attributeRules(OFFERING_PLAN_TYPE, OFFERING_PRODUCT_FIELDS, 'offering plan');

/** A 2025 plan's update: its `feature_configurations` are changed feature by feature (`null` stops one). */
export const { parseChanges: parseOfferingPlanChanges2025 } = attributeRules(
  OFFERING_PLAN_TYPE,
  { ...PRODUCT_FIELDS, feature_configurations: optionalField(parsePlanFeatureConfigurationChanges) },
  'offering plan',
);

const attributesOf = (data: unknown): unknown => (isRecord(data) ? data['attributes'] : undefined);

/** A plan's `custom_attributes` (EPCC 2026), where given in `attributes` (`source` names them). */
const customAttributesIn = (attributes: unknown, source: string): Parsed<CustomAttributes | undefined> => {
  const given = isRecord(attributes) ? attributes['custom_attributes'] : undefined;
  return given === undefined || given === null ? E.right(undefined) : parseCustomAttributes(given, source);
};

const madeItem = <A>(attributes: Parsed<A>, custom: Parsed<CustomAttributes | undefined>): Parsed<MadeItem<A>> => {
  const [first, ...rest] = [attributes, custom].flatMap((p) => (E.isLeft(p) ? p.left : []));
  if (first !== undefined || E.isLeft(attributes) || E.isLeft(custom))
    return E.left([first ?? issue('data', 'is invalid'), ...rest]);
  return E.right({
    attributes: attributes.right,
    ...(custom.right === undefined || Object.keys(custom.right).length === 0 ? {} : { customAttributes: custom.right }),
  });
};

/** `POST /offerings/{id}/plans` of 2025: the plan's attributes and its custom attributes. */
export const parseNewOfferingPlan2025 = (data: unknown): Parsed<MadeItem<ProductAttributes>> =>
  madeItem(PLAN_RULES_2025.parseNew(data), customAttributesIn(attributesOf(data), 'data.attributes.custom_attributes'));

/** What a 2025 plan's update does to its custom attributes, key by key; undefined when it leaves them. */
export const parsePlanCustomAttributeChanges2025 = (
  data: unknown,
): Parsed<CustomAttributeChanges | null | undefined> => {
  const attributes = attributesOf(data);
  const given = isRecord(attributes) ? attributes['custom_attributes'] : undefined;
  // `null` for the whole map clears it, as `null` clears any optional attribute of an update.
  if (given === undefined || given === null) return E.right(given);
  return parseCustomAttributeChanges(given, 'data.attributes.custom_attributes');
};

export const { parseNew: parseNewPricingOption2025, parseChanges: parsePricingOptionChanges2025 } = attributeRules(
  PRICING_OPTION_TYPE,
  PLAN_FIELDS,
  'offering pricing option',
);

const parseList = <A>(
  input: unknown,
  source: string,
  parse: (item: unknown, at: string) => Parsed<A>,
): Parsed<readonly A[]> => {
  if (!Array.isArray(input) || input.length === 0 || input.length > ATTACH_MAX)
    return E.left(issues(source, `must be a list of 1 to ${ATTACH_MAX} objects`));
  const problems: ValidationIssue[] = [];
  const out: A[] = [];
  input.forEach((item, index) => {
    const parsed = parse(item, `${source}.${index}`);
    if (E.isLeft(parsed)) problems.push(...parsed.left);
    else out.push(parsed.right);
  });
  const [first, ...rest] = problems;
  return first === undefined ? E.right(out) : E.left([first, ...rest]);
};

/**
 * `pricing_option_associations` of a build (plan external_ref → pricing option external_refs, EPCC: "keyed by
 * plan UUID or external_ref"; a build's plans have no id yet) as the pricing options each plan is associated
 * with, by position; absent, every plan with every pricing option. A plan the map does not name has none.
 */
const parseAssociations = (
  input: unknown,
  plans: readonly MadeItem<ProductAttributes>[],
  options: readonly PlanAttributes[],
): Parsed<readonly (readonly number[])[] | undefined> => {
  const source = 'data.pricing_option_associations';
  if (input === undefined || input === null) return E.right(undefined);
  if (!isRecord(input)) return E.left(issues(source, 'must be an object'));
  const planRefs = plans.map((p) => p.attributes.external_ref);
  const optionRefs = options.map((o) => o.external_ref);
  const problems: ValidationIssue[] = [];
  for (const [plan, associated] of Object.entries(input)) {
    if (!planRefs.includes(plan)) problems.push(issue(`${source}.${plan}`, 'names no plan of this build'));
    if (!Array.isArray(associated) || associated.some((o) => typeof o !== 'string'))
      problems.push(issue(`${source}.${plan}`, 'must be a list of pricing option external_refs'));
    else
      for (const option of associated as string[])
        if (!optionRefs.includes(option))
          problems.push(issue(`${source}.${plan}`, `${option} names no pricing option of this build`));
  }
  const [first, ...rest] = problems;
  if (first !== undefined) return E.left([first, ...rest]);
  return E.right(
    planRefs.map((plan) => {
      const associated = plan === undefined ? undefined : input[plan];
      return optionRefs.flatMap((option, index) =>
        option !== undefined && Array.isArray(associated) && associated.includes(option) ? [index] : [],
      );
    }),
  );
};

/**
 * `proration_policy_id` of a build: the policy's id. EPCC also takes its external_ref; this service does
 * not look policies up by reference.
 */
const parsePolicyId = (input: unknown): Parsed<Uuid | undefined> => {
  if (input === undefined) return E.right(undefined);
  const id = parseUuid(input);
  return id === undefined
    ? E.left(issues('data.proration_policy_id', 'must be the id (a UUID) of a proration policy of the store'))
    : E.right(id);
};

/** A build's plan: its attributes and custom attributes, and its configurations keyed by a feature of the build's reference. */
const parseBuildPlan = (
  item: unknown,
  at: string,
): Parsed<readonly [MadeItem<ProductAttributes>, ConfigurationsByReference]> => {
  const made = madeItem(parseCreated(PRODUCT_FIELDS, item, at), customAttributesIn(item, `${at}.custom_attributes`));
  const configurations = parseConfigurationsByReference(`${at}.feature_configurations`)(
    isRecord(item) ? item['feature_configurations'] : undefined,
  );
  const [first, ...rest] = [made, configurations].flatMap((p) => (E.isLeft(p) ? p.left : []));
  if (first !== undefined || E.isLeft(made) || E.isLeft(configurations))
    return E.left([first ?? issue(at, 'is invalid'), ...rest]);
  return E.right([made.right, configurations.right]);
};

/**
 * `configured_features` of a build (plan external_ref → feature reference → configuration), added to each
 * plan's own `feature_configurations` (this map wins where both configure a feature).
 */
const withConfiguredFeatures = (
  input: unknown,
  plans: readonly (readonly [MadeItem<ProductAttributes>, ConfigurationsByReference])[],
): Parsed<readonly ConfigurationsByReference[]> => {
  const source = 'data.configured_features';
  const own = plans.map(([, configurations]) => configurations);
  if (input === undefined || input === null) return E.right(own);
  if (!isRecord(input)) return E.left(issues(source, 'must be an object keyed by plan external_ref'));
  const problems: ValidationIssue[] = [];
  const merged = [...own];
  for (const [plan, configurations] of Object.entries(input)) {
    const index = plans.findIndex(([made]) => made.attributes.external_ref === plan);
    const parsed = parseConfigurationsByReference(`${source}.${plan}`)(configurations);
    if (index < 0) problems.push(issue(`${source}.${plan}`, 'names no plan of this build by its external_ref'));
    if (E.isLeft(parsed)) problems.push(...parsed.left);
    else if (index >= 0) merged[index] = { ...merged[index], ...parsed.right };
  }
  const [first, ...rest] = problems;
  return first === undefined ? E.right(merged) : E.left([first, ...rest]);
};

/** `POST /offerings/build` of 2025: the offering with its features, plans and pricing options made inline. */
export const parseOfferingBuild2025 = (data: unknown): E.Either<DomainError, OfferingBuild> => {
  if (!isRecord(data)) return E.left(validationFailed(issues('data', 'must be an object')));
  const attributes = parseCreated(OFFERING_FIELDS, data, 'data');
  const features = parseBuildFeatures(data['features']);
  const plans = parseList(data['plans'], 'data.plans', parseBuildPlan);
  const options = parseList(data['pricing_options'], 'data.pricing_options', (item, at) =>
    parseCreated(PLAN_FIELDS, item, at),
  );
  const policy = parsePolicyId(data['proration_policy_id']);
  const configured = E.isRight(plans) ? withConfiguredFeatures(data['configured_features'], plans.right) : E.right([]);
  const parts = [attributes, features, plans, options, policy, configured];
  const [first, ...rest] = parts.flatMap((p) => (E.isLeft(p) ? p.left : []));
  if (
    first !== undefined ||
    E.isLeft(attributes) ||
    E.isLeft(features) ||
    E.isLeft(plans) ||
    E.isLeft(options) ||
    E.isLeft(policy) ||
    E.isLeft(configured)
  )
    return E.left(validationFailed([first ?? issue('data', 'is invalid'), ...rest]));
  const madeProducts = plans.right.map(([product]) => product);
  const associations = parseAssociations(data['pricing_option_associations'], madeProducts, options.right);
  if (E.isLeft(associations)) return E.left(validationFailed(associations.left));
  return E.right({
    attributes: attributes.right,
    productIds: [],
    planIds: [],
    madeProducts,
    madePlans: options.right,
    features: features.right,
    madeProductConfigurations: configured.right,
    ...(associations.right === undefined ? {} : { associations: associations.right }),
    ...(policy.right === undefined ? {} : { prorationPolicyId: policy.right }),
  });
};

/** `relationships.proration_policy` of a 2025 offering: a policy, `null` for none, absent for no change. */
const parsePolicyRelationship = (data: unknown): Parsed<Uuid | null | undefined> => {
  const relationships = isRecord(data) ? data['relationships'] : undefined;
  if (relationships === undefined) return E.right(undefined);
  if (!isRecord(relationships)) return E.left(issues('data.relationships', 'must be an object'));
  if (!Object.hasOwn(relationships, 'proration_policy')) return E.right(undefined);
  return E.mapLeft((found: readonly ValidationIssue[]) =>
    found.map((i) => ({ ...i, source: i.source.replace(/^data/, 'data.relationships.proration_policy') })),
  )(parseProrationPolicyReference(relationships['proration_policy'])) as Parsed<Uuid | null>;
};

/** `POST /offerings` of 2025: the offering's attributes and, optionally, the proration policy it uses. */
export const parseOfferingCreation2025 = (data: unknown): E.Either<DomainError, OfferingBuild> => {
  const attributes = parseOfferingAttributes(data);
  const policy = parsePolicyRelationship(data);
  const [first, ...rest] = [attributes, policy].flatMap((p) => (E.isLeft(p) ? p.left : []));
  if (first !== undefined || E.isLeft(attributes) || E.isLeft(policy))
    return E.left(validationFailed([first ?? issue('data', 'is invalid'), ...rest]));
  return E.right({
    attributes: attributes.right,
    productIds: [],
    planIds: [],
    ...(typeof policy.right === 'string' ? { prorationPolicyId: policy.right } : {}),
  });
};

/** What a 2025 `PUT /offerings/{id}` changes: attributes, the proration policy (`null`: none), or both. */
export interface OfferingUpdate2025 {
  readonly attributes: Partial<Record<keyof OfferingAttributes, unknown>>;
  readonly prorationPolicy?: Uuid | null;
}

/** `PUT /offerings/{id}` of 2025: `attributes` and/or `relationships.proration_policy`. */
export const parseOfferingUpdate2025 = (data: unknown): Parsed<OfferingUpdate2025> => {
  if (!isRecord(data)) return E.left(issues('data', 'must be an object'));
  const hasAttributes = data['attributes'] !== undefined;
  // With attributes, their parser checks `type`; without, it is checked here.
  const attributes = hasAttributes ? parseOfferingChanges(data) : E.right({});
  const policy = parsePolicyRelationship(data);
  const problems = [
    ...(hasAttributes ? [] : typeIssues(data, OFFERING_TYPE)),
    ...[attributes, policy].flatMap((p) => (E.isLeft(p) ? p.left : [])),
  ];
  if (!hasAttributes && E.isRight(policy) && policy.right === undefined)
    problems.push(issue('data', 'must have attributes or relationships.proration_policy'));
  const [first, ...rest] = problems;
  if (first !== undefined || E.isLeft(attributes) || E.isLeft(policy))
    return E.left([first ?? issue('data', 'is invalid'), ...rest]);
  return E.right({
    attributes: attributes.right,
    ...(policy.right === undefined ? {} : { prorationPolicy: policy.right }),
  });
};

/**
 * The body of `POST`/`DELETE …/plans/{id}/relationships/pricing_options` (EPCC's `RelationshipsRequest`):
 * `[{"type":"subscription_offering_pricing_option","id":…}]`, each one of the offering's pricing options.
 */
export const parsePricingOptionRelationships = (
  data: readonly unknown[],
  optionIds: readonly Uuid[],
): Parsed<readonly Uuid[]> => {
  if (data.length === 0 || data.length > ATTACH_MAX)
    return E.left(issues('data', `must be a list of 1 to ${ATTACH_MAX} pricing options`));
  const problems: ValidationIssue[] = [];
  const ids: Uuid[] = [];
  for (const [index, item] of data.entries()) {
    const at = `data.${index}`;
    if (!isRecord(item)) {
      problems.push(issue(at, 'must be an object with type and id'));
      continue;
    }
    if (item['type'] !== PRICING_OPTION_TYPE) problems.push(issue(`${at}.type`, `must be ${PRICING_OPTION_TYPE}`));
    const id = parseUuid(item['id']);
    if (id === undefined || !optionIds.includes(id))
      problems.push(issue(`${at}.id`, "must be the id of one of the offering's pricing options"));
    else ids.push(id);
  }
  const [first, ...rest] = problems;
  return first === undefined ? E.right(ids) : E.left([first, ...rest]);
};
