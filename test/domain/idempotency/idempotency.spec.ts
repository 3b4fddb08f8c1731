import { expect } from 'chai';
import * as E from 'fp-ts/lib/Either.js';
import {
  IDEMPOTENCY_LOCK_MS,
  IDEMPOTENCY_WINDOW_MS,
  type IdempotencyRecord,
  isFinalResponse,
  parseIdempotencyKey,
  standingOf,
} from '../../../src/domain/idempotency/idempotency.js';
import { uuid } from '../../support/system-fakes.js';

describe('idempotency keys', () => {
  const table: ReadonlyArray<[string, string, boolean]> = [
    ['one character', 'k', true],
    ['a UUID', '0d7a3b9e-6c1f-4f0e-9a55-2b1c3d4e5f60', true],
    ['255 characters', 'k'.repeat(255), true],
    ['256 characters', 'k'.repeat(256), false],
    ['the empty string', '', false],
    ['inner spaces', 'order 42 retry', true],
    ['a leading space', ' k', false],
    ['a trailing space', 'k ', false],
    ['a tab', 'a\tb', false],
    ['a NUL', 'a\u0000b', false],
    ['non-ASCII', 'clé', false],
    ['every visible ASCII character', Array.from({ length: 94 }, (_, i) => String.fromCharCode(33 + i)).join(''), true],
  ];
  for (const [label, raw, valid] of table) {
    it(`${valid ? 'accepts' : 'refuses'} ${label}`, () => {
      expect(parseIdempotencyKey(raw)).to.deep.equal(
        valid
          ? E.right(raw)
          : E.left([{ source: 'Idempotency-Key', detail: 'must be 1 to 255 visible ASCII characters' }]),
      );
    });
  }

  it('takes an absent header as no key', () => {
    expect(parseIdempotencyKey(undefined)).to.deep.equal(E.right(undefined));
  });
});

describe('the standing of a key that already has a record', () => {
  const created = new Date('2026-11-23T10:00:00.000Z');
  const record = (over: Partial<IdempotencyRecord> = {}): IdempotencyRecord => ({
    storeId: uuid('11111111-1111-4111-8111-111111111111'),
    key: 'k',
    claimId: uuid('22222222-2222-4222-8222-222222222222'),
    fingerprint: 'f',
    response: undefined,
    applied: false,
    lockedAt: created,
    createdAt: created,
    ...over,
  });
  const later = (ms: number) => new Date(created.getTime() + ms);
  const done = { status: 201, body: '{}' };

  const table: ReadonlyArray<[string, IdempotencyRecord, string, Date, string]> = [
    ['a finished request, retried', record({ response: done }), 'f', later(1000), 'replay'],
    [
      'a finished request, retried just inside the window',
      record({ response: done }),
      'f',
      later(IDEMPOTENCY_WINDOW_MS - 1),
      'replay',
    ],
    [
      'a finished request, retried at the end of the window',
      record({ response: done }),
      'f',
      later(IDEMPOTENCY_WINDOW_MS),
      'expired',
    ],
    ['another request under the key', record({ response: done }), 'g', later(1000), 'mismatch'],
    ['another request under a busy key', record(), 'g', later(1000), 'mismatch'],
    ['a running request', record(), 'f', later(IDEMPOTENCY_LOCK_MS - 1), 'in-flight'],
    ['a request whose process died', record(), 'f', later(IDEMPOTENCY_LOCK_MS), 'abandoned'],
    [
      'a request whose commit went unanswered, still in its lease',
      record({ applied: true }),
      'f',
      later(IDEMPOTENCY_LOCK_MS - 1),
      'in-flight',
    ],
    [
      'a request whose commit went unanswered but had committed',
      record({ applied: true }),
      'f',
      later(IDEMPOTENCY_LOCK_MS),
      'applied',
    ],
    [
      'an applied request, retried past the window',
      record({ applied: true }),
      'f',
      later(IDEMPOTENCY_WINDOW_MS),
      'expired',
    ],
    ['a claim of another request, past the window', record(), 'g', later(IDEMPOTENCY_WINDOW_MS), 'expired'],
  ];
  for (const [label, existing, fingerprint, now, standing] of table) {
    it(`${label}: ${standing}`, () => expect(standingOf(existing, fingerprint, now)).to.equal(standing));
  }

  it('keeps every answer but a 5xx or a 429 for replay', () => {
    expect([200, 201, 204, 400, 403, 404, 409, 422, 428].every(isFinalResponse)).to.equal(true);
    expect([429, 500, 502, 503].some(isFinalResponse)).to.equal(false);
  });
});
