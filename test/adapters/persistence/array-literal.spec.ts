import { expect } from 'chai';
import fc from 'fast-check';
import { sql } from 'kysely';
import { arrayLiteral } from '../../../src/adapters/persistence/kysely/bulk-insert.js';
import { forEachBackend } from '../../support/backends.js';

/** Strings as rows carry them: any text but NUL, which PostgreSQL's text cannot hold. */
const text = fc.string({ unit: 'binary', maxLength: 40 }).filter((s) => !s.includes('\u0000'));

describe('Array literals bound as one parameter (arrayLiteral)', () => {
  it('writes nulls, numbers and booleans bare, strings quoted, and escapes only quotes and backslashes', () => {
    expect(arrayLiteral([null, undefined, 7, -1.5, true, false, '', 'a,b', 'NULL', 'say "hi"', 'c:\\x'])).to.equal(
      '{NULL,NULL,7,-1.5,true,false,"","a,b","NULL","say \\"hi\\"","c:\\\\x"}',
    );
    expect(arrayLiteral([new Date(Date.UTC(2026, 10, 27, 8, 30, 0, 123))])).to.equal('{"2026-11-27T08:30:00.123Z"}');
    expect(arrayLiteral([])).to.equal('{}');
  });

  it('refuses a value no row mapper produces instead of sending its text form', () => {
    expect(() => arrayLiteral([{ a: 1 }])).to.throw(/type object/);
    expect(() => arrayLiteral([10n])).to.throw(/type bigint/);
  });
});

forEachBackend(
  'Array literals read back by PostgreSQL',
  (backend, persistence) => {
    // MariaDB has no arrays: its many-row inserts are VALUES lists, held by the import line repository's contract.
    if (backend.name === 'MariaDB') return;
    it('gives back every string, null, number, boolean and instant it was given, in order', async () => {
      const p = persistence();
      if (p.kind !== 'database') throw new Error('a database backend');
      await fc.assert(
        fc.asyncProperty(
          fc.array(fc.option(text, { nil: null }), { maxLength: 30 }),
          fc.array(fc.option(fc.integer(), { nil: null }), { maxLength: 10 }),
          fc.array(fc.boolean(), { maxLength: 10 }),
          fc.array(fc.date({ min: new Date('1970-01-01'), max: new Date('2200-01-01'), noInvalidDate: true }), {
            maxLength: 10,
          }),
          async (strings, numbers, booleans, dates) => {
            const read = async <T>(values: readonly unknown[], type: string): Promise<T[]> =>
              (
                await sql<{ v: T }>`select unnest(${arrayLiteral(values)}::${sql.raw(type)}) as v`.execute(p.handle.db)
              ).rows.map((r) => r.v);
            expect(await read(strings, 'text[]')).to.deep.equal(strings);
            expect(
              (await read<string | number | null>(numbers, 'bigint[]')).map((n) => (n === null ? n : Number(n))),
            ).to.deep.equal(numbers);
            expect(await read(booleans, 'boolean[]')).to.deep.equal(booleans);
            expect((await read<Date>(dates, 'timestamp(3) with time zone[]')).map((d) => d.getTime())).to.deep.equal(
              dates.map((d) => d.getTime()),
            );
          },
        ),
        { numRuns: 60 },
      );
    });
  },
  { sqlOnly: true },
);
