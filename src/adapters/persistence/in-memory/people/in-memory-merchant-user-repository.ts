import * as E from 'fp-ts/lib/Either.js';
import { inject, injectable } from 'inversify';
import {
  type LastOwner,
  lastOwner,
  type MerchantUserRepository,
} from '../../../../application/ports/people/merchant-user-repository.js';
import { type Missing, missing, type Taken, taken } from '../../../../application/ports/storage-outcomes.js';
import { emailKey, type MerchantUser, removesLastOwner } from '../../../../domain/people/merchant-user.js';
import type { ListQuery } from '../../../../domain/query/list-query.js';
import type { Page } from '../../../../domain/query/page.js';
import type { Uuid } from '../../../../domain/shared/uuid.js';
import { listOf } from '../in-memory-list.js';
import type { InMemoryState } from '../in-memory-state.js';
import { IN_MEMORY } from '../in-memory-tokens.js';

const UNFILTERED = { fields: {}, ordered: (user: MerchantUser) => user, keepsRunningCount: false };

/** Every method reads and writes without awaiting in between: a check and its write are one step, as a unique key makes them. */
@injectable()
export class InMemoryMerchantUserRepository implements MerchantUserRepository {
  constructor(@inject(IN_MEMORY.State) private readonly state: InMemoryState) {}

  async insert(user: MerchantUser): Promise<E.Either<Taken, MerchantUser>> {
    if (this.emailHolder(user.storeId, user.email, user.id) !== undefined) return E.left(taken);
    this.state.merchantUsers.set(user.id, user);
    return E.right(user);
  }

  async findById(storeId: Uuid, id: Uuid): Promise<MerchantUser | undefined> {
    const user = this.state.merchantUsers.get(id);
    return user?.storeId === storeId ? user : undefined;
  }

  async findByEmail(storeId: Uuid, email: string): Promise<MerchantUser | undefined> {
    return this.emailHolder(storeId, email, undefined);
  }

  async list(storeId: Uuid, query: ListQuery): Promise<Page<MerchantUser>> {
    const all = [...this.state.merchantUsers.values()].filter((user) => user.storeId === storeId);
    return listOf(all, query, UNFILTERED);
  }

  async update(
    storeId: Uuid,
    id: Uuid,
    change: (current: MerchantUser) => MerchantUser,
  ): Promise<E.Either<Missing | Taken | LastOwner, MerchantUser>> {
    const current = this.state.merchantUsers.get(id);
    if (current?.storeId !== storeId) return E.left(missing);
    const changed = change(current);
    if (this.emailHolder(storeId, changed.email, id) !== undefined) return E.left(taken);
    if (removesLastOwner(current, changed, this.otherOwners(current))) return E.left(lastOwner);
    this.state.merchantUsers.set(id, changed);
    return E.right(changed);
  }

  async delete(storeId: Uuid, id: Uuid): Promise<E.Either<Missing | LastOwner, MerchantUser>> {
    const current = this.state.merchantUsers.get(id);
    if (current?.storeId !== storeId) return E.left(missing);
    if (removesLastOwner(current, undefined, this.otherOwners(current))) return E.left(lastOwner);
    this.state.merchantUsers.delete(id);
    for (const [hash, session] of this.state.consoleSessions)
      if (session.subject.kind === 'user' && session.subject.id === id) this.state.consoleSessions.delete(hash);
    for (const [infoId, info] of this.state.passwordProfileInfos)
      if (info.storeId === storeId && info.accountMemberId === id) this.state.passwordProfileInfos.delete(infoId);
    return E.right(current);
  }

  async recordSignIn(storeId: Uuid, id: Uuid, at: Date): Promise<MerchantUser | undefined> {
    const current = this.state.merchantUsers.get(id);
    if (current?.storeId !== storeId) return undefined;
    const signedIn = { ...current, lastSignedInAt: at };
    this.state.merchantUsers.set(id, signedIn);
    return signedIn;
  }

  private emailHolder(storeId: Uuid, email: string, except: Uuid | undefined): MerchantUser | undefined {
    const key = emailKey(email);
    return [...this.state.merchantUsers.values()].find(
      (user) => user.storeId === storeId && user.id !== except && emailKey(user.email) === key,
    );
  }

  private otherOwners(user: MerchantUser): number {
    return [...this.state.merchantUsers.values()].filter(
      (other) => other.storeId === user.storeId && other.id !== user.id && other.role === 'owner',
    ).length;
  }
}
