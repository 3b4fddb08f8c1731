import { expect } from 'chai';
import * as E from 'fp-ts/lib/Either.js';
import { INT32_MAX, integerInRange, integerTextInRange } from '../../../src/domain/shared/integer.js';

describe('integers', () => {
  const atLeastZero = integerInRange(0, INT32_MAX)('data.reserved_rate_limit');
  const table: ReadonlyArray<[unknown, boolean]> = [
    [-1, false],
    [0, true],
    [1, true],
    [INT32_MAX, true],
    [INT32_MAX + 1, false],
    [1.5, false],
    ['5', false],
    [null, false],
    [Number.NaN, false],
  ];
  for (const [input, valid] of table) {
    it(`${valid ? 'accepts' : 'refuses'} ${String(input)} as a JSON integer`, () => {
      expect(E.isRight(atLeastZero(input))).to.equal(valid);
    });
  }

  const limit = integerTextInRange(1, 100)('page[limit]');
  const texts: ReadonlyArray<[string, number | undefined]> = [
    ['0', undefined],
    ['1', 1],
    ['100', 100],
    ['101', undefined],
    ['01', undefined],
    ['1e2', undefined],
    [' 5', undefined],
    ['-1', undefined],
    ['', undefined],
    ['99999999999999999999', undefined],
  ];
  for (const [text, value] of texts) {
    it(`reads "${text}" as ${value ?? 'an error'}`, () => {
      expect(limit(text)).to.deep.equal(
        value === undefined
          ? E.left([{ source: 'page[limit]', detail: 'must be an integer between 1 and 100' }])
          : E.right(value),
      );
    });
  }
});
