import * as E from 'fp-ts/lib/Either.js';
import { pipe } from 'fp-ts/lib/function.js';
import { CREDENTIAL_MAX } from '../auth/token-request.js';
import { PASSWORD_MAX, USERNAME_MAX } from '../authentication-realms/password-profile-info.js';
import { parsePrefix } from '../realm-mappings/prefix-input.js';
import { issue, issues } from '../shared/errors.js';
import { boundedString } from '../shared/text.js';
import { parseUuidField, type Uuid } from '../shared/uuid.js';
import { field, isRecord, optional, type Parsed, parseAll } from '../shared/validation.js';

/**
 * How the console is entered: with an application key (a program's credentials; the first start, before the
 * store has people), or as a person, by username and password in a password profile of the merchant realm
 * that the prefix names. `password_profile_id` picks the profile when the realm has several; without it the
 * username is looked for in each, oldest profile first.
 */
export type ConsoleSignIn =
  | { readonly kind: 'key'; readonly clientId: string; readonly clientSecret: string }
  | {
      readonly kind: 'password';
      readonly prefix: string;
      readonly username: string;
      readonly password: string;
      readonly passwordProfileId?: Uuid;
    };

const CHOICE = 'send either client_id and client_secret, or prefix, username and password';

export const parseConsoleSignIn = (body: unknown): Parsed<ConsoleSignIn> => {
  if (!isRecord(body)) return E.left(issues('body', `must be a JSON object: ${CHOICE}`));
  if (field(body, 'client_id') !== undefined)
    return pipe(
      parseAll({
        clientId: boundedString(1, CREDENTIAL_MAX)('client_id')(field(body, 'client_id')),
        clientSecret: boundedString(1, CREDENTIAL_MAX)('client_secret')(field(body, 'client_secret')),
      }),
      E.map((key) => ({ kind: 'key' as const, ...key })),
    );
  if (field(body, 'prefix') === undefined && field(body, 'username') === undefined)
    return E.left([issue('body', CHOICE)]);
  return pipe(
    parseAll({
      prefix: parsePrefix('prefix')(field(body, 'prefix')),
      username: boundedString(1, USERNAME_MAX)('username')(field(body, 'username')),
      password: boundedString(1, PASSWORD_MAX)('password')(field(body, 'password')),
      passwordProfileId: optional(field(body, 'password_profile_id'), parseUuidField('password_profile_id')),
    }),
    E.map(({ passwordProfileId, ...person }) => ({
      kind: 'password' as const,
      ...person,
      ...(passwordProfileId === undefined ? {} : { passwordProfileId }),
    })),
  );
};
