import { expect } from 'chai';
import * as E from 'fp-ts/lib/Either.js';
import { parseAccountMemberTokenRequest } from '../../../src/domain/authentication-realms/account-member-token-request.js';
import {
  parseRealmChanges,
  REDIRECT_URIS_MAX,
} from '../../../src/domain/authentication-realms/authentication-realm.js';
import { parseNewPasswordProfile } from '../../../src/domain/authentication-realms/password-profile.js';
import {
  PASSWORD_MAX,
  PASSWORD_MIN,
  parseNewCredentials,
  usernameInFormat,
  usernameKey,
} from '../../../src/domain/authentication-realms/password-profile-info.js';
import {
  parseAccountAuthenticationSettingsChanges,
  TOKEN_TIMEOUT_MAX_SECS,
  TOKEN_TIMEOUT_MIN_SECS,
} from '../../../src/domain/settings/account-authentication-settings.js';

const sources = (parsed: E.Either<readonly { source: string }[], unknown>) =>
  E.isLeft(parsed) ? parsed.left.map((i) => i.source) : [];
const PROFILE = '0193a1f0-0000-7000-8000-000000000001';

describe('account sign-in rules', () => {
  describe('account authentication settings: the token lifetime at its bounds', () => {
    const cases: [unknown, boolean][] = [
      [TOKEN_TIMEOUT_MIN_SECS - 1, false],
      [TOKEN_TIMEOUT_MIN_SECS, true],
      [86_400, true],
      [TOKEN_TIMEOUT_MAX_SECS, true],
      [TOKEN_TIMEOUT_MAX_SECS + 1, false],
      [3600.5, false],
      ['3600', false],
    ];
    for (const [secs, accepted] of cases)
      it(`${JSON.stringify(secs)} is ${accepted ? 'taken' : 'refused'}`, () => {
        const parsed = parseAccountAuthenticationSettingsChanges({
          type: 'account_authentication_settings',
          account_management_authentication_token_timeout_secs: secs,
        });
        expect(E.isRight(parsed)).to.equal(accepted);
      });
    it('a change names only what it was given', () => {
      expect(
        parseAccountAuthenticationSettingsChanges({
          type: 'account_authentication_settings',
          enable_self_signup: true,
        }),
      ).to.deep.equal(E.right({ enableSelfSignup: true }));
    });
  });

  describe('passwords at their bounds, never echoed', () => {
    const cases: [number, boolean][] = [
      [PASSWORD_MIN - 1, false],
      [PASSWORD_MIN, true],
      [PASSWORD_MAX, true],
      [PASSWORD_MAX + 1, false],
    ];
    for (const [length, accepted] of cases)
      it(`${length} characters: ${accepted ? 'taken' : 'refused, and the refusal does not hold it'}`, () => {
        const password = 'p'.repeat(length - 1) + 'Q';
        const parsed = parseNewCredentials({
          type: 'user_authentication_password_profile_info',
          username: 'ron',
          password,
          password_profile_id: PROFILE,
        });
        expect(E.isRight(parsed)).to.equal(accepted);
        if (E.isLeft(parsed)) expect(JSON.stringify(parsed.left)).not.to.include(password);
      });
  });

  describe('a password offered at sign-in: only the ceiling, so a short one is just a wrong one', () => {
    const cases: [string, number, boolean][] = [
      ['password', 1, true],
      ['password', PASSWORD_MIN - 1, true],
      ['password', PASSWORD_MAX, true],
      ['password', PASSWORD_MAX + 1, false],
      ['self_signup', PASSWORD_MIN - 1, false],
      ['self_signup', PASSWORD_MIN, true],
    ];
    for (const [mechanism, length, accepted] of cases)
      it(`${mechanism}, ${length} characters: ${accepted ? 'taken' : 'refused'}`, () => {
        const parsed = parseAccountMemberTokenRequest({
          type: 'account_management_authentication_token',
          authentication_mechanism: mechanism,
          password_profile_id: PROFILE,
          username: 'ron@example.com',
          password: 'p'.repeat(length),
          name: 'Ron',
          email: 'ron@example.com',
        });
        expect(E.isRight(parsed)).to.equal(accepted);
      });
  });

  describe('usernames', () => {
    const cases: [string, 'any' | 'email', boolean][] = [
      ['ron', 'any', true],
      ['ron', 'email', false],
      ['ron@example.com', 'email', true],
      ['ron @example.com', 'email', false],
    ];
    for (const [username, format, accepted] of cases)
      it(`${JSON.stringify(username)} in a profile of format ${format}: ${accepted ? 'taken' : 'refused'}`, () => {
        expect(E.isRight(usernameInFormat(username, format, 'data.username'))).to.equal(accepted);
      });
    it('are compared without regard to case', () => {
      expect(usernameKey('Ron.Swanson@Example.COM')).to.equal(usernameKey('ron.swanson@example.com'));
    });
  });

  describe('realms and profiles', () => {
    it(`takes up to ${REDIRECT_URIS_MAX} http(s) redirect URIs`, () => {
      const uris = (n: number) => Array.from({ length: n }, (_, i) => `https://shop.example/${i}`);
      expect(E.isRight(parseRealmChanges({ redirect_uris: uris(REDIRECT_URIS_MAX) }))).to.equal(true);
      expect(sources(parseRealmChanges({ redirect_uris: uris(REDIRECT_URIS_MAX + 1) }))).to.deep.equal([
        'data.redirect_uris',
      ]);
      expect(sources(parseRealmChanges({ redirect_uris: ['https://a.example', 'javascript:alert(1)'] }))).to.deep.equal(
        ['data.redirect_uris.1'],
      );
    });
    it('makes a profile with usernames of any form and no one-time passwords unless asked', () => {
      expect(parseNewPasswordProfile({ type: 'password_profile', name: 'Shoppers' })).to.deep.equal(
        E.right({ name: 'Shoppers', usernameFormat: 'any', enableOneTimePasswordToken: false }),
      );
      expect(sources(parseNewPasswordProfile({ type: 'x', username_format: 'phone' }))).to.deep.equal([
        'data.type',
        'data.name',
        'data.username_format',
      ]);
    });
  });

  describe('token requests', () => {
    const base = { type: 'account_management_authentication_token' };
    it('lists every missing field of the mechanism, with the type', () => {
      expect(
        sources(parseAccountMemberTokenRequest({ type: 'token', authentication_mechanism: 'self_signup' })),
      ).to.deep.equal([
        'data.type',
        'data.password_profile_id',
        'data.username',
        'data.password',
        'data.name',
        'data.email',
      ]);
    });
    it('reads the mechanisms it does not serve, so that they are told so', () => {
      for (const mechanism of ['passwordless', 'oidc'])
        expect(parseAccountMemberTokenRequest({ ...base, authentication_mechanism: mechanism })).to.deep.equal(
          E.right({ mechanism }),
        );
      expect(sources(parseAccountMemberTokenRequest({ ...base, authentication_mechanism: 'magic' }))).to.deep.equal([
        'data.authentication_mechanism',
      ]);
    });
    it('switches to an account by id, or to every account without one', () => {
      const mechanism = 'account_management_authentication_token';
      expect(parseAccountMemberTokenRequest({ ...base, authentication_mechanism: mechanism })).to.deep.equal(
        E.right({ mechanism }),
      );
      expect(
        sources(parseAccountMemberTokenRequest({ ...base, authentication_mechanism: mechanism, account_id: 'x' })),
      ).to.deep.equal(['data.account_id']);
    });
  });
});
