import * as E from 'fp-ts/lib/Either.js';
import type { Selectable, Transaction } from 'kysely';
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
import { lookupKey, optionalLookupKey } from '../engine/lookup-key.js';
import type { AccountMembershipsTable, AccountMembersTable, AccountsTable, Tables } from '../engine/schema.js';
import { toNumber } from '../engine/sql-flavor.js';
import { parseJson, storedUuid } from '../sql/stored-json.js';

const optional = (value: string | null): string | undefined => value ?? undefined;

const storedIds = (what: string, text: string) => {
  const ids = parseJson(what, text);
  if (!Array.isArray(ids)) throw new Error(`stored ${what} is not an array`);
  return ids.map((id) => storedUuid(what, id));
};

export const accountFromRow = (row: Selectable<AccountsTable>): Account => {
  const legalName = optional(row.legal_name);
  const registrationId = optional(row.registration_id);
  const externalRef = optional(row.external_ref);
  return {
    id: storedUuid('account id', row.id),
    storeId: storedUuid('account store', row.store_id),
    name: row.name,
    ...(legalName === undefined ? {} : { legalName }),
    ...(registrationId === undefined ? {} : { registrationId }),
    ...(externalRef === undefined ? {} : { externalRef }),
    ...(row.parent_id === null ? {} : { parentId: storedUuid('account parent', row.parent_id) }),
    ancestorIds: storedIds('account ancestors', row.ancestor_ids),
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
};

export const accountToRow = (account: Account): Selectable<AccountsTable> => ({
  id: account.id,
  store_id: account.storeId,
  name: account.name,
  name_key: lookupKey(account.name),
  legal_name: account.legalName ?? null,
  legal_name_key: optionalLookupKey(account.legalName),
  registration_id: account.registrationId ?? null,
  external_ref: account.externalRef ?? null,
  external_ref_key: optionalLookupKey(account.externalRef),
  parent_id: account.parentId ?? null,
  ancestor_ids: JSON.stringify(account.ancestorIds),
  created_at: account.createdAt,
  updated_at: account.updatedAt,
});

/** The key no two members of a store may share: their emails compare case-insensitively. */
export const emailIdentity = (email: string): string => lookupKey(email.toLowerCase());

export const memberFromRow = (row: Selectable<AccountMembersTable>): AccountMember => ({
  id: storedUuid('account member id', row.id),
  storeId: storedUuid('account member store', row.store_id),
  name: row.name,
  email: row.email,
  createdAt: row.created_at,
  updatedAt: row.updated_at,
});

export const memberToRow = (member: AccountMember): Selectable<AccountMembersTable> => ({
  id: member.id,
  store_id: member.storeId,
  name: member.name,
  name_key: lookupKey(member.name),
  email: member.email,
  email_key: lookupKey(member.email),
  email_identity: emailIdentity(member.email),
  created_at: member.createdAt,
  updated_at: member.updatedAt,
});

export const membershipFromRow = (row: Selectable<AccountMembershipsTable>): AccountMembership => ({
  id: storedUuid('account membership id', row.id),
  storeId: storedUuid('account membership store', row.store_id),
  accountId: storedUuid('account membership account', row.account_id),
  accountMemberId: storedUuid('account membership member', row.account_member_id),
  createdAt: row.created_at,
  updatedAt: row.updated_at,
});

export const membershipToRow = (membership: AccountMembership): Selectable<AccountMembershipsTable> => ({
  id: membership.id,
  store_id: membership.storeId,
  account_id: membership.accountId,
  account_member_id: membership.accountMemberId,
  created_at: membership.createdAt,
  updated_at: membership.updatedAt,
});

/**
 * Removes inside `trx` every membership of an account (`account_id`) or of a member (`account_member_id`),
 * locked first, and returns them: they go with their account or member, each named by its deletion event.
 */
export const removeMembershipsOf = async (
  trx: Transaction<Tables>,
  storeId: Uuid,
  side: 'account_id' | 'account_member_id',
  id: Uuid,
): Promise<AccountMembership[]> => {
  const rows = await trx
    .selectFrom('account_memberships')
    .selectAll()
    .where('store_id', '=', storeId)
    .where(side, '=', id)
    .forUpdate()
    .execute();
  await trx.deleteFrom('account_memberships').where('store_id', '=', storeId).where(side, '=', id).execute();
  return rows.map(membershipFromRow);
};

/**
 * Stores a membership inside `trx` unless it is refused. The member's row is locked first, so two
 * memberships of one member made at once are counted one after the other and the limit holds; the pair's
 * unique key refuses a second membership of the same account. A refused membership writes nothing.
 */
export const insertMembership = async (
  trx: Transaction<Tables>,
  membership: AccountMembership,
  membershipLimit: number,
): Promise<E.Either<Taken | ReferenceMissing | LimitReached, void>> => {
  const { storeId, accountId, accountMemberId } = membership;
  const member = await trx
    .selectFrom('account_members')
    .select('id')
    .where('store_id', '=', storeId)
    .where('id', '=', accountMemberId)
    .forUpdate()
    .executeTakeFirst();
  const account = await trx
    .selectFrom('accounts')
    .select('id')
    .where('store_id', '=', storeId)
    .where('id', '=', accountId)
    .executeTakeFirst();
  if (member === undefined || account === undefined) return E.left(referenceMissing);
  const existing = await trx
    .selectFrom('account_memberships')
    .select('id')
    .where('account_id', '=', accountId)
    .where('account_member_id', '=', accountMemberId)
    .executeTakeFirst();
  if (existing !== undefined) return E.left(taken);
  const { n } = await trx
    .selectFrom('account_memberships')
    .select((eb) => eb.fn.countAll().as('n'))
    .where('store_id', '=', storeId)
    .where('account_member_id', '=', accountMemberId)
    .executeTakeFirstOrThrow();
  if (toNumber(n) >= membershipLimit) return E.left(limitReached);
  await trx.insertInto('account_memberships').values(membershipToRow(membership)).execute();
  return E.right(undefined);
};
