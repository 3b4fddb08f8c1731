import { expect } from 'chai';
import fc from 'fast-check';
import pg from 'pg';
import { parseTimestamptz, TIMESTAMPTZ_OID } from '../../../src/adapters/persistence/kysely/engine/pg-timestamps.js';

const pgParser = pg.types.getTypeParser(TIMESTAMPTZ_OID, 'text') as (text: string) => Date | number | null;

/** What a parser made of a text, comparable with deep equality: an invalid Date compares as NaN. */
const seen = (value: Date | number | null): unknown => (value instanceof Date ? ['date', value.getTime()] : value);

const two = (n: number) => String(n).padStart(2, '0');

/** A timestamptz as PostgreSQL writes it: any fraction of 0 to 6 digits, any offset it may print. */
const timestamptzText = fc
  .record({
    year: fc.integer({ min: 1, max: 12_000 }),
    month: fc.integer({ min: 1, max: 12 }),
    day: fc.integer({ min: 1, max: 28 }),
    hour: fc.integer({ min: 0, max: 23 }),
    minute: fc.integer({ min: 0, max: 59 }),
    second: fc.integer({ min: 0, max: 59 }),
    fraction: fc.stringMatching(/^[0-9]{0,6}$/),
    sign: fc.constantFrom('+', '-'),
    offsetHours: fc.integer({ min: 0, max: 15 }),
    offsetMinutes: fc.constantFrom(undefined, 0, 30, 45),
    offsetSeconds: fc.constantFrom(undefined, 0, 8, 39),
    bc: fc.boolean(),
  })
  .map(
    (t) =>
      `${String(t.year).padStart(4, '0')}-${two(t.month)}-${two(t.day)} ${two(t.hour)}:${two(t.minute)}:${two(t.second)}` +
      `${t.fraction === '' ? '' : `.${t.fraction}`}${t.sign}${two(t.offsetHours)}` +
      `${t.offsetMinutes === undefined ? '' : `:${two(t.offsetMinutes)}`}` +
      `${t.offsetMinutes === undefined || t.offsetSeconds === undefined ? '' : `:${two(t.offsetSeconds)}`}` +
      `${t.bc && t.year < 5000 ? ' BC' : ''}`,
  );

describe('timestamptz text read without regular expressions', () => {
  it('reads every text PostgreSQL may write as pg’s own parser does', () => {
    fc.assert(
      fc.property(timestamptzText, (text) => {
        expect(seen(parseTimestamptz(text)), text).to.deep.equal(seen(pgParser(text)));
      }),
      { numRuns: 20_000 },
    );
  });

  it('reads anything else as pg’s own parser does', () => {
    const near = fc
      .tuple(timestamptzText, fc.nat(40), fc.string({ maxLength: 3 }))
      .map(([text, at, insert]) => text.slice(0, at) + insert + text.slice(at + insert.length));
    fc.assert(
      fc.property(fc.oneof(near, fc.string({ maxLength: 40 })), (text) => {
        expect(seen(parseTimestamptz(text)), text).to.deep.equal(seen(pgParser(text)));
      }),
      { numRuns: 20_000 },
    );
  });

  it('reads the edges of its own form: infinity, years of five digits and before 1000, a bare offset', () => {
    const table: readonly [string, unknown][] = [
      ['infinity', Number.POSITIVE_INFINITY],
      ['-infinity', Number.NEGATIVE_INFINITY],
      ['2026-11-30 05:16:58.123+00', ['date', Date.UTC(2026, 10, 30, 5, 16, 58, 123)]],
      ['2026-11-30 05:16:58.1239+00', ['date', Date.UTC(2026, 10, 30, 5, 16, 58, 123)]],
      ['2026-11-30 05:16:58.5+05:30', ['date', Date.UTC(2026, 10, 29, 23, 46, 58, 500)]],
      ['1883-11-18 12:00:00-04:56:02', ['date', Date.UTC(1883, 10, 18, 16, 56, 2)]],
      ['0099-01-01 00:00:00+00', ['date', new Date('0099-01-01T00:00:00Z').getTime()]],
      ['12026-01-01 00:00:00+00', ['date', new Date('+012026-01-01T00:00:00Z').getTime()]],
    ];
    for (const [text, expected] of table) {
      expect(seen(parseTimestamptz(text)), text).to.deep.equal(expected);
      expect(seen(pgParser(text)), text).to.deep.equal(expected);
    }
  });
});

const postgresUrl = process.env['TEST_POSTGRES_URL'];

describe('timestamptz text from PostgreSQL itself (TEST_POSTGRES_URL)', () => {
  let client: pg.Client;
  before(async function () {
    if (postgresUrl === undefined) this.skip(); // no PostgreSQL server configured
    client = new pg.Client({ connectionString: postgresUrl, types: { getTypeParser: () => (text: string) => text } });
    await client.connect();
  });
  after(async () => {
    await client?.end();
  });

  it('reads what the server writes in any session time zone as the instant it keeps', async () => {
    for (const zone of ['UTC', 'Asia/Kolkata', 'America/St_Johns', 'Pacific/Chatham', 'Europe/Amsterdam']) {
      await client.query(`set time zone '${zone}'`);
      const { rows } = await client.query<{ text: string; ms: string }>(
        `select t::text as text, (extract(epoch from t) * 1000)::bigint::text as ms
           from (select timestamptz '1883-11-18 12:00:00 UTC' + n * interval '7919 minutes 13.457 seconds' as t
                   from generate_series(0, 2000) n) instants`,
      );
      for (const { text, ms } of rows) {
        const parsed = parseTimestamptz(text);
        expect(parsed instanceof Date ? parsed.getTime() : parsed, `${zone}: ${text}`).to.equal(Number(ms));
      }
    }
  });
});
