import { randomIds } from '../../src/adapters/system/system-module.js';
import type { Account } from '../../src/domain/accounts/account.js';
import type { AccountMember } from '../../src/domain/accounts/account-member.js';
import type { AccountMembership } from '../../src/domain/accounts/account-membership.js';
import type { Uuid } from '../../src/domain/shared/uuid.js';

const FIRST = Date.parse('2026-01-01T00:00:00.000Z');

/** The n-th instant after the first, a second apart, so that records made in order list newest first. */
export const nth = (n: number): Date => new Date(FIRST + n * 1000);

export const anAccount = (storeId: Uuid, overrides: Partial<Account> = {}, createdAt = nth(0)): Account => ({
  id: randomIds.uuid(),
  storeId,
  name: 'Acme',
  ancestorIds: [],
  createdAt,
  updatedAt: createdAt,
  ...overrides,
});

/** A sub-account of `parent`, with the chain above it. */
export const aSubAccount = (parent: Account, overrides: Partial<Account> = {}, createdAt = nth(1)): Account =>
  anAccount(
    parent.storeId,
    { parentId: parent.id, ancestorIds: [...parent.ancestorIds, parent.id], ...overrides },
    createdAt,
  );

export const aMember = (storeId: Uuid, overrides: Partial<AccountMember> = {}, createdAt = nth(0)): AccountMember => ({
  id: randomIds.uuid(),
  storeId,
  name: 'Ron Swanson',
  email: `ron.${randomIds.uuid()}@example.com`,
  createdAt,
  updatedAt: createdAt,
  ...overrides,
});

export const aMembership = (account: Account, member: AccountMember, createdAt = nth(0)): AccountMembership => ({
  id: randomIds.uuid(),
  storeId: account.storeId,
  accountId: account.id,
  accountMemberId: member.id,
  createdAt,
  updatedAt: createdAt,
});
