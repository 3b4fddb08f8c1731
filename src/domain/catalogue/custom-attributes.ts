import * as E from 'fp-ts/lib/Either.js';
import { issue, issues, type ValidationIssue } from '../shared/errors.js';
import { boundedString } from '../shared/text.js';
import { isRecord, type Parsed } from '../shared/validation.js';

/** EPCC 2026's plan `custom_attributes`: merchant-defined strings, carried onto the subscriptions made from the plan. */
export type CustomAttributes = Readonly<Record<string, string>>;

/** EPCC 2026-10: "maxProperties: 100", each value at most 512 characters. */
export const CUSTOM_ATTRIBUTES_MAX = 100;
export const CUSTOM_ATTRIBUTE_VALUE_MAX = 512;
/** EPCC is silent on keys; a key is held to the values' limit, and may not be empty. */
export const CUSTOM_ATTRIBUTE_KEY_MAX = 512;

const keyRule = boundedString(1, CUSTOM_ATTRIBUTE_KEY_MAX);
const valueRule = boundedString(0, CUSTOM_ATTRIBUTE_VALUE_MAX);
const tooMany = `must have at most ${CUSTOM_ATTRIBUTES_MAX} attributes`;

const entries = <V>(
  input: unknown,
  source: string,
  value: (v: unknown, at: string) => Parsed<V>,
): Parsed<Readonly<Record<string, V>>> => {
  if (!isRecord(input)) return E.left(issues(source, 'must be an object of string values'));
  const keys = Object.keys(input);
  const problems: ValidationIssue[] = keys.length > CUSTOM_ATTRIBUTES_MAX ? [issue(source, tooMany)] : [];
  // Built from entries: assigning a key named `__proto__` would set the prototype, not the key.
  const out: (readonly [string, V])[] = [];
  for (const key of keys) {
    const at = `${source}.${key}`;
    const parsedKey = keyRule(at)(key);
    const parsedValue = value(input[key], at);
    for (const p of [parsedKey, parsedValue]) if (E.isLeft(p)) problems.push(...p.left);
    if (E.isRight(parsedValue)) out.push([key, parsedValue.right]);
  }
  const [first, ...rest] = problems;
  return first === undefined ? E.right(Object.fromEntries(out)) : E.left([first, ...rest]);
};

/** A new plan's `custom_attributes`: up to 100 keys, each to a string. */
export const parseCustomAttributes = (input: unknown, source: string): Parsed<CustomAttributes> =>
  entries(input, source, (v, at) => valueRule(at)(v));

/** What a plan's update does to them, key by key (EPCC 2026): a string adds or replaces, `null` removes. */
export type CustomAttributeChanges = Readonly<Record<string, string | null>>;

export const parseCustomAttributeChanges = (input: unknown, source: string): Parsed<CustomAttributeChanges> =>
  entries(input, source, (v, at) => (v === null ? E.right(null) : valueRule(at)(v)));

/** The attributes after a key-by-key change; keys left out stay. Refused when more than 100 would remain. */
export const changedCustomAttributes = (
  held: CustomAttributes | undefined,
  changes: CustomAttributeChanges,
  source: string,
): Parsed<CustomAttributes> => {
  const next = new Map(Object.entries(held ?? {}));
  for (const [key, value] of Object.entries(changes)) {
    if (value === null) next.delete(key);
    else next.set(key, value);
  }
  return next.size > CUSTOM_ATTRIBUTES_MAX
    ? E.left(issues(source, `${tooMany} once changed; ${next.size} would remain`))
    : E.right(Object.fromEntries(next));
};
