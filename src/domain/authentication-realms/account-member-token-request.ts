import * as E from 'fp-ts/lib/Either.js';
import { pipe } from 'fp-ts/lib/function.js';
import { parseEmail } from '../catalogue/catalogue-fields.js';
import { issues } from '../shared/errors.js';
import { oneOf, required } from '../shared/literal.js';
import { parseUuidField, type Uuid } from '../shared/uuid.js';
import { field, isRecord, optional, type Parsed, parseAll } from '../shared/validation.js';
import { parseOfferedPassword, parsePassword, parseUsername } from './password-profile-info.js';
import { parseMemberName } from './user-authentication-info.js';

export const ACCOUNT_MEMBER_TOKEN_TYPE = 'account_management_authentication_token';

/** EPCC's five mechanisms; the last two are named so that a request for them is told they are not served. */
export const SERVED_MECHANISMS = ['password', 'self_signup', 'account_management_authentication_token'] as const;
export const UNSERVED_MECHANISMS = ['passwordless', 'oidc'] as const;
export const MECHANISMS = [...SERVED_MECHANISMS, ...UNSERVED_MECHANISMS] as const;
export type Mechanism = (typeof MECHANISMS)[number];

export interface PasswordSignIn {
  readonly mechanism: 'password';
  readonly passwordProfileId: Uuid;
  readonly username: string;
  readonly password: string;
}

export interface SelfSignup {
  readonly mechanism: 'self_signup';
  readonly passwordProfileId: Uuid;
  readonly username: string;
  readonly password: string;
  readonly name: string;
  readonly email: string;
}

/** Another token for a member who holds one: for `accountId`, or for each of the member's accounts. */
export interface AccountSwitch {
  readonly mechanism: 'account_management_authentication_token';
  readonly accountId?: Uuid;
}

export interface UnservedMechanism {
  readonly mechanism: (typeof UNSERVED_MECHANISMS)[number];
}

export type AccountMemberTokenRequest = PasswordSignIn | SelfSignup | AccountSwitch | UnservedMechanism;

/**
 * A wrong password is refused with the same words as an unknown username: what a caller learns from a
 * refusal is that the pair is wrong, never which half.
 */
export const INVALID_SIGN_IN = 'the username or password is not correct';

/** The credentials of a request: a sign-in's password is held to the ceiling only, a new one to the whole rule. */
const credentialsOf = (data: Readonly<Record<string, unknown>>, password: typeof parsePassword) => ({
  passwordProfileId: required(parseUuidField)('data.password_profile_id')(field(data, 'password_profile_id')),
  username: required(parseUsername)('data.username')(field(data, 'username')),
  password: required(password)('data.password')(field(data, 'password')),
});

const byMechanism = (
  data: Readonly<Record<string, unknown>>,
  mechanism: Mechanism,
): Parsed<AccountMemberTokenRequest> => {
  switch (mechanism) {
    case 'password':
      return pipe(
        parseAll(credentialsOf(data, parseOfferedPassword)),
        E.map((credentials) => ({ mechanism, ...credentials })),
      );
    case 'self_signup':
      return pipe(
        parseAll({
          ...credentialsOf(data, parsePassword),
          name: required(parseMemberName)('data.name')(field(data, 'name')),
          email: required(parseEmail)('data.email')(field(data, 'email')),
        }),
        E.map((fields) => ({ mechanism, ...fields })),
      );
    case 'account_management_authentication_token':
      return pipe(
        optional(field(data, 'account_id'), parseUuidField('data.account_id')),
        E.map((accountId) => (accountId === undefined ? { mechanism } : { mechanism, accountId })),
      );
    case 'passwordless':
    case 'oidc':
      return E.right({ mechanism });
  }
};

/** The `data` of `POST /v2/account-members/tokens`, every problem listed; the password is never echoed. */
export const parseAccountMemberTokenRequest = (data: unknown): Parsed<AccountMemberTokenRequest> => {
  if (!isRecord(data)) return E.left(issues('data', 'must be an object'));
  const type = oneOf([ACCOUNT_MEMBER_TOKEN_TYPE])('data.type')(field(data, 'type'));
  const mechanism = oneOf(MECHANISMS)('data.authentication_mechanism')(field(data, 'authentication_mechanism'));
  const request: Parsed<AccountMemberTokenRequest> = E.isRight(mechanism)
    ? byMechanism(data, mechanism.right)
    : E.left(mechanism.left);
  const [first, ...rest] = [type, request].flatMap((parsed) => (E.isLeft(parsed) ? parsed.left : []));
  if (first !== undefined) return E.left([first, ...rest]);
  return request;
};

export const isUnserved = (request: AccountMemberTokenRequest): request is UnservedMechanism =>
  (UNSERVED_MECHANISMS as readonly string[]).includes(request.mechanism);

export const UNSERVED_DETAIL = (mechanism: string): string =>
  `authentication_mechanism ${mechanism} is not served by this service: sign in with password, self_signup or account_management_authentication_token`;
