import { expect } from 'chai';
import fc from 'fast-check';
import { jsonDepth, MAX_JSON_DEPTH, withinJsonDepth } from '../../../src/domain/shared/json-depth.js';

describe('jsonDepth', () => {
  const cases: ReadonlyArray<readonly [string, number]> = [
    ['', 0],
    ['1', 0],
    ['"[[["', 0],
    ['{}', 1],
    ['[]', 1],
    ['{"a":[1,{"b":[]}]}', 4],
    ['{"a":"\\"[[[","b":[]}', 2],
    ['"\\\\"[[', 2],
    [']]]][', 1],
    ['[[[', 3],
  ];
  for (const [text, depth] of cases) {
    it(`${JSON.stringify(text)} nests ${depth} deep`, () => expect(jsonDepth(text, 100)).to.equal(depth));
  }

  it('stops one level past the limit', () => {
    expect(jsonDepth('['.repeat(100_000), MAX_JSON_DEPTH)).to.equal(MAX_JSON_DEPTH + 1);
    expect(withinJsonDepth(`${'['.repeat(MAX_JSON_DEPTH)}${']'.repeat(MAX_JSON_DEPTH)}`)).to.equal(true);
    expect(withinJsonDepth(`${'['.repeat(MAX_JSON_DEPTH + 1)}${']'.repeat(MAX_JSON_DEPTH + 1)}`)).to.equal(false);
  });

  it('agrees with the depth of any parsed JSON value', () => {
    const depthOf = (value: unknown): number =>
      Array.isArray(value)
        ? 1 + Math.max(0, ...value.map(depthOf))
        : typeof value === 'object' && value !== null
          ? 1 + Math.max(0, ...Object.values(value).map(depthOf))
          : 0;
    fc.assert(
      fc.property(fc.jsonValue({ maxDepth: 8 }), (value) => {
        expect(jsonDepth(JSON.stringify(value), 100)).to.equal(depthOf(value));
      }),
    );
  });
});
