import * as E from 'fp-ts/lib/Either.js';
import { issue, issues, type ValidationIssue } from '../shared/errors.js';
import { INT32_MAX } from '../shared/integer.js';
import { AMOUNT_MAX } from '../shared/money.js';
import { boundedString } from '../shared/text.js';
import { isRecord, type Parsed } from '../shared/validation.js';

/** The limits of the seed's Limits table, shared by products, plans, offerings and subscriptions. */
export const CATALOGUE_NAME_MIN = 3;
export const CATALOGUE_TEXT_MAX = 1024;
export const EXTERNAL_REF_MAX = 2048;
export const EMAIL_MIN = 3;

export const parseCatalogueName = boundedString(CATALOGUE_NAME_MIN, CATALOGUE_TEXT_MAX);
export const parseDescription = boundedString(0, CATALOGUE_TEXT_MAX);
export const parseExternalRef = boundedString(0, EXTERNAL_REF_MAX);
export const parseSku = boundedString(0, CATALOGUE_TEXT_MAX);

/** Something, an `@`, something, with no white space: the whole check, as EPCC's own is no stricter. */
export const EMAIL_PATTERN = '^[^\\s@]+@[^\\s@]+$';
const EMAIL = new RegExp(EMAIL_PATTERN, 'u');

/** An email address of 3..1024 characters, as subscriptions and subscribers carry it. */
export const parseEmail =
  (source: string) =>
  (input: unknown): Parsed<string> => {
    const text = boundedString(EMAIL_MIN, CATALOGUE_TEXT_MAX)(source)(input);
    return E.isRight(text) && !EMAIL.test(text.right) ? E.left(issues(source, 'must be an email address')) : text;
  };

export const CURRENCY_PATTERN = '^[A-Z]{3}$';
const CURRENCY = new RegExp(CURRENCY_PATTERN);

/** A three-letter uppercase ISO 4217 code. */
export const parseCurrency =
  (source: string) =>
  (input: unknown): Parsed<string> =>
    typeof input === 'string' && CURRENCY.test(input)
      ? E.right(input)
      : E.left(issues(source, 'must be a three-letter uppercase currency code'));

/** An absolute http(s) URI of at most 1024 characters. */
export const parseImageUri =
  (source: string) =>
  (input: unknown): Parsed<string> => {
    const text = boundedString(1, CATALOGUE_TEXT_MAX)(source)(input);
    if (E.isLeft(text)) return text;
    try {
      const url = new URL(text.right);
      if (url.protocol === 'http:' || url.protocol === 'https:') return text;
    } catch {
      // reported below
    }
    return E.left(issues(source, 'must be an absolute http or https URI'));
  };

/** One price: a whole amount in the currency's smallest unit. */
export interface Price {
  readonly amount: number;
  readonly includes_tax?: boolean;
}

/** Prices by currency code. */
export type PriceMap = Readonly<Record<string, Price>>;

const parsePrice = (source: string, input: unknown): ValidationIssue[] | Price => {
  if (!isRecord(input)) return [issue(source, 'must be an object with an amount')];
  const problems: ValidationIssue[] = [];
  const amount = input['amount'];
  if (typeof amount !== 'number' || !Number.isInteger(amount) || amount < 0 || amount > AMOUNT_MAX) {
    problems.push(issue(`${source}.amount`, `must be a whole number of minor units between 0 and ${AMOUNT_MAX}`));
  }
  const includesTax = input['includes_tax'];
  if (includesTax !== undefined && includesTax !== null && typeof includesTax !== 'boolean')
    problems.push(issue(`${source}.includes_tax`, 'must be true or false'));
  if (problems.length > 0) return problems;
  return typeof includesTax === 'boolean'
    ? { amount: amount as number, includes_tax: includesTax }
    : { amount: amount as number };
};

/** A price map keyed by currency codes, e.g. `{"USD": {"amount": 1000, "includes_tax": false}}`. */
export const parsePriceMap =
  (source: string) =>
  (input: unknown): Parsed<PriceMap> => {
    if (!isRecord(input)) return E.left(issues(source, 'must be an object of prices by currency'));
    const problems: ValidationIssue[] = [];
    const prices: Record<string, Price> = {};
    for (const [currency, value] of Object.entries(input)) {
      if (!CURRENCY.test(currency)) {
        problems.push(issue(`${source}.${currency}`, 'must be keyed by a three-letter uppercase currency code'));
        continue;
      }
      const price = parsePrice(`${source}.${currency}`, value);
      if (Array.isArray(price)) problems.push(...price);
      else prices[currency] = price;
    }
    const [first, ...rest] = problems;
    return first === undefined ? E.right(prices) : E.left([first, ...rest]);
  };

export const PRICE_UNITS = ['day', 'month'] as const;

export interface PriceUnits {
  readonly unit: (typeof PRICE_UNITS)[number];
  readonly amount: number;
}

/** The timeframe a product's price covers. */
export const parsePriceUnits =
  (source: string) =>
  (input: unknown): Parsed<PriceUnits> => {
    if (!isRecord(input)) return E.left(issues(source, 'must be an object with unit and amount'));
    const problems: ValidationIssue[] = [];
    const unit = input['unit'];
    const amount = input['amount'];
    if (!PRICE_UNITS.includes(unit as PriceUnits['unit']))
      problems.push(issue(`${source}.unit`, "must be 'day' or 'month'"));
    if (typeof amount !== 'number' || !Number.isInteger(amount) || amount < 1 || amount > INT32_MAX) {
      problems.push(issue(`${source}.amount`, 'must be an integer of at least 1'));
    }
    const [first, ...rest] = problems;
    return first === undefined
      ? E.right({ unit: unit as PriceUnits['unit'], amount: amount as number })
      : E.left([first, ...rest]);
  };

/** What is wrong with a request's required `type` member, if anything. */
export const typeIssues = (data: Readonly<Record<string, unknown>>, type: string): ValidationIssue[] =>
  data['type'] === type ? [] : [issue('data.type', data['type'] === undefined ? 'is required' : `must be '${type}'`)];

/** A required `type` member and an `attributes` object, as in `{"type": "subscription_product", "attributes": {...}}`. */
export const typedAttributes = (data: unknown, type: string): Parsed<unknown> => {
  if (!isRecord(data)) return E.left(issues('data', 'must be an object'));
  const problems: ValidationIssue[] = typeIssues(data, type);
  if (!isRecord(data['attributes'])) problems.push(issue('data.attributes', 'must be an object'));
  const [first, ...rest] = problems;
  return first === undefined ? E.right(data['attributes']) : E.left([first, ...rest]);
};
