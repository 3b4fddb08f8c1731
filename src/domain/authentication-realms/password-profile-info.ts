import * as E from 'fp-ts/lib/Either.js';
import { pipe } from 'fp-ts/lib/function.js';
import { EMAIL_PATTERN } from '../catalogue/catalogue-fields.js';
import { issue, issues } from '../shared/errors.js';
import { oneOf, required } from '../shared/literal.js';
import { boundedString } from '../shared/text.js';
import { parseUuidField, type Uuid } from '../shared/uuid.js';
import { field, isRecord, optional, type Parsed, parseAll } from '../shared/validation.js';
import type { UsernameFormat } from './password-profile.js';

export const PASSWORD_PROFILE_INFO_TYPE = 'user_authentication_password_profile_info';
export const PASSWORD_PROFILE_INFO_NOT_FOUND = 'user authentication password profile info not found';
export const USERNAME_TAKEN = 'the username is already in use in this password profile';

/**
 * An account member's username and password in one password profile. The password is kept only as the
 * `PasswordHasher`'s string: nothing reads it back.
 */
export interface PasswordProfileInfo {
  readonly id: Uuid;
  readonly storeId: Uuid;
  readonly accountMemberId: Uuid;
  readonly passwordProfileId: Uuid;
  readonly username: string;
  readonly passwordHash: string;
  readonly createdAt: Date;
  readonly updatedAt: Date;
}

export const USERNAME_MAX = 255;
/**
 * NIST SP 800-63B: at least 8 characters, and at least 64 allowed. The ceiling bounds the work one request
 * can make the key derivation do; no one types more.
 */
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 256;

/** Usernames are unique in a profile regardless of case; this is the form they are compared in. */
export const usernameKey = (username: string): string => username.toLowerCase();

export const parseUsername = boundedString(1, USERNAME_MAX);
/** A password's rule; its value never appears in what a refusal says. */
export const parsePassword = boundedString(PASSWORD_MIN, PASSWORD_MAX);
/**
 * A password offered at sign-in: only the ceiling applies. A short one is simply not the member's (every
 * stored password met the minimum), so it gets the same 401 as any wrong one, not a lesson in the rule.
 */
export const parseOfferedPassword = boundedString(1, PASSWORD_MAX);

const EMAIL = new RegExp(EMAIL_PATTERN, 'u');

/** A username as its profile wants it: any text, or an email address. */
export const usernameInFormat = (username: string, format: UsernameFormat, source: string): Parsed<string> =>
  format === 'email' && !EMAIL.test(username)
    ? E.left(issues(source, "must be an email address: the password profile's username_format is email"))
    : E.right(username);

export interface NewCredentials {
  readonly passwordProfileId: Uuid;
  readonly username: string;
  readonly password: string;
}

const typeOf = (data: Readonly<Record<string, unknown>>) =>
  oneOf([PASSWORD_PROFILE_INFO_TYPE])('data.type')(field(data, 'type'));

export const parseNewCredentials = (data: unknown): Parsed<NewCredentials> =>
  isRecord(data)
    ? pipe(
        parseAll({
          type: typeOf(data),
          passwordProfileId: required(parseUuidField)('data.password_profile_id')(field(data, 'password_profile_id')),
          username: required(parseUsername)('data.username')(field(data, 'username')),
          password: required(parsePassword)('data.password')(field(data, 'password')),
        }),
        E.map(({ passwordProfileId, username, password }) => ({ passwordProfileId, username, password })),
      )
    : E.left([issue('data', 'must be an object')]);

export interface CredentialChanges {
  readonly username?: string;
  readonly password?: string;
}

/** A partial update: a new username, a new password, or both; the profile never changes. */
export const parseCredentialChanges = (data: unknown): Parsed<CredentialChanges> =>
  isRecord(data)
    ? pipe(
        parseAll({
          type: typeOf(data),
          username: optional(field(data, 'username'), parseUsername('data.username')),
          password: optional(field(data, 'password'), parsePassword('data.password')),
        }),
        E.map(({ username, password }) => ({
          ...(username === undefined ? {} : { username }),
          ...(password === undefined ? {} : { password }),
        })),
      )
    : E.left([issue('data', 'must be an object')]);
