import * as E from 'fp-ts/lib/Either.js';
import type { BuildFeature, ConfigurationsByReference } from '../features/build-features.js';
import { issue, issues, type ValidationIssue } from '../shared/errors.js';
import { parseCreated } from '../shared/record-parser.js';
import { parseUuid, type Uuid } from '../shared/uuid.js';
import { isRecord, type Parsed } from '../shared/validation.js';
import { attributeRules } from './catalogue-record.js';
import type { CustomAttributes } from './custom-attributes.js';
import { OFFERING_FIELDS, OFFERING_TYPE, type OfferingAttributes } from './offering.js';
import type { PlanAttributes } from './plan.js';
import type { ProductAttributes } from './product.js';

/** An offering's own attributes, read from requests and from storage. */
const OFFERINGS = attributeRules(OFFERING_TYPE, OFFERING_FIELDS, 'offering');

export const {
  parseNew: parseOfferingAttributes,
  parseChanges: parseOfferingChanges,
  fromStorage: offeringAttributesFromStorage,
} = OFFERINGS;

/** How many products or plans one request may attach. */
export const ATTACH_MAX = 100;

/** A non-empty list of at most 100 distinct UUIDs, e.g. the products of a build or an attach. */
export const parseIdList =
  (source: string) =>
  (input: unknown): Parsed<readonly Uuid[]> => {
    if (!Array.isArray(input) || input.length === 0 || input.length > ATTACH_MAX) {
      return E.left(issues(source, `must be a list of 1 to ${ATTACH_MAX} ids`));
    }
    const problems: ValidationIssue[] = [];
    const ids: Uuid[] = [];
    input.forEach((value, index) => {
      const id = parseUuid(value);
      if (id === undefined) problems.push(issue(`${source}.${index}`, 'must be a UUID'));
      else if (!ids.includes(id)) ids.push(id);
    });
    const [first, ...rest] = problems;
    return first === undefined ? E.right(ids) : E.left([first, ...rest]);
  };

/** An item made inside an offering rather than copied: its attributes, and a 2025 plan's custom attributes. */
export interface MadeItem<A> {
  readonly attributes: A;
  readonly customAttributes?: CustomAttributes;
}

export interface OfferingBuild {
  readonly attributes: OfferingAttributes;
  /** Originals to copy into the offering. */
  readonly productIds: readonly Uuid[];
  readonly planIds: readonly Uuid[];
  /** Products and plans made inside the offering, with no original (EPCC's 2025 build). */
  readonly madeProducts?: readonly MadeItem<ProductAttributes>[];
  readonly madePlans?: readonly PlanAttributes[];
  /** Which made plans each made product may be bought under, by position; absent, every one under every one. */
  readonly associations?: readonly (readonly number[])[];
  /** The proration policy the offering uses from the start. */
  readonly prorationPolicyId?: Uuid;
  /** Features copied from the store's or made inside the offering (EPCC's 2025 build), in order. */
  readonly features?: readonly BuildFeature[];
  /** The configurations of each of `madeProducts` (same index), keyed by a feature of the build's reference. */
  readonly madeProductConfigurations?: readonly ConfigurationsByReference[];
}

/** `POST /subscriptions/offerings/build`: the offering's attributes and its products and plans, flat in `data`. */
export const parseOfferingBuild = (data: unknown): Parsed<OfferingBuild> => {
  if (!isRecord(data)) return E.left(issues('data', 'must be an object'));
  const attributes = parseCreated(OFFERING_FIELDS, data, 'data');
  const products = parseIdList('data.products')(data['products']);
  const plans = parseIdList('data.plans')(data['plans']);
  const problems = [attributes, products, plans].flatMap((p) => (E.isLeft(p) ? p.left : []));
  const [first, ...rest] = problems;
  if (first !== undefined || E.isLeft(attributes) || E.isLeft(products) || E.isLeft(plans))
    return E.left([first ?? issue('data', 'is invalid'), ...rest]);
  return E.right({ attributes: attributes.right, productIds: products.right, planIds: plans.right });
};

/** `POST .../products/attach` or `.../plans/attach`: `{"data": {"products": [ids]}}`. */
export const parseAttachment = (data: unknown, member: 'products' | 'plans'): Parsed<readonly Uuid[]> =>
  isRecord(data) ? parseIdList(`data.${member}`)(data[member]) : E.left(issues('data', 'must be an object'));

/** A new offering, `{"type", "attributes", "relationships"}`, with the products and plans it starts with. */
export type OfferingCreation = OfferingBuild;

/**
 * One to-many relationship of a new offering, `{"data": [{"type", "id"}]}`: the ids of originals to copy,
 * at most 100. The relationship's name says what they are, so `type` is only required to be text.
 */
const parseRelationship = (source: string, input: unknown): Parsed<readonly Uuid[]> => {
  if (input === undefined) return E.right([]);
  if (!isRecord(input) || !Array.isArray(input['data']) || input['data'].length > ATTACH_MAX) {
    return E.left(issues(`${source}.data`, `must be a list of at most ${ATTACH_MAX} resource identifiers`));
  }
  const problems: ValidationIssue[] = [];
  const ids: Uuid[] = [];
  for (const [index, entry] of (input['data'] as unknown[]).entries()) {
    const at = `${source}.data.${index}`;
    if (!isRecord(entry)) {
      problems.push(issue(at, 'must be an object with type and id'));
      continue;
    }
    if (typeof entry['type'] !== 'string') problems.push(issue(`${at}.type`, 'must be a string'));
    const id = parseUuid(entry['id']);
    if (id === undefined) problems.push(issue(`${at}.id`, 'must be a UUID'));
    else if (!ids.includes(id)) ids.push(id);
  }
  const [first, ...rest] = problems;
  return first === undefined ? E.right(ids) : E.left([first, ...rest]);
};

/** `POST /subscriptions/offerings`: the offering's attributes and, optionally, `relationships.products` and `.plans` to copy. */
export const parseOfferingCreation = (data: unknown): Parsed<OfferingCreation> => {
  const attributes = parseOfferingAttributes(data);
  const relationships = isRecord(data) ? data['relationships'] : undefined;
  const related =
    relationships === undefined || isRecord(relationships)
      ? {
          products: parseRelationship('data.relationships.products', relationships?.['products']),
          plans: parseRelationship('data.relationships.plans', relationships?.['plans']),
        }
      : { products: E.left(issues('data.relationships', 'must be an object')), plans: E.right([]) };
  const problems = [attributes, related.products, related.plans].flatMap((p) => (E.isLeft(p) ? p.left : []));
  const [first, ...rest] = problems;
  if (first !== undefined || E.isLeft(attributes) || E.isLeft(related.products) || E.isLeft(related.plans))
    return E.left([first ?? issue('data', 'is invalid'), ...rest]);
  return E.right({ attributes: attributes.right, productIds: related.products.right, planIds: related.plans.right });
};
