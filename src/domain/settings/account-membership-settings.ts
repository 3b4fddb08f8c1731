import * as E from 'fp-ts/lib/Either.js';
import { pipe } from 'fp-ts/lib/function.js';
import { issues } from '../shared/errors.js';
import { integerInRange } from '../shared/integer.js';
import { oneOf } from '../shared/literal.js';
import { field, isRecord, optional, type Parsed, parseAll } from '../shared/validation.js';

export const ACCOUNT_MEMBERSHIP_SETTING_TYPE = 'account_membership_setting';

/** How many accounts one account member may belong to at a time. */
export interface AccountMembershipSettings {
  readonly membershipLimit: number;
}

/**
 * EPCC: any number up to 10,000, and 10,000 unless set. EPCC names no lower bound; 0 would let no member join
 * any account, which is no limit on memberships but the end of them, so the least is one account.
 */
export const MEMBERSHIP_LIMIT_MIN = 1;
export const MEMBERSHIP_LIMIT_MAX = 10_000;
export const DEFAULT_ACCOUNT_MEMBERSHIP_SETTINGS: AccountMembershipSettings = { membershipLimit: MEMBERSHIP_LIMIT_MAX };

/** A validated partial update. */
export interface AccountMembershipSettingsChanges {
  readonly membershipLimit?: number;
}

/** Parses the `data` object of `PUT /v2/settings/account-membership`: a partial update, every problem listed. */
export const parseAccountMembershipSettingsChanges = (data: unknown): Parsed<AccountMembershipSettingsChanges> =>
  isRecord(data)
    ? pipe(
        parseAll({
          type: oneOf([ACCOUNT_MEMBERSHIP_SETTING_TYPE])('data.type')(field(data, 'type')),
          membershipLimit: optional(
            field(data, 'membership_limit'),
            integerInRange(MEMBERSHIP_LIMIT_MIN, MEMBERSHIP_LIMIT_MAX)('data.membership_limit'),
          ),
        }),
        E.map(({ membershipLimit }) => (membershipLimit === undefined ? {} : { membershipLimit })),
      )
    : E.left(issues('data', 'must be an object'));

/**
 * The settings after a change. Lowering the limit takes nothing away: EPCC applies it to new memberships only,
 * so a member already in more accounts stays in them and can join no more.
 */
export const changeAccountMembershipSettings = (
  current: AccountMembershipSettings,
  changes: AccountMembershipSettingsChanges,
): AccountMembershipSettings => ({
  ...current,
  ...(changes.membershipLimit === undefined ? {} : { membershipLimit: changes.membershipLimit }),
});
