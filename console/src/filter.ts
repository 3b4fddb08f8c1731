/**
 * An operator of the API's filter grammar: `like` takes a pattern in which `*` stands for any run of
 * characters; `gt` and `lt` take an instant (later than, earlier than).
 */
export type Operator = 'eq' | 'in' | 'like' | 'gt' | 'lt';

/** One condition of the API's filter grammar (`eq(field,value)`, `in(field,v1,v2)` or `like(field,pattern)`). */
export interface Condition {
  readonly op: Operator;
  readonly field: string;
  readonly values: readonly string[];
}

const NEEDS_QUOTES = /[,:()"]/;

/** A value as the grammar wants it: bare when it can be, quoted with `\"` and `\\` when it holds , : ( ) or ". */
export const filterValue = (value: string): string =>
  NEEDS_QUOTES.test(value) ? `"${value.replace(/[\\"]/g, (c) => `\\${c}`)}"` : value;

/** The `filter` query value for every condition (all must hold). */
export const filterText = (conditions: readonly Condition[]): string =>
  conditions.map((c) => `${c.op}(${c.field},${c.values.map(filterValue).join(',')})`).join(':');

/** The values typed for a condition: `in` takes one per line, `eq` and `like` the whole text. */
export const valuesOf = (op: Operator, text: string): string[] =>
  op !== 'in'
    ? [text.trim()].filter((v) => v !== '')
    : text
        .split('\n')
        .map((v) => v.trim())
        .filter((v) => v !== '');
