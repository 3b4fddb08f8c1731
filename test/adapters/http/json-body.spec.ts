import { expect } from 'chai';
import fc from 'fast-check';
import { readJsonBody, UnreadableJson } from '../../../src/adapters/http/json-body.js';
import { withoutTrailingSlashes } from '../../../src/adapters/http/middleware/body-rules.js';
import { MAX_JSON_DEPTH } from '../../../src/domain/shared/json-depth.js';
import { propertyRuns } from '../../properties/property-runs.js';

const refusal = (text: string): string | undefined => {
  try {
    readJsonBody(text);
    return undefined;
  } catch (error) {
    if (!(error instanceof UnreadableJson)) throw error;
    return error.detail;
  }
};

const nested = (depth: number) => `${'['.repeat(depth)}${']'.repeat(depth)}`;

describe('HTTP: reading a JSON body', () => {
  it('takes objects and arrays up to the depth limit, and refuses the rest saying why', () => {
    const table: readonly [string, string | undefined][] = [
      ['', undefined],
      ['{}', undefined],
      [' \n\t[1]', undefined],
      [nested(MAX_JSON_DEPTH), undefined],
      [nested(MAX_JSON_DEPTH + 1), 'the request body is not accepted: the JSON nests deeper than 64 levels'],
      [`{"a":${nested(MAX_JSON_DEPTH)}}`, 'the request body is not accepted: the JSON nests deeper than 64 levels'],
      ['['.repeat(1_000_000), 'the request body is not accepted: the JSON nests deeper than 64 levels'],
      ['"a string"', 'the request body is not valid JSON: it must be an object or an array'],
      ['42', 'the request body is not valid JSON: it must be an object or an array'],
      ['{"data": ', 'the request body is not valid JSON'],
      ['{"__proto__": {"admin": true}}', 'the request body is not accepted: it has a "__proto__" member'],
      ['{"data": {"a": 1, "__proto__": 1}}', 'the request body is not accepted: it has a "__proto__" member'],
      ['{"data": {"__proto_": 1, "proto": "__proto__"}}', undefined],
    ];
    expect(table.map(([text]) => [text.length > 200 ? text.slice(0, 8) : text, refusal(text)])).to.deep.equal(
      table.map(([text, why]) => [text.length > 200 ? text.slice(0, 8) : text, why]),
    );
  });

  it('reads whatever JSON.parse reads, when it is an object or an array within the limit', () => {
    fc.assert(
      fc.property(
        fc.oneof(fc.dictionary(fc.string(), fc.jsonValue({ maxDepth: 6 })), fc.array(fc.jsonValue({ maxDepth: 6 }))),
        (value) => {
          const text = JSON.stringify(value);
          if (text.includes('"__proto__"')) return;
          expect(readJsonBody(text)).to.deep.equal(JSON.parse(text));
        },
      ),
      { numRuns: propertyRuns(300) },
    );
  });

  it('costs a scan of the first levels of a deep document, not a parse of all of them', () => {
    const deep = nested(512 * 1024);
    const started = performance.now();
    for (let i = 0; i < 10; i += 1) expect(refusal(deep)).to.include('deeper than 64');
    expect((performance.now() - started) / 10, 'ms per refusal').to.be.below(5);
  });
});

describe('HTTP: trailing slashes', () => {
  it('strips them as /\\/+$/ does, in time linear in the path', () => {
    fc.assert(
      fc.property(fc.string({ unit: fc.constantFrom('/', 'a', 'b', '.') }), (path) => {
        expect(withoutTrailingSlashes(path)).to.equal(path.replace(/\/+$/, ''));
      }),
      { numRuns: propertyRuns(500) },
    );
    const hostile = `/${'/'.repeat(64_000)}a`;
    const started = performance.now();
    expect(withoutTrailingSlashes(hostile)).to.equal(hostile);
    expect(performance.now() - started).to.be.below(20);
  });
});
