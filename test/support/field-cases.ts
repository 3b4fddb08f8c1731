import { expect } from 'chai';
import * as E from 'fp-ts/lib/Either.js';
import { STORABLE_TEXT_RULE } from '../../src/domain/shared/text.js';

/** `null` where a value is accepted, otherwise the one problem's detail. */
export type Expectation = string | null;

export const NAME_LIMIT = 'must be 3 to 1024 characters long';
export const AMOUNT_LIMIT = 'must be a whole number of minor units between 0 and 9007199254740991';
export const CURRENCY_KEY = 'must be keyed by a three-letter uppercase currency code';

export const nameCases: ReadonlyArray<[string, unknown, Expectation]> = [
  ['0 code points', '', NAME_LIMIT],
  ['2 code points', 'ab', NAME_LIMIT],
  ['3 code points', 'abc', null],
  ['1024 code points', 'n'.repeat(1024), null],
  ['1025 code points', 'n'.repeat(1025), NAME_LIMIT],
  ['2 astral code points', '😀'.repeat(2), NAME_LIMIT],
  ['3 astral code points', '😀'.repeat(3), null],
  ['1024 astral code points', '😀'.repeat(1024), null],
  ['1025 astral code points', '😀'.repeat(1025), NAME_LIMIT],
  ['a lone surrogate', 'ab\uD800', STORABLE_TEXT_RULE],
  ['a NUL character', 'ab\u0000c', STORABLE_TEXT_RULE],
  ['a tab and a newline', 'a\tb\nc', null],
  ['a number', 123, 'must be a string'],
];

export const maxLengthCases = (max: number): ReadonlyArray<[string, unknown, Expectation]> => [
  ['0 code points', '', null],
  [`${max} code points`, 'd'.repeat(max), null],
  [`${max} astral code points`, '😀'.repeat(max), null],
  [`${max + 1} code points`, 'd'.repeat(max + 1), `must be at most ${max} characters long`],
  [`${max + 1} astral code points`, '😀'.repeat(max + 1), `must be at most ${max} characters long`],
  ['a NUL character', 'd\u0000', STORABLE_TEXT_RULE],
  ['a lone low surrogate', '\uDC00', STORABLE_TEXT_RULE],
  ['a boolean', true, 'must be a string'],
];

/** Checks one attribute: accepted values come back unchanged, refused ones give exactly one issue at `source`. */
export const expectField = (
  result: E.Either<unknown, unknown>,
  field: string,
  value: unknown,
  expected: Expectation,
  source: string,
): void => {
  if (expected === null) {
    expect(E.isRight(result)).to.equal(true);
    if (E.isRight(result)) expect((result.right as Record<string, unknown>)[field]).to.deep.equal(value);
  } else {
    expect(result).to.deep.equal(E.left([{ source, detail: expected }]));
  }
};

export const EMAIL_FORM = 'must be an email address';
export const EMAIL_LENGTH = 'must be 3 to 1024 characters long';

export const emailCases: ReadonlyArray<[string, unknown, Expectation]> = [
  ['a plain address', 'jane@example.com', null],
  ['a tagged address', 'a+b@x.com', null],
  ['non-ASCII letters', 'zoë@exämple.org', null],
  ['3 code points', 'a@b', null],
  ['1024 code points', `${'a'.repeat(1018)}@x.com`, null],
  ['1025 code points', `${'a'.repeat(1019)}@x.com`, EMAIL_LENGTH],
  ['2 code points', 'a@', EMAIL_LENGTH],
  ['no at sign', 'no-at-sign', EMAIL_FORM],
  ['a space', 'a b@x.com', EMAIL_FORM],
  ['two at signs', 'a@b@x.com', EMAIL_FORM],
  ['nothing before the at sign', '@x.com', EMAIL_FORM],
  ['a NUL character', 'a\u0000@x.com', STORABLE_TEXT_RULE],
  ['a number', 42, 'must be a string'],
];
