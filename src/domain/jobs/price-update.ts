import * as E from 'fp-ts/lib/Either.js';
import { parsePriceMap } from '../catalogue/catalogue-fields.js';
import { BASE_PRICE_PERCENTAGE_MAX } from '../catalogue/plan.js';
import { issue, type ValidationIssue } from '../shared/errors.js';
import { numberInRange } from '../shared/number.js';
import { parseUuid, parseUuidField, type Uuid } from '../shared/uuid.js';
import { isRecord, type Parsed } from '../shared/validation.js';
import type { PlanPricingTerms, PriceChanges } from '../subscriptions/price-change.js';

/** The subscriptions a price update reaches: an offering's (less some), or a list. */
export type PriceUpdateTarget =
  | { readonly offeringId: Uuid; readonly excludedSubscriptionIds: readonly Uuid[] }
  | { readonly subscriptionIds: readonly Uuid[] };

/** What a `subscription-update` job does: EPCC 2026's `SubscriptionUpdateRunJobAttributes`. */
export interface PriceUpdate {
  readonly target: PriceUpdateTarget;
  readonly changes: PriceChanges;
}

/** What one job may name at most, of subscriptions or of prices: its report counts each in one run. */
export const PRICE_UPDATE_LIST_MAX = 1000;

const TERMS = ['base_price_percentage', 'fixed_price'] as const;

const parseTerms = (source: string, input: unknown, problems: ValidationIssue[]): PlanPricingTerms | undefined => {
  if (!isRecord(input)) {
    problems.push(issue(source, 'must be an object with `base_price_percentage` and/or `fixed_price`'));
    return undefined;
  }
  const before = problems.length;
  for (const key of Object.keys(input))
    if (!(TERMS as readonly string[]).includes(key))
      problems.push(
        issue(`${source}.${key}`, 'is not a pricing option price: give `base_price_percentage` or `fixed_price`'),
      );
  const percentage = input['base_price_percentage'];
  const parsedPercentage =
    percentage === undefined || percentage === null
      ? E.right(undefined)
      : numberInRange(0, BASE_PRICE_PERCENTAGE_MAX)(`${source}.base_price_percentage`)(percentage);
  if (E.isLeft(parsedPercentage)) problems.push(...parsedPercentage.left);
  const fixed = input['fixed_price'];
  const parsedFixed =
    fixed === undefined || fixed === null ? E.right(undefined) : parsePriceMap(`${source}.fixed_price`)(fixed);
  if (E.isLeft(parsedFixed)) problems.push(...parsedFixed.left);
  if (problems.length > before || E.isLeft(parsedPercentage) || E.isLeft(parsedFixed)) return undefined;
  return {
    ...(parsedPercentage.right === undefined ? {} : { base_price_percentage: parsedPercentage.right }),
    ...(parsedFixed.right === undefined ? {} : { fixed_price: parsedFixed.right }),
  };
};

/** A map keyed by copy ids, each value read by `parse`. */
const byId = <A>(
  source: string,
  input: unknown,
  problems: ValidationIssue[],
  parse: (source: string, value: unknown) => A | undefined,
): Record<string, A> => {
  if (input === undefined || input === null) return {};
  if (!isRecord(input)) {
    problems.push(issue(source, 'must be an object keyed by id'));
    return {};
  }
  const entries = Object.entries(input);
  if (entries.length > PRICE_UPDATE_LIST_MAX)
    problems.push(issue(source, `must name at most ${PRICE_UPDATE_LIST_MAX} ids`));
  const parsed: Record<string, A> = {};
  for (const [id, value] of entries) {
    if (parseUuid(id) === undefined) {
      problems.push(issue(`${source}.${id}`, 'must be keyed by a UUID'));
      continue;
    }
    const one = parse(`${source}.${id}`, value);
    if (one !== undefined) parsed[id] = one;
  }
  return parsed;
};

const parsePrices = (source: string, value: unknown, problems: ValidationIssue[]) => {
  const parsed = parsePriceMap(source)(value);
  if (E.isLeft(parsed)) problems.push(...parsed.left);
  return E.isRight(parsed) ? parsed.right : undefined;
};

/**
 * EPCC's `SubscriptionPriceChanges`, `{plan_prices, pricing_option_prices}`: a 2025 plan is a product copy,
 * a pricing option a plan copy, so they become the prices of those copies.
 */
export const parsePriceChanges = (source: string, input: unknown, problems: ValidationIssue[]): PriceChanges => {
  if (!isRecord(input)) {
    problems.push(issue(source, 'must be an object with `plan_prices` and/or `pricing_option_prices`'));
    return { products: {}, plans: {} };
  }
  const changes = {
    products: byId(`${source}.plan_prices`, input['plan_prices'], problems, (at, value) =>
      parsePrices(at, value, problems),
    ),
    plans: byId(`${source}.pricing_option_prices`, input['pricing_option_prices'], problems, (at, value) =>
      parseTerms(at, value, problems),
    ),
  };
  const named = [input['plan_prices'], input['pricing_option_prices']].some(
    (prices) => isRecord(prices) && Object.keys(prices).length > 0,
  );
  if (!named) problems.push(issue(source, 'must change at least one plan or pricing option price'));
  return changes;
};

const uuids = (source: string, input: unknown, problems: ValidationIssue[]): Uuid[] => {
  if (!Array.isArray(input)) {
    problems.push(issue(source, 'must be a list of subscription ids'));
    return [];
  }
  if (input.length > PRICE_UPDATE_LIST_MAX)
    problems.push(issue(source, `must name at most ${PRICE_UPDATE_LIST_MAX} subscriptions`));
  return input.flatMap((value: unknown, i) => {
    const parsed = parseUuidField(`${source}.${i}`)(value);
    if (E.isLeft(parsed)) problems.push(...parsed.left);
    return E.isRight(parsed) ? [parsed.right] : [];
  });
};

const given = (value: unknown): boolean => value !== undefined && value !== null;

/**
 * A `subscription-update` job's attributes: `price_changes`, and either `offering_id` (with
 * `excluded_subscription_ids`, only then) or `subscription_ids`, never both (EPCC: "Mutually exclusive").
 */
export const parsePriceUpdate = (
  input: Readonly<Record<string, unknown>>,
  source: string,
  problems: ValidationIssue[],
): PriceUpdate | undefined => {
  const before = problems.length;
  const offering = input['offering_id'];
  const listed = input['subscription_ids'];
  const excluded = input['excluded_subscription_ids'];
  let target: PriceUpdateTarget | undefined;
  if (given(offering) && given(listed))
    problems.push(issue(`${source}.subscription_ids`, 'may not be given with `offering_id`: give one of them'));
  else if (!given(offering) && !given(listed))
    problems.push(issue(`${source}.offering_id`, 'or `subscription_ids` is required for a subscription-update'));
  else if (given(listed) && given(excluded))
    problems.push(issue(`${source}.excluded_subscription_ids`, 'may only be given with `offering_id`'));
  else if (given(offering)) {
    const id = parseUuidField(`${source}.offering_id`)(offering);
    if (E.isLeft(id)) problems.push(...id.left);
    const without = given(excluded) ? uuids(`${source}.excluded_subscription_ids`, excluded, problems) : [];
    if (E.isRight(id)) target = { offeringId: id.right, excludedSubscriptionIds: without };
  } else {
    const ids = uuids(`${source}.subscription_ids`, listed, problems);
    if (Array.isArray(listed) && listed.length === 0)
      problems.push(issue(`${source}.subscription_ids`, 'must name at least one subscription'));
    target = { subscriptionIds: [...new Set(ids)] };
  }
  const rawChanges = input['price_changes'];
  if (!given(rawChanges)) problems.push(issue(`${source}.price_changes`, 'is required for a subscription-update'));
  const changes = given(rawChanges) ? parsePriceChanges(`${source}.price_changes`, rawChanges, problems) : undefined;
  return problems.length > before || target === undefined || changes === undefined ? undefined : { target, changes };
};

/** The price update stored with a job, in the wire's names: read back through the same rules as a request's. */
export const priceUpdateFromStorage = (stored: unknown): Parsed<PriceUpdate> => {
  const problems: ValidationIssue[] = [];
  const parsed = isRecord(stored) ? parsePriceUpdate(stored, 'price_update', problems) : undefined;
  const [first, ...rest] = problems;
  if (first !== undefined) return E.left([first, ...rest]);
  return parsed === undefined ? E.left([issue('price_update', 'must be an object')]) : E.right(parsed);
};

/** EPCC's `SubscriptionPriceChanges` of `changes`. */
export const priceChangesWire = (changes: PriceChanges) => ({
  plan_prices: changes.products,
  pricing_option_prices: changes.plans,
});

/** The job attributes of `update`, as submitted: how it is stored and shown. */
export const priceUpdateWire = (update: PriceUpdate) => ({
  ...('offeringId' in update.target
    ? {
        offering_id: update.target.offeringId,
        ...(update.target.excludedSubscriptionIds.length === 0
          ? {}
          : { excluded_subscription_ids: update.target.excludedSubscriptionIds }),
      }
    : { subscription_ids: update.target.subscriptionIds }),
  price_changes: priceChangesWire(update.changes),
});
