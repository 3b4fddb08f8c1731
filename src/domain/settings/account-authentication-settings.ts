import * as E from 'fp-ts/lib/Either.js';
import { pipe } from 'fp-ts/lib/function.js';
import { ACCOUNT_MEMBER_TOKEN_TTL_SECONDS } from '../auth/account-member-token.js';
import { booleanValue } from '../shared/boolean.js';
import { issues } from '../shared/errors.js';
import { integerInRange } from '../shared/integer.js';
import { oneOf } from '../shared/literal.js';
import { field, isRecord, optional, type Parsed, parseAll } from '../shared/validation.js';

export const ACCOUNT_AUTHENTICATION_SETTINGS_TYPE = 'account_authentication_settings';

/** Whether a signed-in account member may change their own member record and credentials (EPCC's two values). */
export const SELF_MANAGEMENT = ['disabled', 'update_only'] as const;
export type SelfManagement = (typeof SELF_MANAGEMENT)[number];

/** How shoppers of a store sign up and how long their account management authentication tokens last. */
export interface AccountAuthenticationSettings {
  readonly enableSelfSignup: boolean;
  readonly autoCreateAccountForAccountMembers: boolean;
  readonly accountMemberSelfManagement: SelfManagement;
  readonly tokenTimeoutSecs: number;
}

/**
 * EPCC's default lifetime is 86,400 s (a day). EPCC names no bounds: a minute is the least that lets a
 * storefront use a token at all, and thirty days the most, so that a stolen token dies within a month.
 */
export const TOKEN_TIMEOUT_MIN_SECS = 60;
export const TOKEN_TIMEOUT_MAX_SECS = 30 * 86_400;

/** Self-signup is off until the store turns it on, as in EPCC: a new store makes no accounts by itself. */
export const DEFAULT_ACCOUNT_AUTHENTICATION_SETTINGS: AccountAuthenticationSettings = {
  enableSelfSignup: false,
  autoCreateAccountForAccountMembers: false,
  accountMemberSelfManagement: 'disabled',
  tokenTimeoutSecs: ACCOUNT_MEMBER_TOKEN_TTL_SECONDS,
};

export type AccountAuthenticationSettingsChanges = Partial<AccountAuthenticationSettings>;

type Given<A> = { [K in keyof A]?: Exclude<A[K], undefined> };

/** The fields a partial update gave: one left out is no key at all, not a key holding undefined. */
const given = <A extends object>(record: A): Given<A> =>
  Object.fromEntries(Object.entries(record).filter(([, value]) => value !== undefined)) as Given<A>;

/** Parses the `data` of `PUT /v2/settings/account-authentication`: a partial update, every problem listed. */
export const parseAccountAuthenticationSettingsChanges = (
  data: unknown,
): Parsed<AccountAuthenticationSettingsChanges> =>
  isRecord(data)
    ? pipe(
        parseAll({
          type: oneOf([ACCOUNT_AUTHENTICATION_SETTINGS_TYPE])('data.type')(field(data, 'type')),
          enableSelfSignup: optional(field(data, 'enable_self_signup'), booleanValue('data.enable_self_signup')),
          autoCreateAccountForAccountMembers: optional(
            field(data, 'auto_create_account_for_account_members'),
            booleanValue('data.auto_create_account_for_account_members'),
          ),
          accountMemberSelfManagement: optional(
            field(data, 'account_member_self_management'),
            oneOf(SELF_MANAGEMENT)('data.account_member_self_management'),
          ),
          tokenTimeoutSecs: optional(
            field(data, 'account_management_authentication_token_timeout_secs'),
            integerInRange(
              TOKEN_TIMEOUT_MIN_SECS,
              TOKEN_TIMEOUT_MAX_SECS,
            )('data.account_management_authentication_token_timeout_secs'),
          ),
        }),
        E.map(({ type: _type, ...changes }) => given(changes)),
      )
    : E.left(issues('data', 'must be an object'));

export const changeAccountAuthenticationSettings = (
  current: AccountAuthenticationSettings,
  changes: AccountAuthenticationSettingsChanges,
): AccountAuthenticationSettings => ({ ...current, ...changes });
