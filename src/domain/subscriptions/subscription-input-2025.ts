import * as E from 'fp-ts/lib/Either.js';
import { typedAttributes } from '../catalogue/catalogue-fields.js';
import {
  type DomainError,
  type Issues,
  issue,
  issues,
  unprocessable,
  type ValidationIssue,
  validationFailed,
} from '../shared/errors.js';
import { parseUuidField, type Uuid } from '../shared/uuid.js';
import { isRecord, type Parsed } from '../shared/validation.js';
import { PAYMENT_AUTHORITY_TYPES_2025 } from './payment-authority.js';
import { type ProductChange, parseProductChanges } from './product-changes.js';
import { SUBSCRIPTION_TYPE } from './subscription.js';
import {
  type NewSubscription,
  parseNewSubscription,
  parseSubscriptionChanges,
  type SubscriptionChanges,
} from './subscription-input.js';

/**
 * EPCC's 2025 generation names the domain's records otherwise: its `pricing_option_id` is the domain's
 * plan (a billing rule), its `plan_id` one of the offering's products. Its bodies are read by renaming
 * them into the domain's fields and running the domain's own parsers, so no rule is written twice; the
 * issues found are then named by the 2025 fields again.
 */
export interface SubscriptionRequest extends NewSubscription {
  /** The offering products the subscription holds; absent, every one of them (the 2024 create). */
  readonly product_ids?: readonly Uuid[];
}

/** What a 2025 subscription update asks of the domain: the subscription's own changes, and the products it then holds. */
export interface SubscriptionUpdate2025 {
  readonly changes: SubscriptionChanges;
  readonly products?: readonly ProductChange[];
}

/** The 2025 create fields the domain cannot honour yet, each with why it is refused rather than ignored. */
const NOT_YET_SERVED: Readonly<Record<string, string>> = {
  offering_external_ref: 'choosing the offering by `offering_external_ref` is not served yet; give `offering_id`',
  offering: 'creating a subscription with an inline offering is not served yet; give `offering_id`',
  plans: 'creating a subscription with inline plans is not served yet; give `offering_id` and `plan_id`',
  pricing_options:
    'creating a subscription with inline pricing options is not served yet; give `offering_id` and `pricing_option_id`',
  features: 'creating a subscription with inline features is not served yet',
  configured_features: 'creating a subscription with inline feature configurations is not served yet',
  pricing_option_associations: 'creating a subscription with inline pricing option associations is not served yet',
  selected_plan: '`selected_plan` belongs to an inline offering, which is not served yet; give `plan_id`',
  selected_pricing_option:
    '`selected_pricing_option` belongs to an inline offering, which is not served yet; give `pricing_option_id`',
  first_invoice_paid: '`first_invoice_paid` is not served yet: the first invoice is paid by a payment run',
  started_at: '`started_at` is not served yet: a subscription starts when it is made, or at `go_live_after`',
  order: 'linking a subscription to an order is not served yet',
  override_first_period_end_date: '`override_first_period_end_date` is not served yet',
};

/** Where a domain issue is found on the 2025 wire, and how it is worded there when the domain's words name 2024's records. */
type Renaming = string | { readonly source: string; readonly detail: string };

/** The domain's create issue sources named as the 2025 wire names them. */
const CREATE_SOURCES: Readonly<Record<string, Renaming>> = {
  'data.plan_id': 'data.pricing_option_id',
  'data.product_ids.0': { source: 'data.plan_id', detail: "must be one of the offering's plans" },
};

/**
 * The domain's update issue sources named as the 2025 wire names them: a plan switch's, and those of the
 * product change a 2025 `plan_id` is made into (one `replace` step, and the price left after it).
 */
const UPDATE_SOURCES: Readonly<Record<string, Renaming>> = {
  'data.attributes.plan_id': 'data.attributes.pricing_option_id',
  'data.0.products.0': 'data.attributes.plan_id',
  data: 'data.attributes.plan_id',
};

const renamedIssue =
  (sources: Readonly<Record<string, Renaming>>) =>
  (found: ValidationIssue): ValidationIssue => {
    const renaming = sources[found.source];
    if (renaming === undefined) return found;
    return typeof renaming === 'string' ? { ...found, source: renaming } : { ...found, ...renaming };
  };

const renamedIssues = (error: DomainError, sources: Readonly<Record<string, Renaming>>): DomainError => {
  if (error._tag !== 'ValidationFailed') return error;
  const [first, ...rest] = error.issues.map(renamedIssue(sources));
  return first === undefined ? error : validationFailed([first, ...rest]);
};

/** A refusal of the domain's create, with its issues named by the 2025 body's fields. */
export const createErrorOn2025Wire = (error: DomainError): DomainError => renamedIssues(error, CREATE_SOURCES);

/** A refusal of the domain's update (a plan switch, the products held), with its issues named by the 2025 body's fields. */
export const updateErrorOn2025Wire = (error: DomainError): DomainError => renamedIssues(error, UPDATE_SOURCES);

const renamedParse = <A>(parsed: Parsed<A>, sources: Readonly<Record<string, Renaming>>): Parsed<A> => {
  if (E.isRight(parsed)) return parsed;
  const error = renamedIssues(validationFailed(parsed.left), sources);
  return error._tag === 'ValidationFailed' ? E.left(error.issues) : parsed;
};

/** The 2025 wire's payment authorities are those EPCC's 2025 documents name, of the ones the domain holds. */
const paymentAuthority2025 = (input: unknown, source: string): ValidationIssue[] => {
  if (!isRecord(input) || typeof input['type'] !== 'string') return [];
  if ((PAYMENT_AUTHORITY_TYPES_2025 as readonly string[]).includes(input['type'])) return [];
  return [issue(`${source}.type`, `must be one of ${PAYMENT_AUTHORITY_TYPES_2025.join(', ')}`)];
};

const withIssues = <A>(parsed: Parsed<A>, more: readonly ValidationIssue[]): Parsed<A> => {
  const all = [...(E.isLeft(parsed) ? parsed.left : []), ...more];
  const [first, ...rest] = all;
  return first === undefined ? parsed : E.left([first, ...rest]);
};

/**
 * `POST /subscriptions` on the 2025 wire: `offering_id`, `pricing_option_id` (the domain's plan) and
 * `plan_id` (the one product the subscription holds), with the fields the two generations share.
 * What the domain cannot do yet is a 422 that says so, never silently dropped.
 */
export const parseNewSubscription2025 = (data: unknown): E.Either<DomainError, SubscriptionRequest> => {
  if (!isRecord(data)) return E.left(validationFailed(issues('data', 'must be an object')));
  const unserved = Object.keys(NOT_YET_SERVED).find((field) => data[field] !== undefined && data[field] !== null);
  if (unserved !== undefined) return E.left(unprocessable(NOT_YET_SERVED[unserved] ?? unserved, 'not_served_yet'));
  const { plan_id: product, pricing_option_id: plan, ...rest } = data;
  const subscription = renamedParse(parseNewSubscription({ ...rest, plan_id: plan }), CREATE_SOURCES);
  const held =
    product === undefined || product === null
      ? E.left(issues('data.plan_id', 'is required'))
      : parseUuidField('data.plan_id')(product);
  const parsed = withIssues(subscription, [
    ...(E.isLeft(held) ? held.left : []),
    ...paymentAuthority2025(data['payment_authority'], 'data.payment_authority'),
  ]);
  if (E.isLeft(parsed)) return E.left(validationFailed(parsed.left));
  return E.right({ ...parsed.right, product_ids: E.isRight(held) ? [held.right] : [] });
};

/**
 * `PUT /subscriptions/{id}` on the 2025 wire: `pricing_option_id` switches the domain's plan (prorated as
 * any plan switch), `plan_id` makes that product the one the subscription holds; `address_id`,
 * `payment_authority` and `go_live_after` as in 2024. Name, email and external reference are not 2025
 * update fields, and are left as they are.
 */
export const parseSubscriptionUpdate2025 = (data: unknown): E.Either<DomainError, SubscriptionUpdate2025> => {
  const attributes = typedAttributes(data, SUBSCRIPTION_TYPE);
  if (E.isLeft(attributes)) return E.left(validationFailed(attributes.left));
  const given = attributes.right as Record<string, unknown>;
  const { pricing_option_id: plan, plan_id: product, address_id, payment_authority, go_live_after } = given;
  const changes = renamedParse(
    parseSubscriptionChanges({
      type: SUBSCRIPTION_TYPE,
      attributes: { plan_id: plan, address_id, payment_authority, go_live_after },
    }),
    { 'data.attributes.plan_id': 'data.attributes.pricing_option_id' },
  );
  const held =
    product === undefined || product === null ? E.right(undefined) : parseUuidField('data.attributes.plan_id')(product);
  const parsed = withIssues(changes, [
    ...(E.isLeft(held) ? held.left : []),
    ...paymentAuthority2025(payment_authority, 'data.attributes.payment_authority'),
  ]);
  if (E.isLeft(parsed)) return E.left(validationFailed(parsed.left));
  const productId = E.isRight(held) ? held.right : undefined;
  return E.right({
    changes: parsed.right,
    ...(productId === undefined ? {} : { products: [{ type: 'replace', products: [productId] }] }),
  });
};

/** The one change EPCC's 2025 `ManageSubscriptionPlans` names. */
export const PLAN_CHANGE_TYPES_2025 = ['detach'] as const;

/**
 * `PUT /subscriptions/{id}/plans` on the 2025 wire, `{"data": [{"type": "detach", "plans": ["<id>"]}]}`:
 * the 2024 product changes under their 2025 names, read by the same parser.
 */
export const parsePlanChanges2025 = (data: unknown): Parsed<readonly ProductChange[]> => {
  const steps = Array.isArray(data) ? (data as unknown[]) : undefined;
  const wrongTypes = (steps ?? []).flatMap((step, index) =>
    isRecord(step) &&
    step['type'] !== undefined &&
    !(PLAN_CHANGE_TYPES_2025 as readonly unknown[]).includes(step['type'])
      ? [issue(`data.${index}.type`, `must be one of ${PLAN_CHANGE_TYPES_2025.join(', ')}`)]
      : [],
  );
  const renamedSteps =
    steps === undefined
      ? data
      : steps.map((step) => (isRecord(step) ? { type: step['type'], products: step['plans'] } : step));
  const parsed = withIssues(parseProductChanges(renamedSteps), wrongTypes);
  return E.mapLeft((found: Issues) => mapped(found, planChangeIssue))(parsed);
};

/** A product change's issue in the 2025 words: its `products` are `plans`, the offering's products its plans. */
const planChangeIssue = (found: ValidationIssue): ValidationIssue => ({
  ...found,
  source: found.source.replace(/^(data\.\d+)\.products/, '$1.plans'),
  detail: found.detail.replace(/\bproducts?\b/g, (word) => (word === 'product' ? 'plan' : 'plans')),
});

const mapped = (found: Issues, f: (i: ValidationIssue) => ValidationIssue): Issues => {
  const [first, ...rest] = found;
  return [f(first), ...rest.map(f)];
};

/** A refusal of the domain's product changes, in the 2025 words of `PUT /subscriptions/{id}/plans`. */
export const planChangeErrorOn2025Wire = (error: DomainError): DomainError =>
  error._tag === 'ValidationFailed' ? validationFailed(mapped(error.issues, planChangeIssue)) : error;

export const PRORATION_PREVIEW_REQUEST_TYPE = 'proration_preview_request';
export const PRORATION_PREVIEW_TYPE = 'proration_preview';
/** The one change EPCC 2026-10 previews: a switch of plan and pricing option. */
export const PRORATION_PREVIEW_TRIGGERS = ['plan_pricing_option_change'] as const;

/**
 * `POST /subscriptions/{id}/proration-preview` (EPCC 2026-10): `{"type": "proration_preview_request",
 * "attributes": {"trigger": "plan_pricing_option_change", "pricing_option_id", "plan_id"}}`, read as the
 * 2025 update with those two that it previews.
 */
export const parseProrationPreviewRequest = (data: unknown): E.Either<DomainError, SubscriptionUpdate2025> => {
  const attributes = typedAttributes(data, PRORATION_PREVIEW_REQUEST_TYPE);
  if (E.isLeft(attributes)) return E.left(validationFailed(attributes.left));
  const { trigger, pricing_option_id, plan_id } = attributes.right as Record<string, unknown>;
  const problems: ValidationIssue[] = [
    ...(PRORATION_PREVIEW_TRIGGERS.includes(trigger as never)
      ? []
      : [issue('data.attributes.trigger', `must be ${PRORATION_PREVIEW_TRIGGERS.join(' or ')}`)]),
    ...[
      ['pricing_option_id', pricing_option_id],
      ['plan_id', plan_id],
    ].flatMap(([name, value]) => {
      const id = parseUuidField(`data.attributes.${String(name)}`)(value);
      return E.isLeft(id) ? id.left : [];
    }),
  ];
  const [first, ...rest] = problems;
  if (first !== undefined) return E.left(validationFailed([first, ...rest]));
  return parseSubscriptionUpdate2025({ type: SUBSCRIPTION_TYPE, attributes: { pricing_option_id, plan_id } });
};
