import { expect } from 'chai';
import fc from 'fast-check';
import * as E from 'fp-ts/lib/Either.js';
import { filterText, filterValue, valuesOf } from '../../console/src/filter.js';
import { parseFilter } from '../../src/domain/query/filter.js';
import { isStorableText } from '../../src/domain/shared/text.js';
import { propertyRuns } from '../properties/property-runs.js';

const RULES = { name: ['eq', 'in'], email: ['eq', 'in'], legal_name: ['like'] } as const;

/** What a merchant may type as one value: the console trims it, and the API stores no control characters. */
const typed = fc
  .string({
    unit: fc.constantFrom(
      'a',
      'Z',
      '7',
      ' ',
      ',',
      ':',
      '(',
      ')',
      '"',
      '\\',
      '@',
      '.',
      '+',
      '-',
      "'",
      'é',
      '😀',
      '%',
      '&',
      '=',
      '#',
    ),
    minLength: 1,
    maxLength: 24,
  })
  .map((s) => s.trim())
  .filter((s) => s !== '' && isStorableText(s));

describe('Console: the filter it writes', () => {
  it('is read back by the API as exactly the conditions typed, whatever the values hold', () => {
    fc.assert(
      fc.property(typed, fc.array(typed, { minLength: 1, maxLength: 5 }), (one, many) => {
        const pattern = `*${one}*`;
        const text = filterText([
          { op: 'eq', field: 'name', values: [one] },
          { op: 'in', field: 'email', values: many },
          { op: 'like', field: 'legal_name', values: [pattern] },
        ]);
        const parsed = parseFilter(text, RULES);
        expect(E.isRight(parsed), text).to.equal(true);
        expect(E.isRight(parsed) ? parsed.right : undefined).to.deep.equal([
          { op: 'eq', field: 'name', value: one },
          { op: 'in', field: 'email', values: many },
          { op: 'like', field: 'legal_name', value: pattern },
        ]);
      }),
      { numRuns: propertyRuns(200) },
    );
  });

  const quoting: [string, string][] = [
    ['Ada', 'Ada'],
    ['Smith Jane', 'Smith Jane'],
    ['a+b@example.com', 'a+b@example.com'],
    ['back\\slash', 'back\\slash'],
    ['Smith, Jane', '"Smith, Jane"'],
    ['a:b', '"a:b"'],
    ['(x)', '"(x)"'],
    ['say "hi"', '"say \\"hi\\""'],
    ['a\\,b', '"a\\\\,b"'],
  ];
  for (const [value, written] of quoting)
    it(`writes ${JSON.stringify(value)} as ${written}`, () => expect(filterValue(value)).to.equal(written));

  it('takes one value for eq and one a line for in, ignoring blank lines and the spaces around each', () => {
    expect(valuesOf('eq', '  Ada Lovelace  ')).to.deep.equal(['Ada Lovelace']);
    expect(valuesOf('eq', '   ')).to.deep.equal([]);
    expect(valuesOf('in', 'a@x.io\n\n  b@x.io \n')).to.deep.equal(['a@x.io', 'b@x.io']);
    expect(valuesOf('eq', 'a\nb')).to.deep.equal(['a\nb']);
  });
});
