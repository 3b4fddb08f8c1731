import { expect } from 'chai';
import fc from 'fast-check';
import { likeMatches, likeSegments } from '../../../src/domain/query/filter.js';

/** The pattern as a regular expression, written independently: each `*` any run, the rest literal, the whole text. */
const reference = (pattern: string): RegExp =>
  new RegExp(
    `^${pattern
      .split('*')
      .map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
      .join('.*')}$`,
    'su',
  );

describe('like patterns', () => {
  const table: ReadonlyArray<readonly [string, string, boolean]> = [
    ['*swan*', 'Ron Swanson', false],
    ['*Swan*', 'Ron Swanson', true],
    ['Ron*', 'Ron Swanson', true],
    ['*son', 'Ron Swanson', true],
    ['*son', 'Ron Swansons', false],
    ['Ron', 'Ron', true],
    ['Ron', 'Ron Swanson', false],
    ['*', '', true],
    ['**', 'anything', true],
    ['a*a', 'a', false],
    ['a*a', 'aa', true],
    ['ab*bc', 'abc', false],
    ['ab*bc', 'abbc', true],
    ['*@example.com', 'ron@example.com', true],
    ['*@example.com', 'ron@example.co', false],
    ['100%*', '100% off', true],
    ['_*', 'x', false],
    ['*😀*', 'a😀b', true],
  ];
  for (const [pattern, text, expected] of table) {
    it(`${pattern} ${expected ? 'matches' : 'does not match'} ${JSON.stringify(text)}`, () => {
      expect(likeMatches(pattern, text)).to.equal(expected);
    });
  }

  it('splits a pattern into what lies between its stars', () => {
    expect(likeSegments('*a**b*')).to.deep.equal(['', 'a', '', 'b', '']);
    expect(likeSegments('plain')).to.deep.equal(['plain']);
  });

  it('matches exactly when the reference expression does, for any pattern and text', () => {
    const alphabet = fc.constantFrom('a', 'b', '*', '%', '_', '!', '😀');
    const word = (max: number) => fc.array(alphabet, { maxLength: max }).map((cs) => cs.join(''));
    fc.assert(
      fc.property(word(6), word(8), (pattern, text) => {
        const plain = text.replaceAll('*', 'a');
        expect(likeMatches(pattern, plain), `${pattern} ~ ${plain}`).to.equal(reference(pattern).test(plain));
      }),
      { numRuns: 2000 },
    );
  });
});
