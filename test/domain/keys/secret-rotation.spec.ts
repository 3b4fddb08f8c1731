import { expect } from 'chai';
import * as E from 'fp-ts/lib/Either.js';
import { acceptedSecretHashes } from '../../../src/domain/keys/application-key.js';
import { LONGEST_OVERLAP_MS, parseSecretRotation, rotateSecret } from '../../../src/domain/keys/secret-rotation.js';
import { parseUuid } from '../../../src/domain/shared/uuid.js';
import { aKey } from '../../support/builders.js';

const now = new Date('2026-06-01T12:00:00.000Z');
const at = (ms: number) => new Date(now.getTime() + ms);
const rotation = (expire?: unknown) =>
  parseSecretRotation(
    { type: 'application_key', ...(expire === undefined ? {} : { expire_current_secret_at: expire }) },
    now,
  );

describe('secret rotation', () => {
  const table: ReadonlyArray<[string, unknown, Date | undefined]> = [
    ['absent: now', undefined, now],
    ['null: now', null, now],
    ['a time past: now', '2026-06-01T11:59:59.999Z', now],
    ['exactly now', '2026-06-01T12:00:00.000Z', now],
    ['a millisecond ahead', '2026-06-01T12:00:00.001Z', at(1)],
    ['an hour ahead, in another zone', '2026-06-01T15:00:00+02:00', at(3_600_000)],
    ['seven days ahead exactly', '2026-06-08T12:00:00.000Z', at(LONGEST_OVERLAP_MS)],
    ['seven days and a millisecond ahead', '2026-06-08T12:00:00.001Z', undefined],
    ['not a time', 'tomorrow', undefined],
    ['a time without a zone', '2026-06-02T12:00:00', undefined],
    ['a number', 1780000000, undefined],
  ];
  for (const [label, input, expected] of table) {
    it(`${expected === undefined ? 'refuses' : 'reads'} ${label}`, () => {
      const parsed = rotation(input);
      if (expected === undefined)
        expect(E.isLeft(parsed) && parsed.left[0].source).to.equal('data.expire_current_secret_at');
      else expect(parsed).to.deep.equal(E.right({ currentSecretExpiresAt: expected }));
    });
  }

  it('requires the type, and an object', () => {
    const parsed = parseSecretRotation({ expire_current_secret_at: 'x' }, now);
    expect(E.isLeft(parsed) && parsed.left.map((i) => i.source)).to.deep.equal([
      'data.type',
      'data.expire_current_secret_at',
    ]);
    expect(E.isLeft(parseSecretRotation([], now))).to.equal(true);
  });

  const key = aKey(parseUuid('3f1c0c1e-2b7a-4c39-9d2e-0d1f2a3b4c5d')!, { secretHash: 'old' });

  it('keeps the old secret until the chosen time, and not a millisecond longer', () => {
    const rotated = rotateSecret(key, 'new', { currentSecretExpiresAt: at(60_000) }, now);
    expect(rotated.secretHash).to.equal('new');
    expect(rotated.updatedAt).to.deep.equal(now);
    expect(acceptedSecretHashes(rotated, at(59_999))).to.deep.equal(['new', 'old']);
    expect(acceptedSecretHashes(rotated, at(60_000))).to.deep.equal(['new']);
  });

  it('drops the old secret at once when the rotation is for now', () => {
    const rotated = rotateSecret(key, 'new', { currentSecretExpiresAt: now }, now);
    expect(rotated.previousSecret).to.equal(null);
    expect(acceptedSecretHashes(rotated, now)).to.deep.equal(['new']);
  });

  it('keeps one overlap at a time: a second rotation ends the first old secret', () => {
    const once = rotateSecret(key, 'second', { currentSecretExpiresAt: at(60_000) }, now);
    const twice = rotateSecret(once, 'third', { currentSecretExpiresAt: at(60_000) }, now);
    expect(acceptedSecretHashes(twice, now)).to.deep.equal(['third', 'second']);
  });
});
