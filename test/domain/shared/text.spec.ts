import { expect } from 'chai';
import * as E from 'fp-ts/lib/Either.js';
import { boundedString, codePoints } from '../../../src/domain/shared/text.js';

describe('bounded strings', () => {
  const nameOf3To1024 = boundedString(3, 1024)('data.name');

  const table: ReadonlyArray<[string, unknown, boolean]> = [
    ['2 code points', 'ab', false],
    ['3 code points', 'abc', true],
    ['1024 code points', 'x'.repeat(1024), true],
    ['1025 code points', 'x'.repeat(1025), false],
    ['1024 astral code points (2048 UTF-16 units)', '😀'.repeat(1024), true],
    ['1025 astral code points', '😀'.repeat(1025), false],
    ['3 combining-free CJK characters', '名前だ', true],
    ['a number', 42, false],
    ['null', null, false],
    ['a lone surrogate', 'ab\uD800', false],
    ['a NUL at the start', '\u0000abc', false],
    ['a NUL at the end', 'abc\u0000', false],
    ['other C0 controls (storable everywhere)', 'a\u0001\u001Fb', true],
    ['U+FFFF, a noncharacter every backend stores', 'ab\uFFFF', true],
  ];
  for (const [label, input, valid] of table) {
    it(`${valid ? 'accepts' : 'refuses'} ${label}`, () => {
      expect(E.isRight(nameOf3To1024(input))).to.equal(valid);
    });
  }

  it('names the source and the limits in the issue', () => {
    expect(nameOf3To1024('ab')).to.deep.equal(
      E.left([{ source: 'data.name', detail: 'must be 3 to 1024 characters long' }]),
    );
  });

  it('counts code points, not UTF-16 units', () => {
    expect(codePoints('😀a')).to.equal(2);
  });
});
