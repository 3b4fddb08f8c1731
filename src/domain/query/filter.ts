import * as E from 'fp-ts/lib/Either.js';
import * as RA from 'fp-ts/lib/ReadonlyArray.js';
import * as RNEA from 'fp-ts/lib/ReadonlyNonEmptyArray.js';
import type { ValidationIssue } from '../shared/errors.js';
import { isStorableText, STORABLE_TEXT_RULE } from '../shared/text.js';
import type { Parsed } from '../shared/validation.js';

/** `gt` and `lt` compare instants: later than, earlier than; a list names its instant fields (`ListRules.instants`). */
export type FilterOperator = 'eq' | 'in' | 'like' | 'gt' | 'lt';

/** `like` compares with a pattern in which `*` stands for any run of characters (none included). */
export type FilterCondition<F extends string> =
  | { readonly op: 'eq'; readonly field: F; readonly value: string }
  | { readonly op: 'in'; readonly field: F; readonly values: readonly string[] }
  | { readonly op: 'like'; readonly field: F; readonly value: string }
  | { readonly op: 'gt' | 'lt'; readonly field: F; readonly value: string };

/** Which operators each filterable field accepts. */
export type FilterRules<F extends string> = Readonly<Record<F, readonly FilterOperator[]>>;

export const FILTER_MAX_CONDITIONS = 10;
export const FILTER_MAX_BYTES = 8192;
export const FILTER_PARSE_TITLE = 'Could not parse the supplied filter';

const OPERATORS: readonly FilterOperator[] = ['eq', 'in', 'like', 'gt', 'lt'];

type Punctuation = ',' | ':' | '(' | ')';

/** `at` is a 1-based position in code points, so an emoji counts as one character, as a person would count it. */
type Token =
  | { readonly kind: Punctuation; readonly at: number }
  | { readonly kind: 'text'; readonly text: string; readonly quoted: boolean; readonly at: number }
  | { readonly kind: 'end'; readonly at: number }
  | { readonly kind: 'bad'; readonly detail: string; readonly at: number };

/** A condition as written, before its names are checked against the rules. */
interface Written {
  readonly op: string;
  readonly at: number;
  readonly field: string;
  readonly fieldAt: number;
  readonly values: RNEA.ReadonlyNonEmptyArray<string>;
}

const isPunctuation = (c: string): c is Punctuation => c === ',' || c === ':' || c === '(' || c === ')';

const isBare = (c: string): boolean => c !== '' && c !== '"' && !isPunctuation(c);

/** Counted by hand so the domain needs no platform encoder; a lone surrogate counts 3, like the U+FFFD an encoder writes for it. */
const utf8Bytes = (s: string): number => {
  let n = 0;
  for (const c of s) {
    const cp = c.codePointAt(0) ?? 0;
    n += cp < 0x80 ? 1 : cp < 0x800 ? 2 : cp < 0x10000 ? 3 : 4;
  }
  return n;
};

const quoted = (cs: readonly string[], open: number): { readonly token: Token; readonly next: number } => {
  const at = open + 1;
  let text = '';
  for (let i = open + 1; i < cs.length; i += 1) {
    const c = cs[i] ?? '';
    if (c === '"') return { token: { kind: 'text', text, quoted: true, at }, next: i + 1 };
    if (c === '\\') {
      const escaped = cs[i + 1] ?? '';
      if (escaped === '') break;
      if (escaped !== '"' && escaped !== '\\') {
        const detail = `invalid escape '\\${escaped}' at position ${i + 1}; inside quotes a backslash may only precede " or \\`;
        return { token: { kind: 'bad', detail, at: i + 1 }, next: cs.length };
      }
      text += escaped;
      i += 1;
    } else text += c;
  }
  return {
    token: { kind: 'bad', detail: `unterminated quoted value starting at position ${at}`, at },
    next: cs.length,
  };
};

/** Stops after a bad token, so a parser that reaches it reports it and one that fails earlier never sees it. */
const tokenize = (cs: readonly string[]): readonly Token[] => {
  const tokens: Token[] = [];
  let i = 0;
  while (i < cs.length) {
    const c = cs[i] ?? '';
    if (isPunctuation(c)) {
      tokens.push({ kind: c, at: i + 1 });
      i += 1;
    } else if (c === '"') {
      const { token, next } = quoted(cs, i);
      tokens.push(token);
      i = next;
    } else {
      const start = i;
      while (isBare(cs[i] ?? '')) i += 1;
      tokens.push({ kind: 'text', text: cs.slice(start, i).join(''), quoted: false, at: start + 1 });
    }
  }
  return tokens;
};

interface Scan {
  readonly written: readonly Written[];
  readonly error?: string;
}

/** Reads conditions until the text ends or stops making sense; what came before a syntax error is kept for checking. */
const scan = (raw: string): Scan => {
  const cs = Array.from(raw);
  const tokens = tokenize(cs);
  const end: Token = { kind: 'end', at: cs.length + 1 };
  let j = 0;
  const take = (): Token => tokens[j++] ?? end;
  const written: Written[] = [];
  const stop = (error: string): Scan => ({ written, error });
  const unexpected = (t: Token, wanted: string): Scan =>
    stop(
      t.kind === 'bad'
        ? t.detail
        : `expected ${wanted} at position ${t.at}${t.kind === 'end' ? ' (the end of the filter)' : ''}`,
    );
  const value = (): string | Scan => {
    const t = take();
    if (t.kind === ',' || t.kind === ')' || (t.kind === 'text' && t.text === ''))
      return stop(`empty value at position ${t.at}`);
    return t.kind === 'text' ? t.text : unexpected(t, 'a value');
  };

  for (;;) {
    const op = take();
    if (op.kind !== 'text' || op.quoted) return unexpected(op, 'an operator');
    const open = take();
    if (open.kind !== '(') return unexpected(open, "'('");
    const field = take();
    if (field.kind !== 'text' || field.quoted) return unexpected(field, 'a field name');
    const comma = take();
    if (comma.kind !== ',') return unexpected(comma, "','");
    const first = value();
    if (typeof first !== 'string') return first;
    const values: [string, ...string[]] = [first];
    for (let after = take(); after.kind !== ')'; after = take()) {
      if (after.kind !== ',') return unexpected(after, "',' or ')'");
      const next = value();
      if (typeof next !== 'string') return next;
      values.push(next);
    }
    written.push({ op: op.text, at: op.at, field: field.text, fieldAt: field.at, values });
    const joint = take();
    if (joint.kind === 'end') return { written };
    if (joint.kind === 'bad') return stop(joint.detail);
    if (joint.kind !== ':') return stop(`unexpected text after ')' at position ${joint.at}`);
  }
};

const isOperator = (name: string): name is FilterOperator => (OPERATORS as readonly string[]).includes(name);

/** Own keys only, so `constructor` or `__proto__` are not mistaken for fields. */
const isField = <F extends string>(rules: FilterRules<F>, name: string): name is F => Object.hasOwn(rules, name);

const listed = (names: readonly string[]): string => (names.length === 0 ? 'none' : names.join(', '));

const check =
  <F extends string>(rules: FilterRules<F>) =>
  (w: Written): E.Either<readonly string[], FilterCondition<F>> => {
    const problems: string[] = [];
    const op = isOperator(w.op) ? w.op : undefined;
    const field = isField(rules, w.field) ? w.field : undefined;
    if (op === undefined)
      problems.push(`unknown operator '${w.op}' at position ${w.at}; allowed: ${listed(OPERATORS)}`);
    if (field === undefined)
      problems.push(
        `unknown field '${w.field}' at position ${w.fieldAt}; allowed: ${listed(Object.keys(rules).sort())}`,
      );
    if (op !== undefined && field !== undefined && !rules[field].includes(op)) {
      problems.push(
        `operator '${op}' is not allowed on field '${field}' at position ${w.at}; allowed: ${listed(rules[field])}`,
      );
    }
    if (op !== 'in' && op !== undefined && w.values.length !== 1)
      problems.push(`${op} takes exactly one value (position ${w.at})`);
    if (op === undefined || field === undefined || problems.length > 0) return E.left(problems);
    return E.right(op === 'in' ? { op, field, values: [...w.values] } : { op, field, value: RNEA.head(w.values) });
  };

/** The 1-based code-point position of the first character no backend can compare against. */
const firstUnstorable = (raw: string): number => Array.from(raw).findIndex((c) => !isStorableText(c)) + 1;

const filterIssue = (detail: string): ValidationIssue => ({
  source: 'filter',
  title: FILTER_PARSE_TITLE,
  code: 'invalid_filter',
  detail,
});

/**
 * Parses `op(field,value):op(field,v1,v2)`, the conditions all having to hold.
 * An over-long filter is refused unread; otherwise every unknown name is reported, up to the first syntax error.
 */
export const parseFilter = <F extends string>(
  raw: string,
  rules: FilterRules<F>,
): Parsed<readonly FilterCondition<F>[]> => {
  if (utf8Bytes(raw) > FILTER_MAX_BYTES) return E.left([filterIssue(`longer than ${FILTER_MAX_BYTES} bytes`)]);
  if (raw.trim() === '') return E.left([filterIssue('the filter is empty')]);
  if (!isStorableText(raw))
    return E.left([filterIssue(`${STORABLE_TEXT_RULE}; found one at position ${firstUnstorable(raw)}`)]);
  const { written, error } = scan(raw);
  const { left, right } = RA.separate(written.map(check(rules)));
  const problems = [
    ...left.flat(),
    ...(error === undefined ? [] : [error]),
    ...(written.length > FILTER_MAX_CONDITIONS ? [`more than ${FILTER_MAX_CONDITIONS} conditions`] : []),
  ];
  return RA.isNonEmpty(problems) ? E.left(RNEA.map(filterIssue)(problems)) : E.right(right);
};

/** The fixed parts of a `like` pattern, in order: what lies between its `*`s. */
export const likeSegments = (pattern: string): readonly string[] => pattern.split('*');

/** Whether `text` is the pattern with each `*` replaced by some run of characters (compared exactly, case included). */
export const likeMatches = (pattern: string, text: string): boolean => {
  const [first = '', ...rest] = likeSegments(pattern);
  if (rest.length === 0) return text === first;
  const last = rest.pop() ?? '';
  if (!text.startsWith(first) || text.length < first.length + last.length || !text.endsWith(last)) return false;
  let at = first.length;
  const end = text.length - last.length;
  for (const segment of rest) {
    const found = text.indexOf(segment, at);
    if (found < 0 || found + segment.length > end) return false;
    at = found + segment.length;
  }
  return true;
};

/** What a true/false field takes in a filter. */
export const BOOLEAN_FILTER_VALUES = ['true', 'false'] as const;

/** The values a field takes, when it takes only some (a boolean field: `BOOLEAN_FILTER_VALUES`). */
export type FilterValues<F extends string> = Partial<Readonly<Record<F, readonly string[]>>>;

/** The conditions, when every value of a field with fixed values is one of them; else every one that is not, reported. */
export const checkFilterValues = <F extends string>(
  conditions: readonly FilterCondition<F>[],
  allowed: FilterValues<F>,
): Parsed<readonly FilterCondition<F>[]> => {
  const problems = conditions.flatMap((condition) => {
    const values = allowed[condition.field];
    if (values === undefined) return [];
    return (condition.op === 'in' ? condition.values : [condition.value])
      .filter((value) => !values.includes(value))
      .map(
        (value) =>
          `${condition.field} takes only ${values.map((v) => `'${v}'`).join(' or ')}, not ${JSON.stringify(value)}`,
      );
  });
  return RA.isNonEmpty(problems) ? E.left(RNEA.map(filterIssue)(problems)) : E.right(conditions);
};

/** An instant as a filter writes it: a date and time with seconds, and `Z` or an offset. */
const INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,9})?(Z|[+-]\d{2}:\d{2})$/;

/**
 * The conditions, with each value of an instant field written as UTC to the millisecond (so that storage
 * compares like with like); else every value that is not an instant, reported.
 */
export const checkFilterInstants = <F extends string>(
  conditions: readonly FilterCondition<F>[],
  instants: readonly F[],
): Parsed<readonly FilterCondition<F>[]> => {
  const problems: string[] = [];
  const normal = (field: F, value: string): string => {
    const at = INSTANT.test(value) ? new Date(value) : undefined;
    if (at !== undefined && !Number.isNaN(at.getTime())) return at.toISOString();
    problems.push(`${field} takes an instant such as 2026-01-31T09:30:00Z, not ${JSON.stringify(value)}`);
    return value;
  };
  const checked = conditions.map((condition): FilterCondition<F> => {
    if (!instants.includes(condition.field)) return condition;
    return condition.op === 'in'
      ? { ...condition, values: condition.values.map((v) => normal(condition.field, v)) }
      : { ...condition, value: normal(condition.field, condition.value) };
  });
  return RA.isNonEmpty(problems) ? E.left(RNEA.map(filterIssue)(problems)) : E.right(checked);
};
