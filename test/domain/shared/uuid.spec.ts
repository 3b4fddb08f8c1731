import { expect } from 'chai';
import fc from 'fast-check';
import { parseUuid, Uuid } from '../../../src/domain/shared/uuid.js';

/** The rule as it reads in RFC 9562's text form: hex digits in 8-4-4-4-12 groups, stored in lower case. */
const CANONICAL = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const ANY_CASE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const uuidLike = fc.oneof(
  fc.uuid(),
  fc.uuid().map((u) => u.toUpperCase()),
  // One character of a UUID replaced by anything: a hyphen moved, a letter past f, a digit for a hyphen.
  fc
    .tuple(fc.uuid(), fc.nat(35), fc.constantFrom('-', 'g', 'F', '0', ' ', 'é', '\n', ''))
    .map(([u, at, c]) => `${u.slice(0, at)}${c}${u.slice(at + 1)}`),
  fc.uuid().map((u) => `${u}\n`),
  fc.string({ minLength: 35, maxLength: 37 }),
  fc.string(),
);

describe('UUIDs', () => {
  it('are exactly the lower-case 8-4-4-4-12 hex text', () => {
    fc.assert(
      fc.property(uuidLike, (text) => {
        expect(Uuid.is(text), text).to.equal(CANONICAL.test(text));
      }),
      { numRuns: 2000 },
    );
  });

  it('are parsed from any case to lower case, and anything else is no UUID', () => {
    fc.assert(
      fc.property(uuidLike, (text) => {
        expect(parseUuid(text), text).to.equal(ANY_CASE.test(text) ? text.toLowerCase() : undefined);
      }),
      { numRuns: 2000 },
    );
  });

  it('at the edges of each group', () => {
    const cases: ReadonlyArray<readonly [unknown, string | undefined]> = [
      ['00000000-0000-0000-0000-000000000000', '00000000-0000-0000-0000-000000000000'],
      ['ffffffff-ffff-ffff-ffff-ffffffffffff', 'ffffffff-ffff-ffff-ffff-ffffffffffff'],
      ['FFFFFFFF-FFFF-FFFF-FFFF-FFFFFFFFFFFF', 'ffffffff-ffff-ffff-ffff-ffffffffffff'],
      ['0000000-00000-0000-0000-000000000000', undefined],
      ['00000000-0000-0000-0000-00000000000', undefined],
      ['00000000-0000-0000-0000-0000000000000', undefined],
      ['00000000000000000000000000000000', undefined],
      ['{00000000-0000-0000-0000-000000000000}', undefined],
      ['0000000g-0000-0000-0000-000000000000', undefined],
      ['', undefined],
      [42, undefined],
      [undefined, undefined],
    ];
    for (const [input, expected] of cases) expect(parseUuid(input), String(input)).to.equal(expected);
  });
});
