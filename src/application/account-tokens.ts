import type { ServiceIdentifier } from 'inversify';
import type { AccountMemberRepository } from './ports/accounts/account-member-repository.js';
import type { AccountMembershipRepository } from './ports/accounts/account-membership-repository.js';
import type { AccountRepository } from './ports/accounts/account-repository.js';

/** The ports of accounts, their members and memberships, beside the core's TOKENS. */
export const ACCOUNT_TOKENS = {
  AccountRepository: Symbol.for('commerce-core.AccountRepository') as ServiceIdentifier<AccountRepository>,
  AccountMemberRepository: Symbol.for(
    'commerce-core.AccountMemberRepository',
  ) as ServiceIdentifier<AccountMemberRepository>,
  AccountMembershipRepository: Symbol.for(
    'commerce-core.AccountMembershipRepository',
  ) as ServiceIdentifier<AccountMembershipRepository>,
} as const;
