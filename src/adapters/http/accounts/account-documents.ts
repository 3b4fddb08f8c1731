import type { EntitledAccount } from '../../../application/use-cases/accounts/entitlements-of-accounts.js';
import { ACCOUNT_TYPE, type Account } from '../../../domain/accounts/account.js';
import { ACCOUNT_MEMBER_TYPE, type AccountMember } from '../../../domain/accounts/account-member.js';
import { ACCOUNT_MEMBERSHIP_TYPE, type AccountMembership } from '../../../domain/accounts/account-membership.js';
import { formatTimestamp } from '../timestamps.js';

export const ACCOUNTS_PATH = '/v2/accounts';
export const ACCOUNT_MEMBERS_PATH = '/v2/account-members';

const timestamps = (record: { readonly createdAt: Date; readonly updatedAt: Date }) => ({
  created_at: formatTimestamp(record.createdAt),
  updated_at: formatTimestamp(record.updatedAt),
});

const accountRef = (id: string) => ({ data: { id, type: ACCOUNT_TYPE } });

/**
 * EPCC's account: its fields flat in `data` (null when not set), the parent and the chain above it (the root
 * first) in `relationships`. Webhooks carry this; the API adds `links` and the entitlements.
 */
export const accountResource = (account: Account) => ({
  id: account.id,
  type: ACCOUNT_TYPE,
  name: account.name,
  legal_name: account.legalName ?? null,
  registration_id: account.registrationId ?? null,
  external_ref: account.externalRef ?? null,
  parent_id: account.parentId ?? null,
  relationships: {
    ...(account.parentId === undefined ? {} : { parent: accountRef(account.parentId) }),
    ancestors: account.ancestorIds.map(accountRef),
  },
  meta: { timestamps: timestamps(account) },
});

/** An account as the API answers it: `links.self`, and `meta.feature_entitlements`, the tags its subscriptions grant now. */
export const entitledAccountResource = ({ account, entitlements }: EntitledAccount, origin: string) => {
  const resource = accountResource(account);
  return {
    ...resource,
    meta: { ...resource.meta, feature_entitlements: entitlements.tags },
    links: { self: `${origin}${ACCOUNTS_PATH}/${account.id}` },
  };
};

/** EPCC's account member: the person's name and email. */
export const accountMemberResource = (member: AccountMember) => ({
  id: member.id,
  type: ACCOUNT_MEMBER_TYPE,
  name: member.name,
  email: member.email,
  meta: { timestamps: timestamps(member) },
});

export const linkedAccountMemberResource = (member: AccountMember, origin: string) => ({
  ...accountMemberResource(member),
  links: { self: `${origin}${ACCOUNT_MEMBERS_PATH}/${member.id}` },
});

/**
 * EPCC's membership: who (`relationships.account_member`) may act for which account
 * (`relationships.account`); EPCC's two membership lists each show one of them, this shows both.
 */
export const accountMembershipResource = (membership: AccountMembership) => ({
  id: membership.id,
  type: ACCOUNT_MEMBERSHIP_TYPE,
  relationships: {
    account: accountRef(membership.accountId),
    account_member: { data: { id: membership.accountMemberId, type: ACCOUNT_MEMBER_TYPE } },
  },
  meta: { timestamps: timestamps(membership) },
});

export const linkedAccountMembershipResource = (membership: AccountMembership, origin: string) => ({
  ...accountMembershipResource(membership),
  links: { self: `${origin}${ACCOUNTS_PATH}/${membership.accountId}/account-memberships/${membership.id}` },
});
