import * as E from 'fp-ts/lib/Either.js';
import { inject, injectable, optional } from 'inversify';
import type { AccountMemberRepository } from '../../../../application/ports/accounts/account-member-repository.js';
import type { ChangeEvent, ChangeEventsOf } from '../../../../application/ports/integrations/observed-payloads.js';
import { type Missing, missing, type Taken, taken } from '../../../../application/ports/storage-outcomes.js';
import type { AccountMember } from '../../../../domain/accounts/account-member.js';
import type { AccountMemberQuery } from '../../../../domain/accounts/account-member-query.js';
import type { AccountMembership } from '../../../../domain/accounts/account-membership.js';
import type { Page } from '../../../../domain/query/page.js';
import type { Uuid } from '../../../../domain/shared/uuid.js';
import { listOf } from '../in-memory-list.js';
import type { InMemoryState } from '../in-memory-state.js';
import { IN_MEMORY } from '../in-memory-tokens.js';
import type { InMemoryOutbox } from '../integrations/in-memory-outbox.js';
import { emailTaken, removeMemberships, sameEmail } from './in-memory-memberships.js';

@injectable()
export class InMemoryAccountMemberRepository implements AccountMemberRepository {
  constructor(
    @inject(IN_MEMORY.State) private readonly state: InMemoryState,
    @inject(IN_MEMORY.Outbox) @optional() private readonly outbox?: InMemoryOutbox,
  ) {}

  private ofStore(storeId: Uuid): AccountMember[] {
    return [...this.state.accountMembers.values()].filter((m) => m.storeId === storeId);
  }

  async insert(member: AccountMember, events: readonly ChangeEvent[]): Promise<E.Either<Taken, void>> {
    if (this.state.accountMembers.has(member.id)) throw new Error(`duplicate id ${member.id}`);
    if (emailTaken(this.state, member)) return E.left(taken);
    this.state.accountMembers.set(member.id, member);
    this.outbox?.record(member.storeId, events);
    return E.right(undefined);
  }

  async findById(storeId: Uuid, id: Uuid): Promise<AccountMember | undefined> {
    const found = this.state.accountMembers.get(id);
    return found?.storeId === storeId ? found : undefined;
  }

  async findByEmail(storeId: Uuid, email: string): Promise<AccountMember | undefined> {
    return this.ofStore(storeId).find((m) => sameEmail(m.email, email));
  }

  async findMany(storeId: Uuid, ids: readonly Uuid[]): Promise<readonly AccountMember[]> {
    return [...new Set(ids)].flatMap((id) => {
      const found = this.state.accountMembers.get(id);
      return found?.storeId === storeId ? [found] : [];
    });
  }

  async update<R>(
    storeId: Uuid,
    id: Uuid,
    change: (current: AccountMember) => E.Either<R, AccountMember>,
    eventsOf: ChangeEventsOf<AccountMember>,
  ): Promise<E.Either<Missing | Taken | R, AccountMember>> {
    const current = this.state.accountMembers.get(id);
    if (current?.storeId !== storeId) return E.left(missing);
    const changed = change(current);
    if (E.isLeft(changed)) return changed;
    if (emailTaken(this.state, changed.right)) return E.left(taken);
    this.state.accountMembers.set(id, changed.right);
    this.outbox?.record(storeId, eventsOf(changed.right));
    return changed;
  }

  async delete(
    storeId: Uuid,
    id: Uuid,
    eventsOf: ChangeEventsOf<readonly AccountMembership[]>,
  ): Promise<E.Either<Missing, void>> {
    if (this.state.accountMembers.get(id)?.storeId !== storeId) return E.left(missing);
    this.state.accountMembers.delete(id);
    const removed = removeMemberships(this.state, storeId, (m) => m.accountMemberId === id);
    this.outbox?.record(storeId, eventsOf(removed));
    return E.right(undefined);
  }

  async list(storeId: Uuid, query: AccountMemberQuery): Promise<Page<AccountMember>> {
    return this.listAmong(this.ofStore(storeId), query);
  }

  async listUnassigned(storeId: Uuid, accountId: Uuid, query: AccountMemberQuery): Promise<Page<AccountMember>> {
    const assigned = new Set(
      [...this.state.accountMemberships.values()]
        .filter((m) => m.storeId === storeId && m.accountId === accountId)
        .map((m) => m.accountMemberId),
    );
    return this.listAmong(
      this.ofStore(storeId).filter((m) => !assigned.has(m.id)),
      query,
    );
  }

  private listAmong(members: readonly AccountMember[], query: AccountMemberQuery): Page<AccountMember> {
    return listOf(members, query, {
      fields: { name: (m) => m.name, email: (m) => m.email },
      ordered: (m) => m,
      keepsRunningCount: false,
    });
  }
}
