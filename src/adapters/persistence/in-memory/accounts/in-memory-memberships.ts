import * as E from 'fp-ts/lib/Either.js';
import {
  type LimitReached,
  limitReached,
  type ReferenceMissing,
  referenceMissing,
  type Taken,
  taken,
} from '../../../../application/ports/storage-outcomes.js';
import type { Account } from '../../../../domain/accounts/account.js';
import type { AccountMember } from '../../../../domain/accounts/account-member.js';
import type { AccountMembership } from '../../../../domain/accounts/account-membership.js';
import type { Uuid } from '../../../../domain/shared/uuid.js';
import type { InMemoryState } from '../in-memory-state.js';

export const sameEmail = (a: string, b: string): boolean => a.toLowerCase() === b.toLowerCase();

/** Whether another member of the store has the member's email, compared case-insensitively, as the unique key does. */
export const emailTaken = (state: InMemoryState, member: AccountMember): boolean =>
  [...state.accountMembers.values()].some(
    (m) => m.storeId === member.storeId && m.id !== member.id && sameEmail(m.email, member.email),
  );

/** Whether another account of the store holds the account's registration id. */
export const registrationTaken = (state: InMemoryState, account: Account): boolean =>
  account.registrationId !== undefined &&
  [...state.accounts.values()].some(
    (a) => a.storeId === account.storeId && a.id !== account.id && a.registrationId === account.registrationId,
  );

/** Why an account may not be stored: a registration id another account holds, or a parent not the store's. */
export const accountRefusal = (state: InMemoryState, account: Account): E.Either<Taken | ReferenceMissing, void> => {
  if (registrationTaken(state, account)) return E.left(taken);
  const parent = account.parentId === undefined ? undefined : state.accounts.get(account.parentId);
  if (account.parentId !== undefined && parent?.storeId !== account.storeId) return E.left(referenceMissing);
  return E.right(undefined);
};

/**
 * Why a membership may not be stored, as the SQL storage decides it: its account (unless `accountIsNew`) and
 * member must be the store's, the pair must be new, and the member must be under the limit.
 */
export const membershipRefusal = (
  state: InMemoryState,
  membership: AccountMembership,
  membershipLimit: number,
  accountIsNew = false,
): E.Either<Taken | ReferenceMissing | LimitReached, void> => {
  const { storeId, accountId, accountMemberId } = membership;
  const accountFound = accountIsNew || state.accounts.get(accountId)?.storeId === storeId;
  if (!accountFound || state.accountMembers.get(accountMemberId)?.storeId !== storeId) return E.left(referenceMissing);
  const ofMember = [...state.accountMemberships.values()].filter(
    (m) => m.storeId === storeId && m.accountMemberId === accountMemberId,
  );
  if (ofMember.some((m) => m.accountId === accountId)) return E.left(taken);
  return ofMember.length >= membershipLimit ? E.left(limitReached) : E.right(undefined);
};

/** Removes the store's memberships that `of` picks, and returns them. */
export const removeMemberships = (
  state: InMemoryState,
  storeId: Uuid,
  of: (membership: AccountMembership) => boolean,
): readonly AccountMembership[] => {
  const removed = [...state.accountMemberships.values()].filter((m) => m.storeId === storeId && of(m));
  for (const m of removed) state.accountMemberships.delete(m.id);
  return removed;
};
