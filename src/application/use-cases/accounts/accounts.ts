import * as E from 'fp-ts/lib/Either.js';
import type { Account } from '../../../domain/accounts/account.js';
import { ACCOUNT_EVENTS, deletedWithMemberships } from '../../../domain/accounts/account-events.js';
import { parseAccountChanges, parseNewAccount } from '../../../domain/accounts/account-input.js';
import { ACCOUNT_LIST } from '../../../domain/accounts/account-query.js';
import { conflict, type DomainError, notFound, validationFailed } from '../../../domain/shared/errors.js';
import { applyChanges } from '../../../domain/shared/record-parser.js';
import { parseUuid } from '../../../domain/shared/uuid.js';
import { ACCOUNT_TOKENS } from '../../account-tokens.js';
import type { AccountRepository } from '../../ports/accounts/account-repository.js';
import type { InUse, Missing, ReferenceMissing, Taken } from '../../ports/storage-outcomes.js';
import { listPage } from '../list-page.js';
import { type RecordBodies, recordUseCases } from '../record-use-cases.js';

export const ACCOUNT_NOT_FOUND = 'account not found';
const PARENT_NOT_FOUND = 'parent account not found';
const REGISTRATION_ID_TAKEN = 'another account of the store has this registration_id';
const HAS_SUB_ACCOUNTS = 'the account is the parent of sub-accounts: delete them first';

const refusal = (outcome: Missing | Taken | ReferenceMissing | InUse): DomainError => {
  switch (outcome._tag) {
    case 'Missing':
      return notFound(ACCOUNT_NOT_FOUND);
    case 'ReferenceMissing':
      return notFound(PARENT_NOT_FOUND);
    case 'Taken':
      return conflict(REGISTRATION_ID_TAKEN, 'registration_id_taken');
    case 'InUse':
      return conflict(HAS_SUB_ACCOUNTS, 'in_use');
  }
};

/**
 * EPCC's accounts. A sub-account names its parent when it is made and keeps it: the chain above it is
 * copied from the parent's then, so reading an account never walks its ancestors.
 */
const ACCOUNT_BODIES: RecordBodies<Account, AccountRepository> = {
  create: async (accounts, { clock, ids }, storeId, data) => {
    const input = parseNewAccount(data);
    if (E.isLeft(input)) return E.left(validationFailed(input.left));
    const { name, legal_name, registration_id, external_ref, parent_id } = input.right;
    const parent = parent_id === undefined ? undefined : await accounts.findById(storeId, parent_id);
    if (parent_id !== undefined && parent === undefined) return E.left(notFound(PARENT_NOT_FOUND));
    const now = clock.now();
    const account: Account = {
      id: ids.uuid(),
      storeId,
      name,
      ...(legal_name === undefined ? {} : { legalName: legal_name }),
      ...(registration_id === undefined ? {} : { registrationId: registration_id }),
      ...(external_ref === undefined ? {} : { externalRef: external_ref }),
      ...(parent === undefined ? {} : { parentId: parent.id }),
      ancestorIds: parent === undefined ? [] : [...parent.ancestorIds, parent.id],
      createdAt: now,
      updatedAt: now,
    };
    const stored = await accounts.insert(account, [ACCOUNT_EVENTS.created(account)]);
    return E.isLeft(stored) ? E.left(refusal(stored.left)) : E.right(account);
  },
  get: async (accounts, storeId, id) => {
    const accountId = parseUuid(id);
    const found = accountId === undefined ? undefined : await accounts.findById(storeId, accountId);
    return found === undefined ? E.left(notFound(ACCOUNT_NOT_FOUND)) : E.right(found);
  },
  list: (accounts, stores, storeId, params) =>
    listPage(stores, storeId, params, ACCOUNT_LIST, (query) => accounts.list(storeId, query)),
  update: async (accounts, clock, storeId, id, data) => {
    const accountId = parseUuid(id);
    if (accountId === undefined) return E.left(notFound(ACCOUNT_NOT_FOUND));
    const changes = parseAccountChanges(data);
    if (E.isLeft(changes)) return E.left(validationFailed(changes.left));
    const { name, legal_name, registration_id, external_ref } = changes.right;
    const renamed = {
      name,
      legalName: legal_name,
      registrationId: registration_id,
      externalRef: external_ref,
    };
    const now = clock.now();
    const updated = await accounts.update(
      storeId,
      accountId,
      (current) => E.right({ ...applyChanges(current, renamed), updatedAt: now }),
      (account) => [ACCOUNT_EVENTS.updated(account)],
    );
    return E.isLeft(updated) ? E.left(refusal(updated.left)) : updated;
  },
  delete: async (accounts, storeId, id) => {
    const accountId = parseUuid(id);
    if (accountId === undefined) return E.left(notFound(ACCOUNT_NOT_FOUND));
    const deleted = await accounts.delete(
      storeId,
      accountId,
      deletedWithMemberships(ACCOUNT_EVENTS.deleted(accountId)),
    );
    return E.isLeft(deleted) ? E.left(refusal(deleted.left)) : E.right(undefined);
  },
};

const ACCOUNT_USE_CASES = recordUseCases(ACCOUNT_BODIES, ACCOUNT_TOKENS.AccountRepository);

export const CreateAccount = ACCOUNT_USE_CASES.Create;
export type CreateAccount = InstanceType<typeof CreateAccount>;
export const GetAccount = ACCOUNT_USE_CASES.Get;
export type GetAccount = InstanceType<typeof GetAccount>;
export const ListAccounts = ACCOUNT_USE_CASES.List;
export type ListAccounts = InstanceType<typeof ListAccounts>;
export const UpdateAccount = ACCOUNT_USE_CASES.Update;
export type UpdateAccount = InstanceType<typeof UpdateAccount>;
export const DeleteAccount = ACCOUNT_USE_CASES.Delete;
export type DeleteAccount = InstanceType<typeof DeleteAccount>;
