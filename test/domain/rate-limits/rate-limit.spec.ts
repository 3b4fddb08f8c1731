import { expect } from 'chai';
import fc from 'fast-check';
import { admit, type Bucket, refilled, type Shares, sharesOf } from '../../../src/domain/rate-limits/admission.js';

describe('request rates: shares of a store budget', () => {
  const rates = (budget: number, reservations: Record<string, number>) => ({
    budget,
    reservations: new Map(Object.entries(reservations)),
  });
  const table: ReadonlyArray<[string, ReturnType<typeof rates>, string, Shares]> = [
    ['a key without a reservation, nothing reserved', rates(100, {}), 'k', { reserved: 0, pool: 100 }],
    ['a key reserving 60 of 100', rates(100, { k: 60 }), 'k', { reserved: 60, pool: 40 }],
    ['another key beside a reservation of 60', rates(100, { k: 60 }), 'other', { reserved: 0, pool: 40 }],
    ['the whole budget reserved', rates(100, { a: 50, b: 50 }), 'c', { reserved: 0, pool: 0 }],
    [
      'reservations over a lowered budget (never stored, but safe)',
      rates(10, { a: 50 }),
      'a',
      { reserved: 50, pool: 0 },
    ],
  ];
  for (const [label, storeRates, key, shares] of table) {
    it(label, () => expect(sharesOf(storeRates, key)).to.deep.equal(shares));
  }
});

describe('request rates: buckets', () => {
  const table: ReadonlyArray<[string, Bucket | undefined, number, number, Bucket]> = [
    ['a new bucket starts full', undefined, 10, 5000, { tokens: 10, at: 5000 }],
    ['refills at its rate', { tokens: 0, at: 0 }, 10, 100, { tokens: 1, at: 100 }],
    ['never holds more than one second', { tokens: 3, at: 0 }, 10, 60_000, { tokens: 10, at: 60_000 }],
    ['shrinks to a lowered rate', { tokens: 10, at: 0 }, 4, 0, { tokens: 4, at: 0 }],
    ['ignores a clock that went back', { tokens: 2, at: 1000 }, 10, 900, { tokens: 2, at: 1000 }],
    ['holds nothing at rate 0', { tokens: 5, at: 0 }, 0, 10, { tokens: 0, at: 10 }],
  ];
  for (const [label, bucket, rate, now, after] of table) {
    it(label, () => expect(refilled(bucket, rate, now)).to.deep.equal(after));
  }
});

describe('request rates: admission', () => {
  it('takes from the key’s own share first, then from the pool, then refuses', () => {
    const shares = { reserved: 2, pool: 1 };
    let own: Bucket | undefined;
    let pool: Bucket | undefined;
    const outcomes: Array<[boolean, string, number, number]> = [];
    for (let i = 0; i < 4; i += 1) {
      const a = admit(shares, own, pool, 0);
      own = a.reservedBucket;
      pool = a.poolBucket;
      outcomes.push([a.admitted, a.outcome, own.tokens, pool.tokens]);
    }
    expect(outcomes).to.deep.equal([
      [true, 'reservation', 1, 1],
      [true, 'reservation', 0, 1],
      [true, 'pool', 0, 0],
      [false, 'refused', 0, 0],
    ]);
  });

  it('tells the limit, what remains, when to retry and when the buckets are full again', () => {
    const first = admit({ reserved: 0, pool: 4 }, undefined, undefined, 0);
    expect(first).to.include({ admitted: true, limit: 4, remaining: 3, resetMs: 250, retryAfterMs: 0 });
    const empty = { tokens: 0.5, at: 0 };
    const refused = admit({ reserved: 0, pool: 4 }, undefined, empty, 0);
    expect(refused).to.include({ admitted: false, remaining: 0, retryAfterMs: 125, resetMs: 875 });
    expect(admit({ reserved: 0, pool: 0 }, undefined, undefined, 0)).to.include({
      admitted: false,
      limit: 0,
      retryAfterMs: Number.POSITIVE_INFINITY,
    });
  });

  it('admits at most one second’s budget plus the rate for the time elapsed, whatever the arrival pattern', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 50 }),
        fc.integer({ min: 0, max: 50 }),
        fc.array(fc.integer({ min: 0, max: 40 }), { minLength: 1, maxLength: 300 }),
        (reserved, pool, gaps) => {
          let own: Bucket | undefined;
          let shared: Bucket | undefined;
          let now = 0;
          let admitted = 0;
          for (const gap of gaps) {
            now += gap;
            const a = admit({ reserved, pool }, own, shared, now);
            own = a.reservedBucket;
            shared = a.poolBucket;
            if (a.admitted) admitted += 1;
          }
          expect(admitted).to.be.at.most(Math.floor((reserved + pool) * (1 + now / 1000)) + 1);
        },
      ),
    );
  });

  it('keeps a reserved key’s share however hard an unreserved key floods the pool', () => {
    let pool: Bucket | undefined;
    let own: Bucket | undefined;
    let reservedAdmitted = 0;
    for (let ms = 0; ms < 10_000; ms += 10) {
      for (let n = 0; n < 5; n += 1) pool = admit({ reserved: 0, pool: 40 }, undefined, pool, ms).poolBucket;
      if (ms % 20 === 0) {
        const a = admit({ reserved: 60, pool: 40 }, own, pool, ms);
        own = a.reservedBucket;
        pool = a.poolBucket;
        if (a.admitted) reservedAdmitted += 1;
      }
    }
    // 50 requests a second, all within its reservation of 60: every one admitted.
    expect(reservedAdmitted).to.equal(500);
  });
});
