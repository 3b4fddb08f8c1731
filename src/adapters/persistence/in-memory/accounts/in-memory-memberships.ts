import * as E from 'fp-ts/lib/Either.js';
import {
  type LimitReached,
  limitReached,
  type ReferenceMissing,
  referenceMissing,
  type Taken,
  taken,
} from '../../../../application/ports/storage-outcomes.js';
import type { AccountMembership } from '../../../../domain/accounts/account-membership.js';
import type { Uuid } from '../../../../domain/shared/uuid.js';
import type { InMemoryState } from '../in-memory-state.js';

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
