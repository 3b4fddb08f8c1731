// The use cases of accounts, members and memberships, by the names the library exports them under:
// accounts-module.ts binds each of them, and src/index.ts re-exports this file whole. Use cases only (see UseCaseList).

export { GetAccountMember, ListAccountMembers, ListUnassignedAccountMembers } from './account-members.js';
export {
  CreateAccountMembership,
  DeleteAccountMembership,
  GetAccountMembership,
  ListMembershipsOfAccount,
  ListMembershipsOfMember,
} from './account-memberships.js';
export { CreateAccount, DeleteAccount, GetAccount, ListAccounts, UpdateAccount } from './accounts.js';
export { EntitlementsOfAccounts } from './entitlements-of-accounts.js';
