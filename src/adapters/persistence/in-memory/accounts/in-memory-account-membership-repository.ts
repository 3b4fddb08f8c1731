import * as E from 'fp-ts/lib/Either.js';
import { inject, injectable, optional } from 'inversify';
import type { AccountMembershipRepository } from '../../../../application/ports/accounts/account-membership-repository.js';
import type { ChangeEvent } from '../../../../application/ports/integrations/observed-payloads.js';
import {
  type LimitReached,
  type Missing,
  missing,
  type ReferenceMissing,
  type Taken,
} from '../../../../application/ports/storage-outcomes.js';
import type { Account } from '../../../../domain/accounts/account.js';
import type { AccountMembership } from '../../../../domain/accounts/account-membership.js';
import type {
  MembershipsOfAccountQuery,
  MembershipsOfMemberQuery,
} from '../../../../domain/accounts/account-membership-query.js';
import { oldestFirst } from '../../../../domain/query/order.js';
import type { Page } from '../../../../domain/query/page.js';
import type { Uuid } from '../../../../domain/shared/uuid.js';
import { listOf } from '../in-memory-list.js';
import type { InMemoryState } from '../in-memory-state.js';
import { IN_MEMORY } from '../in-memory-tokens.js';
import type { InMemoryOutbox } from '../integrations/in-memory-outbox.js';
import { membershipRefusal } from './in-memory-memberships.js';

@injectable()
export class InMemoryAccountMembershipRepository implements AccountMembershipRepository {
  constructor(
    @inject(IN_MEMORY.State) private readonly state: InMemoryState,
    @inject(IN_MEMORY.Outbox) @optional() private readonly outbox?: InMemoryOutbox,
  ) {}

  private ofStore(storeId: Uuid): AccountMembership[] {
    return [...this.state.accountMemberships.values()].filter((m) => m.storeId === storeId);
  }

  async insert(
    membership: AccountMembership,
    membershipLimit: number,
    events: readonly ChangeEvent[],
  ): Promise<E.Either<Taken | ReferenceMissing | LimitReached, void>> {
    if (this.state.accountMemberships.has(membership.id)) throw new Error(`duplicate id ${membership.id}`);
    const refused = membershipRefusal(this.state, membership, membershipLimit);
    if (E.isLeft(refused)) return refused;
    this.state.accountMemberships.set(membership.id, membership);
    this.outbox?.record(membership.storeId, events);
    return E.right(undefined);
  }

  async findById(storeId: Uuid, accountId: Uuid, id: Uuid): Promise<AccountMembership | undefined> {
    const found = this.state.accountMemberships.get(id);
    return found?.storeId === storeId && found.accountId === accountId ? found : undefined;
  }

  async find(storeId: Uuid, accountId: Uuid, accountMemberId: Uuid): Promise<AccountMembership | undefined> {
    return this.ofStore(storeId).find((m) => m.accountId === accountId && m.accountMemberId === accountMemberId);
  }

  async accountsOf(storeId: Uuid, accountMemberId: Uuid): Promise<readonly Account[]> {
    return this.ofStore(storeId)
      .filter((m) => m.accountMemberId === accountMemberId)
      .sort(oldestFirst)
      .flatMap((m) => {
        const account = this.state.accounts.get(m.accountId);
        return account === undefined ? [] : [account];
      });
  }

  async delete(
    storeId: Uuid,
    accountId: Uuid,
    id: Uuid,
    events: readonly ChangeEvent[],
  ): Promise<E.Either<Missing, void>> {
    const found = this.state.accountMemberships.get(id);
    if (found?.storeId !== storeId || found.accountId !== accountId) return E.left(missing);
    this.state.accountMemberships.delete(id);
    this.outbox?.record(storeId, events);
    return E.right(undefined);
  }

  async listOfAccount(
    storeId: Uuid,
    accountId: Uuid,
    query: MembershipsOfAccountQuery,
  ): Promise<Page<AccountMembership>> {
    return this.listAmong(
      this.ofStore(storeId).filter((m) => m.accountId === accountId),
      query,
    );
  }

  async listOfMember(
    storeId: Uuid,
    accountMemberId: Uuid,
    query: MembershipsOfMemberQuery,
  ): Promise<Page<AccountMembership>> {
    return this.listAmong(
      this.ofStore(storeId).filter((m) => m.accountMemberId === accountMemberId),
      query,
    );
  }

  private listAmong(
    memberships: readonly AccountMembership[],
    query: MembershipsOfAccountQuery | MembershipsOfMemberQuery,
  ): Page<AccountMembership> {
    return listOf(memberships, query, { fields: {}, ordered: (m) => m, keepsRunningCount: false });
  }
}
