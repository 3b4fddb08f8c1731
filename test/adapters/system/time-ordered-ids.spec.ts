import { expect } from 'chai';
import fc from 'fast-check';
import { timeOrderedIds } from '../../../src/adapters/system/time-ordered-ids.js';
import { parseUuid } from '../../../src/domain/shared/uuid.js';

const V7 = /^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
const millisOf = (id: string): number => Number.parseInt(id.replaceAll('-', '').slice(0, 12), 16);
const counterOf = (id: string): number => Number.parseInt(id.slice(15, 18), 16);

/** A clock that reads the given times in turn, the last one for ever after. */
const clockReading = (times: readonly number[]) => {
  let i = 0;
  return () => times[Math.min(i++, times.length - 1)] ?? 0;
};

describe('time-ordered ids (UUIDv7)', () => {
  it('are canonical version 7 UUIDs that carry the millisecond they were made in', () => {
    const at = Date.UTC(2026, 10, 27, 12, 0, 0, 123);
    const id = timeOrderedIds(() => at).uuid();
    expect(id).to.match(V7);
    expect(parseUuid(id)).to.equal(id);
    expect(millisOf(id)).to.equal(at);
    expect(id.slice(0, 13)).to.equal(`${at.toString(16).padStart(12, '0').slice(0, 8)}-${at.toString(16).slice(-4)}`);
  });

  it('increase as text, ten thousand in a row from the real clock', () => {
    const ids = timeOrderedIds();
    const made = Array.from({ length: 10_000 }, () => ids.uuid());
    expect(new Set(made).size).to.equal(made.length);
    for (let i = 1; i < made.length; i++)
      expect(made[i]! > made[i - 1]!, `${made[i - 1]} then ${made[i]}`).to.equal(true);
  });

  const boundaries: ReadonlyArray<[string, readonly number[], (ids: string[]) => void]> = [
    [
      'count up within one millisecond',
      [1000, 1000, 1000],
      (ids) => {
        expect(ids.map(millisOf)).to.deep.equal([1000, 1000, 1000]);
        expect(counterOf(ids[1]!)).to.equal(counterOf(ids[0]!) + 1);
        expect(counterOf(ids[2]!)).to.equal(counterOf(ids[0]!) + 2);
      },
    ],
    [
      'start a new millisecond in the lower half of the counter',
      [1000, 1001, 1002, 1003],
      (ids) => {
        for (const id of ids) expect(counterOf(id)).to.be.below(0x800);
      },
    ],
    [
      'keep to the last millisecond when the clock steps back',
      [5000, 4000, 4000],
      (ids) => {
        expect(ids.map(millisOf)).to.deep.equal([5000, 5000, 5000]);
      },
    ],
  ];
  for (const [label, times, check] of boundaries) {
    it(`${label}, and still increase`, () => {
      const ids = timeOrderedIds(clockReading(times));
      const made = times.map(() => ids.uuid());
      check(made);
      for (let i = 1; i < made.length; i++) expect(made[i]! > made[i - 1]!).to.equal(true);
    });
  }

  it('run ahead of a clock that stands still once 4,096 ids fill a millisecond, and still increase', () => {
    // A random source of zeros starts the counter at 0, so 4,096 ids fill the millisecond exactly.
    const ids = timeOrderedIds(
      () => 7000,
      (bytes) => bytes.fill(0),
    );
    const made = Array.from({ length: 4097 }, () => ids.uuid());
    expect(millisOf(made[4095]!)).to.equal(7000);
    expect(counterOf(made[4095]!)).to.equal(0xfff);
    expect(millisOf(made[4096]!)).to.equal(7001);
    expect(counterOf(made[4096]!)).to.equal(0);
    expect(made[4096]! > made[4095]!).to.equal(true);
  });

  it('increase for any clock, however it moves', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 0, max: 2 ** 48 - 1 }), { minLength: 2, maxLength: 200 }),
        fc.array(fc.integer({ min: 0, max: 255 }), { minLength: 16, maxLength: 16 }),
        (times, seed) => {
          let turn = 0;
          const ids = timeOrderedIds(clockReading(times), (bytes) => {
            for (let i = 0; i < bytes.length; i++) bytes[i] = seed[(i + turn) % seed.length]!;
            turn += 1;
          });
          const made = times.map(() => ids.uuid());
          for (const id of made) expect(id).to.match(V7);
          for (let i = 1; i < made.length; i++) expect(made[i]! > made[i - 1]!).to.equal(true);
          expect(millisOf(made[0]!)).to.equal(times[0]);
        },
      ),
      { numRuns: 300 },
    );
  });
});
