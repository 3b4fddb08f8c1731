import * as E from 'fp-ts/lib/Either.js';
import { pipe } from 'fp-ts/lib/function.js';
import { booleanValue } from '../shared/boolean.js';
import { issue } from '../shared/errors.js';
import { oneOf, required } from '../shared/literal.js';
import { boundedString } from '../shared/text.js';
import type { Uuid } from '../shared/uuid.js';
import { field, isRecord, optional, type Parsed, parseAll } from '../shared/validation.js';

export const PASSWORD_PROFILE_TYPE = 'password_profile';
export const PASSWORD_PROFILE_NOT_FOUND = 'password profile not found';

/** `email`: every username of the profile must be an email address; `any`: any text. */
export const USERNAME_FORMATS = ['any', 'email'] as const;
export type UsernameFormat = (typeof USERNAME_FORMATS)[number];

/** One way of signing in to a realm with a username and a password. */
export interface PasswordProfile {
  readonly id: Uuid;
  readonly storeId: Uuid;
  readonly realmId: Uuid;
  readonly name: string;
  readonly usernameFormat: UsernameFormat;
  readonly enableOneTimePasswordToken: boolean;
  readonly createdAt: Date;
  readonly updatedAt: Date;
}

export const PROFILE_NAME_MAX = 255;

export interface PasswordProfileFields {
  readonly name: string;
  readonly usernameFormat: UsernameFormat;
  readonly enableOneTimePasswordToken: boolean;
}

const typeOf = (data: Readonly<Record<string, unknown>>) =>
  oneOf([PASSWORD_PROFILE_TYPE])('data.type')(field(data, 'type'));
const parseName = boundedString(1, PROFILE_NAME_MAX)('data.name');
const settingsOf = (data: Readonly<Record<string, unknown>>) => ({
  usernameFormat: optional(field(data, 'username_format'), oneOf(USERNAME_FORMATS)('data.username_format')),
  enableOneTimePasswordToken: optional(
    field(data, 'enable_one_time_password_token'),
    booleanValue('data.enable_one_time_password_token'),
  ),
});

/** A new profile: `name` required; usernames of any form and no one-time passwords unless asked. */
export const parseNewPasswordProfile = (data: unknown): Parsed<PasswordProfileFields> =>
  isRecord(data)
    ? pipe(
        parseAll({
          type: typeOf(data),
          name: required(boundedString(1, PROFILE_NAME_MAX))('data.name')(field(data, 'name')),
          ...settingsOf(data),
        }),
        E.map(({ name, usernameFormat, enableOneTimePasswordToken }) => ({
          name,
          usernameFormat: usernameFormat ?? 'any',
          enableOneTimePasswordToken: enableOneTimePasswordToken ?? false,
        })),
      )
    : E.left([issue('data', 'must be an object')]);

/** A partial update of a profile: a field left out keeps its value. */
export const parsePasswordProfileChanges = (data: unknown): Parsed<Partial<PasswordProfileFields>> =>
  isRecord(data)
    ? pipe(
        parseAll({ type: typeOf(data), name: optional(field(data, 'name'), parseName), ...settingsOf(data) }),
        E.map(({ name, usernameFormat, enableOneTimePasswordToken }) => ({
          ...(name === undefined ? {} : { name }),
          ...(usernameFormat === undefined ? {} : { usernameFormat }),
          ...(enableOneTimePasswordToken === undefined ? {} : { enableOneTimePasswordToken }),
        })),
      )
    : E.left([issue('data', 'must be an object')]);

export const changePasswordProfile = (
  profile: PasswordProfile,
  changes: Partial<PasswordProfileFields>,
  now: Date,
): PasswordProfile => ({ ...profile, ...changes, updatedAt: now });
