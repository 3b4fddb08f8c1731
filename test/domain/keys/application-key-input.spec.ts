import { expect } from 'chai';
import * as E from 'fp-ts/lib/Either.js';
import { parseApplicationKeyChanges, parseNewApplicationKey } from '../../../src/domain/keys/application-key-input.js';
import { reservationFits } from '../../../src/domain/keys/reservation-budget.js';

describe('application key input', () => {
  const names: ReadonlyArray<[string, unknown, boolean]> = [
    ['0 code points', '', false],
    ['1 code point', 'k', true],
    ['255 code points', 'k'.repeat(255), true],
    ['256 code points', 'k'.repeat(256), false],
    ['255 astral code points', '🔑'.repeat(255), true],
  ];
  for (const [label, name, valid] of names) {
    it(`${valid ? 'accepts' : 'refuses'} a name of ${label}`, () => {
      expect(E.isRight(parseNewApplicationKey({ type: 'application_key', name }))).to.equal(valid);
    });
  }

  it('reads a create request; an absent reservation is null, absent scopes are full access (null)', () => {
    expect(parseNewApplicationKey({ type: 'application_key', name: 'n', extra: true })).to.deep.equal(
      E.right({ name: 'n', reservedRateLimit: null, scopes: null }),
    );
    expect(parseNewApplicationKey({ type: 'application_key', name: 'n', reserved_rate_limit: 0 })).to.deep.equal(
      E.right({ name: 'n', reservedRateLimit: 0, scopes: null }),
    );
    expect(
      parseNewApplicationKey({ type: 'application_key', name: 'n', scopes: ['billing', 'read-only'] }),
    ).to.deep.equal(E.right({ name: 'n', reservedRateLimit: null, scopes: ['read-only', 'billing'] }));
  });

  it('lists every problem of a create request', () => {
    expect(parseNewApplicationKey({ type: 'key', reserved_rate_limit: -1 })).to.deep.equal(
      E.left([
        { source: 'data.type', detail: "must be 'application_key'" },
        { source: 'data.name', detail: 'is required' },
        { source: 'data.reserved_rate_limit', detail: 'must be between 0 and 2147483647' },
      ]),
    );
  });

  it('refuses a data member that is not an object', () => {
    expect(parseNewApplicationKey([1])).to.deep.equal(E.left([{ source: 'data', detail: 'must be an object' }]));
  });

  it('reads a partial update: absent fields are left out, null clears the reservation', () => {
    expect(parseApplicationKeyChanges({ type: 'application_key' })).to.deep.equal(E.right({}));
    expect(parseApplicationKeyChanges({ type: 'application_key', reserved_rate_limit: null })).to.deep.equal(
      E.right({ reservedRateLimit: null }),
    );
    expect(parseApplicationKeyChanges({ type: 'application_key', name: 'x' })).to.deep.equal(E.right({ name: 'x' }));
  });

  it('requires the type on update and checks the fields that are given', () => {
    expect(parseApplicationKeyChanges({ name: '' })).to.deep.equal(
      E.left([
        { source: 'data.type', detail: 'is required' },
        { source: 'data.name', detail: 'must be 1 to 255 characters long' },
      ]),
    );
  });
});

describe('reservation budget', () => {
  const table: ReadonlyArray<[number, number | null, boolean]> = [
    [80, 20, true],
    [80, 21, false],
    [100, 0, true],
    [100, null, true],
    [0, 100, true],
    [0, 101, false],
  ];
  for (const [others, requested, fits] of table) {
    it(`${fits ? 'fits' : 'refuses'} ${String(requested)} beside ${others} of 100`, () => {
      expect(reservationFits({ rateLimit: 100, reservedByOthers: others }, requested)).to.equal(fits);
    });
  }
});
