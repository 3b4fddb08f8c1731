import * as E from 'fp-ts/lib/Either.js';
import { pipe } from 'fp-ts/lib/function.js';
import { issue, issues, type ValidationIssue } from '../shared/errors.js';
import { optionalField, parseChanges, parseCreated, requiredField, type Changes, type Created } from '../shared/record-parser.js';
import { parseUuid, type Uuid } from '../shared/uuid.js';
import { isRecord, type Parsed } from '../shared/validation.js';
import { parseCatalogueName, parseDescription, parseExternalRef, typedAttributes } from './catalogue-fields.js';
import type { PlanAttributes } from './plan.js';
import type { ProductAttributes } from './product.js';

export const OFFERING_TYPE = 'subscription_offering';
export const OFFERING_PRODUCT_TYPE = 'subscription_offering_product';
export const OFFERING_PLAN_TYPE = 'subscription_offering_plan';
export const OFFERING_NOT_FOUND = 'subscription offering not found';
/** How many products or plans one request may attach. */
export const ATTACH_MAX = 100;

const OFFERING_FIELDS = {
  name: requiredField(parseCatalogueName),
  description: optionalField(parseDescription),
  external_ref: optionalField(parseExternalRef),
};

export type OfferingAttributes = Created<typeof OFFERING_FIELDS>;
export type OfferingChanges = Changes<typeof OFFERING_FIELDS>;

/** A copy of a product or plan inside an offering: later edits of the original do not reach it. */
export interface OfferingItem<A> {
  readonly id: Uuid;
  /** The product or plan it was copied from. */
  readonly originId: Uuid;
  readonly attributes: A;
  readonly createdAt: Date;
  readonly updatedAt: Date;
}
export type OfferingProduct = OfferingItem<ProductAttributes>;
export type OfferingPlan = OfferingItem<PlanAttributes>;

/** What subscribers subscribe to: copies of products and plans. Every change makes a new version. */
export interface Offering {
  readonly id: Uuid;
  readonly storeId: Uuid;
  readonly attributes: OfferingAttributes;
  readonly version: number;
  readonly products: readonly OfferingProduct[];
  readonly plans: readonly OfferingPlan[];
  readonly createdAt: Date;
  readonly updatedAt: Date;
}

export const parseOfferingAttributes = (data: unknown): Parsed<OfferingAttributes> =>
  pipe(
    typedAttributes(data, OFFERING_TYPE),
    E.flatMap((attributes) => parseCreated(OFFERING_FIELDS, attributes, 'data.attributes')),
  );

export const parseOfferingChanges = (data: unknown): Parsed<OfferingChanges> =>
  pipe(
    typedAttributes(data, OFFERING_TYPE),
    E.flatMap((attributes) => parseChanges(OFFERING_FIELDS, attributes, 'data.attributes')),
  );

export const offeringAttributesFromStorage = (stored: unknown): Parsed<OfferingAttributes> => parseCreated(OFFERING_FIELDS, stored, 'offering');

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

export interface OfferingBuild {
  readonly attributes: OfferingAttributes;
  readonly productIds: readonly Uuid[];
  readonly planIds: readonly Uuid[];
}

/** `POST /subscriptions/offerings/build`: the offering's attributes and its products and plans, flat in `data`. */
export const parseOfferingBuild = (data: unknown): Parsed<OfferingBuild> => {
  if (!isRecord(data)) return E.left(issues('data', 'must be an object'));
  const attributes = parseCreated(OFFERING_FIELDS, data, 'data');
  const products = parseIdList('data.products')(data['products']);
  const plans = parseIdList('data.plans')(data['plans']);
  const problems = [attributes, products, plans].flatMap((p) => (E.isLeft(p) ? p.left : []));
  const [first, ...rest] = problems;
  if (first !== undefined || E.isLeft(attributes) || E.isLeft(products) || E.isLeft(plans)) return E.left([first ?? issue('data', 'is invalid'), ...rest]);
  return E.right({ attributes: attributes.right, productIds: products.right, planIds: plans.right });
};

/** `POST .../products/attach` or `.../plans/attach`: `{"data": {"products": [ids]}}`. */
export const parseAttachment = (data: unknown, member: 'products' | 'plans'): Parsed<readonly Uuid[]> =>
  isRecord(data) ? parseIdList(`data.${member}`)(data[member]) : E.left(issues('data', 'must be an object'));

/** Copies originals into an offering, skipping those it already holds a copy of. */
export const withCopies = <A>(
  held: readonly OfferingItem<A>[],
  originals: readonly { readonly id: Uuid; readonly attributes: A }[],
  newId: () => Uuid,
  now: Date,
): readonly OfferingItem<A>[] => [
  ...held,
  ...originals.filter((o) => !held.some((h) => h.originId === o.id)).map((o) => ({ id: newId(), originId: o.id, attributes: o.attributes, createdAt: now, updatedAt: now })),
];

/** The external references of an offering's products, as EPCC's `meta.external_product_refs`. */
export const externalProductRefs = (offering: Offering): readonly string[] =>
  offering.products.flatMap((p) => (p.attributes.external_ref === undefined ? [] : [p.attributes.external_ref]));
