import { type DeletionEvent, deletionEvent, type ResourceEvent, resourceEvent } from '../events/domain-event.js';
import { recordEvents } from '../events/record-events.js';
import { ACCOUNT_TYPE, type Account } from './account.js';
import { ACCOUNT_MEMBER_TYPE, type AccountMember } from './account-member.js';
import { ACCOUNT_MEMBERSHIP_TYPE, type AccountMembership } from './account-membership.js';

/** What an account's event names: the account, as its GET returns it. */
export interface AccountSubject {
  readonly resource: 'account';
  readonly account: Account;
}

/** What an account member's event names: the member, as its GET returns it. */
export interface AccountMemberSubject {
  readonly resource: 'account-member';
  readonly member: AccountMember;
}

/** What a membership's event names: the membership, as its GET returns it. */
export interface AccountMembershipSubject {
  readonly resource: 'account-membership';
  readonly membership: AccountMembership;
}

export const ACCOUNT_EVENTS = recordEvents<Account, AccountSubject>(
  { created: 'account.created', updated: 'account.updated', deleted: 'account.deleted' },
  ACCOUNT_TYPE,
  (account) => ({ resource: 'account', account }),
);

/** Fired where members are made and changed: self-signup and user-authentication-info, as well as here. */
export const ACCOUNT_MEMBER_EVENTS = recordEvents<AccountMember, AccountMemberSubject>(
  { created: 'account-member.created', updated: 'account-member.updated', deleted: 'account-member.deleted' },
  ACCOUNT_MEMBER_TYPE,
  (member) => ({ resource: 'account-member', member }),
);

/**
 * A membership is made and removed, never changed (it has nothing to change), so EPCC's
 * `account-membership.updated` is never fired.
 */
export const ACCOUNT_MEMBERSHIP_EVENTS = {
  created: (membership: AccountMembership): ResourceEvent<AccountMembershipSubject> =>
    resourceEvent('account-membership.created', { resource: 'account-membership', membership }),
  deleted: (id: string): DeletionEvent => deletionEvent('account-membership.deleted', ACCOUNT_MEMBERSHIP_TYPE, id),
};

/** The memberships that went with a deleted account or member, each told as deleted, then the record itself. */
export const deletedWithMemberships =
  (deleted: DeletionEvent) =>
  (memberships: readonly AccountMembership[]): readonly DeletionEvent[] => [
    ...memberships.map((m) => ACCOUNT_MEMBERSHIP_EVENTS.deleted(m.id)),
    deleted,
  ];
