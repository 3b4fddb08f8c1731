import { expect } from 'chai';
import * as E from 'fp-ts/lib/Either.js';
import { parseTimestamp } from '../../../src/domain/shared/timestamp.js';

const parse = parseTimestamp('data.go_live_after');

describe('timestamps in requests', () => {
  const accepted: ReadonlyArray<[string, string]> = [
    ['2026-03-01T09:00:00Z', '2026-03-01T09:00:00.000Z'],
    ['2026-03-01t09:00:00z', '2026-03-01T09:00:00.000Z'],
    ['2026-03-01T09:00:00.123456789Z', '2026-03-01T09:00:00.123Z'],
    ['2026-03-01T10:30:00+01:30', '2026-03-01T09:00:00.000Z'],
    ['9999-12-31T23:59:59.999Z', '9999-12-31T23:59:59.999Z'],
    ['2028-02-29T00:00:00Z', '2028-02-29T00:00:00.000Z'],
    ['2026-04-30T23:00:00-02:00', '2026-05-01T01:00:00.000Z'],
  ];
  for (const [text, iso] of accepted)
    it(`reads ${text}`, () => expect(E.map((d: Date) => d.toISOString())(parse(text))).to.deep.equal(E.right(iso)));

  for (const text of [
    '2026-02-29T00:00:00Z',
    '2026-02-31T00:00:00Z',
    '2026-04-31T10:00:00+02:00',
    '2026-03-01',
    '2026-03-01T09:00:00',
    '2026-13-01T09:00:00Z',
    '2026-03-01T24:00:00Z',
    '2026-03-01 09:00:00Z',
    '0000-01-01T00:00:00Z',
    'tomorrow',
    1772355600000,
    null,
  ]) {
    it(`refuses ${JSON.stringify(text)}`, () =>
      expect(parse(text)).to.deep.equal(
        E.left([
          {
            source: 'data.go_live_after',
            detail: 'must be an RFC 3339 date and time with a time zone, such as 2026-03-01T09:00:00Z',
          },
        ]),
      ));
  }
});
