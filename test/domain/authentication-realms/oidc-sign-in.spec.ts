import { expect } from 'chai';
import {
  attemptExpired,
  attemptExpiry,
  nameForNewPerson,
  type OidcSignInAttempt,
  PERSON_NAME_MAX,
  SIGN_IN_ATTEMPT_MINUTES,
  verifiedEmail,
} from '../../../src/domain/authentication-realms/oidc-sign-in.js';
import { uuid } from '../../support/domain-builders.js';

const MINUTE = 60_000;
const begun = new Date(Date.UTC(2026, 0, 1, 12, 0, 0, 0));
const after = (ms: number) => new Date(begun.getTime() + ms);

const anAttempt = (expiresAt: Date): OidcSignInAttempt => ({
  stateHash: 'hash',
  storeId: uuid(1),
  realmId: uuid(2),
  oidcProfileId: uuid(3),
  prefix: 'acme',
  nonce: 'nonce',
  codeVerifier: 'verifier',
  redirectUri: 'http://127.0.0.1/console/oidc/callback',
  expiresAt,
});

describe('a sign-in at an identity provider', () => {
  it('is given 10 minutes from when it begins', () => {
    expect(SIGN_IN_ATTEMPT_MINUTES).to.equal(10);
    expect(attemptExpiry(begun)).to.deep.equal(after(10 * MINUTE));
  });

  describe('expires at the instant its 10 minutes are up, not a millisecond before', () => {
    const attempt = anAttempt(attemptExpiry(begun));
    const cases: [string, number, boolean][] = [
      ['as it begins', 0, false],
      ['a minute in', MINUTE, false],
      ['a millisecond before the end', 10 * MINUTE - 1, false],
      ['at the end', 10 * MINUTE, true],
      ['a millisecond after', 10 * MINUTE + 1, true],
      ['a day later', 24 * 60 * MINUTE, true],
    ];
    for (const [when, ms, expired] of cases)
      it(`${when}: ${expired ? 'expired' : 'still open'}`, () => {
        expect(attemptExpired(attempt, after(ms))).to.equal(expired);
      });
  });

  describe('matches a person by email only when the provider verified it', () => {
    const cases: [boolean, string | undefined][] = [
      [true, 'ada@example.com'],
      [false, undefined],
    ];
    for (const [verified, matched] of cases)
      it(`email_verified ${verified}: ${matched ?? 'no email'}`, () => {
        expect(
          verifiedEmail({ subject: 's', issuer: 'i', email: 'ada@example.com', emailVerified: verified }),
        ).to.equal(matched);
      });
    it('no email at all: nothing to match', () => {
      expect(verifiedEmail({ subject: 's', issuer: 'i', emailVerified: true })).to.equal(undefined);
    });
  });

  describe("names a new person by the provider's name, else the email's local part, cut to a name's length", () => {
    const identity = { subject: 's', issuer: 'i', emailVerified: true, email: 'grace.hopper@example.com' };
    const cases: [string, string | undefined, string][] = [
      ['a name', 'Grace Hopper', 'Grace Hopper'],
      ['a name with spaces around', '  Grace  ', 'Grace'],
      ['a blank name', '   ', 'grace.hopper'],
      ['no name', undefined, 'grace.hopper'],
      ['a name of the longest length', 'n'.repeat(PERSON_NAME_MAX), 'n'.repeat(PERSON_NAME_MAX)],
      ['a name one too long', 'n'.repeat(PERSON_NAME_MAX + 1), 'n'.repeat(PERSON_NAME_MAX)],
      // Code points, not UTF-16 units: an astral character is never split in two.
      ['astral characters one too many', '😀'.repeat(PERSON_NAME_MAX + 1), '😀'.repeat(PERSON_NAME_MAX)],
    ];
    for (const [what, name, expected] of cases)
      it(what, () => {
        expect(nameForNewPerson(name === undefined ? identity : { ...identity, name })).to.equal(expected);
      });
  });
});
