import * as E from 'fp-ts/lib/Either.js';
import { inject, injectable, optional } from 'inversify';
import type { AccountRepository } from '../../../../application/ports/accounts/account-repository.js';
import type { ChangeEvent, ChangeEventsOf } from '../../../../application/ports/integrations/observed-payloads.js';
import {
  type InUse,
  inUse,
  type LimitReached,
  type Missing,
  missing,
  type ReferenceMissing,
  type Taken,
  taken,
} from '../../../../application/ports/storage-outcomes.js';
import type { Account } from '../../../../domain/accounts/account.js';
import type { AccountMembership } from '../../../../domain/accounts/account-membership.js';
import type { AccountQuery } from '../../../../domain/accounts/account-query.js';
import type { Page } from '../../../../domain/query/page.js';
import type { Uuid } from '../../../../domain/shared/uuid.js';
import { listOf } from '../in-memory-list.js';
import type { InMemoryState } from '../in-memory-state.js';
import { IN_MEMORY } from '../in-memory-tokens.js';
import type { InMemoryOutbox } from '../integrations/in-memory-outbox.js';
import { accountRefusal, membershipRefusal, registrationTaken, removeMemberships } from './in-memory-memberships.js';

@injectable()
export class InMemoryAccountRepository implements AccountRepository {
  constructor(
    @inject(IN_MEMORY.State) private readonly state: InMemoryState,
    @inject(IN_MEMORY.Outbox) @optional() private readonly outbox?: InMemoryOutbox,
  ) {}

  async insert(account: Account, events: readonly ChangeEvent[]): Promise<E.Either<Taken | ReferenceMissing, void>> {
    if (this.state.accounts.has(account.id)) throw new Error(`duplicate id ${account.id}`);
    const refused = accountRefusal(this.state, account);
    if (E.isLeft(refused)) return refused;
    this.state.accounts.set(account.id, account);
    this.outbox?.record(account.storeId, events);
    return E.right(undefined);
  }

  async insertWithMembership(
    account: Account,
    membership: AccountMembership,
    membershipLimit: number,
    events: readonly ChangeEvent[],
  ): Promise<E.Either<Taken | ReferenceMissing | LimitReached, void>> {
    if (this.state.accounts.has(account.id)) throw new Error(`duplicate id ${account.id}`);
    const refused = accountRefusal(this.state, account);
    if (E.isLeft(refused)) return refused;
    const membershipRefused = membershipRefusal(this.state, membership, membershipLimit, true);
    if (E.isLeft(membershipRefused)) return membershipRefused;
    this.state.accounts.set(account.id, account);
    this.state.accountMemberships.set(membership.id, membership);
    this.outbox?.record(account.storeId, events);
    return E.right(undefined);
  }

  async findById(storeId: Uuid, id: Uuid): Promise<Account | undefined> {
    const found = this.state.accounts.get(id);
    return found?.storeId === storeId ? found : undefined;
  }

  async findMany(storeId: Uuid, ids: readonly Uuid[]): Promise<readonly Account[]> {
    return [...new Set(ids)].flatMap((id) => {
      const found = this.state.accounts.get(id);
      return found?.storeId === storeId ? [found] : [];
    });
  }

  async update<R>(
    storeId: Uuid,
    id: Uuid,
    change: (current: Account) => E.Either<R, Account>,
    eventsOf: ChangeEventsOf<Account>,
  ): Promise<E.Either<Missing | Taken | R, Account>> {
    const current = this.state.accounts.get(id);
    if (current?.storeId !== storeId) return E.left(missing);
    const changed = change(current);
    if (E.isLeft(changed)) return changed;
    if (registrationTaken(this.state, changed.right)) return E.left(taken);
    this.state.accounts.set(id, changed.right);
    this.outbox?.record(storeId, eventsOf(changed.right));
    return changed;
  }

  async delete(
    storeId: Uuid,
    id: Uuid,
    eventsOf: ChangeEventsOf<readonly AccountMembership[]>,
  ): Promise<E.Either<Missing | InUse, void>> {
    if (this.state.accounts.get(id)?.storeId !== storeId) return E.left(missing);
    if ([...this.state.accounts.values()].some((a) => a.storeId === storeId && a.parentId === id)) {
      return E.left(inUse);
    }
    this.state.accounts.delete(id);
    const removed = removeMemberships(this.state, storeId, (m) => m.accountId === id);
    this.outbox?.record(storeId, eventsOf(removed));
    return E.right(undefined);
  }

  async list(storeId: Uuid, query: AccountQuery): Promise<Page<Account>> {
    const ofStore = [...this.state.accounts.values()].filter((a) => a.storeId === storeId);
    return listOf(ofStore, query, {
      fields: {
        id: (a) => a.id,
        name: (a) => a.name,
        legal_name: (a) => a.legalName,
        registration_id: (a) => a.registrationId,
        external_ref: (a) => a.externalRef,
      },
      ordered: (a) => a,
      keepsRunningCount: false,
    });
  }
}
