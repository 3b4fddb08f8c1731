import { expect } from 'chai';
import fc from 'fast-check';
import { IMPORT_RECORD_TYPES, readImportLine } from '../../../src/domain/imports/import-line.js';
import { jsonTooDeep, MAX_JSON_DEPTH, withinJsonDepth } from '../../../src/domain/shared/json-depth.js';

/** A line whose `data.attributes.tags` nests `depth` arrays: the whole line nests `depth + 3` deep. */
const tagsNested = (depth: number): string =>
  `{"data":{"type":"subscription_product","attributes":{"tags":${'['.repeat(depth)}${']'.repeat(depth)}}}}`;

describe('readImportLine', () => {
  const cases: ReadonlyArray<readonly [string, string, string | undefined]> = [
    ['a product', '{"data":{"type":"subscription_product","attributes":{"name":"Beans"}}}', undefined],
    ['a line at the depth limit', tagsNested(MAX_JSON_DEPTH - 3), undefined],
    ['a line one level past it', tagsNested(MAX_JSON_DEPTH - 2), jsonTooDeep()],
    ['a line 5,000 deep', tagsNested(5_000), jsonTooDeep()],
    ['a line 5,000 deep that is not JSON either', '['.repeat(5_000), jsonTooDeep()],
    [
      'brackets inside strings',
      `{"data":{"type":"subscription_product","attributes":{"name":"${'['.repeat(5_000)}"}}}`,
      undefined,
    ],
    ['text that is not JSON', '{"data": {', 'the line is not valid JSON'],
    [
      'a raw U+0000',
      '{"data":{"type":"subscription_product","attributes":{"name":"a\u0000b"}}}',
      'the line is not valid JSON',
    ],
    ['an array', '[1]', 'the line must be a JSON object with a `data` object'],
    ['no data object', '{"data":"x"}', 'the line must be a JSON object with a `data` object'],
    [
      'an unknown type',
      '{"data":{"type":"subscription_coupon"}}',
      `data.type must be one of ${IMPORT_RECORD_TYPES.join(', ')}`,
    ],
  ];
  for (const [what, text, error] of cases) {
    it(`${what}: ${error ?? 'read'}`, () => {
      const read = readImportLine(text);
      if (error === undefined) expect(read).to.have.property('recordType', 'subscription_product');
      else expect(read).to.deep.equal({ error });
    });
  }

  it('keeps `data` as JSON text that parses back to what the line held', () => {
    const read = readImportLine(
      '{"data":{"type":"subscription_plan","attributes":{"name":"a\\u0000b","n":1}},"other":true}',
    );
    expect(read).to.deep.equal({
      recordType: 'subscription_plan',
      body: '{"type":"subscription_plan","attributes":{"name":"a\\u0000b","n":1}}',
    });
  });

  it('never throws, and reads a line exactly when it is JSON with a known data.type, nested no deeper than the limit', () => {
    const line = fc.oneof(
      fc.string(),
      fc.jsonValue({ maxDepth: 6 }).map((value) => JSON.stringify({ data: value })),
      fc
        .tuple(
          fc.constantFrom(...IMPORT_RECORD_TYPES),
          fc.jsonValue({ maxDepth: 4 }),
          fc.integer({ min: 0, max: 2 * MAX_JSON_DEPTH }),
        )
        .map(([type, value, depth]) =>
          JSON.stringify({ data: { type, attributes: { value } } }).replace(
            '"attributes":{',
            `"attributes":{"deep":${'['.repeat(depth)}${']'.repeat(depth)},`,
          ),
        ),
    );
    const readable = (text: string): boolean => {
      if (!withinJsonDepth(text)) return false;
      try {
        const data = (JSON.parse(text) as { data?: { type?: unknown } } | null)?.data;
        return (
          typeof data === 'object' &&
          data !== null &&
          !Array.isArray(data) &&
          IMPORT_RECORD_TYPES.some((t) => t === data.type)
        );
      } catch {
        return false;
      }
    };
    fc.assert(
      fc.property(line, (text) => {
        const read = readImportLine(text);
        expect('error' in read, text).to.equal(!readable(text));
        if ('error' in read) return;
        const parsed = JSON.parse(read.body) as { type: unknown };
        expect(IMPORT_RECORD_TYPES).to.include(parsed.type);
        expect(read.recordType).to.equal(parsed.type);
        expect(JSON.stringify(parsed)).to.equal(read.body);
      }),
    );
  });
});
