import * as E from 'fp-ts/lib/Either.js';
import { inject, injectable } from 'inversify';
import {
  type LastOwner,
  lastOwner,
  type MerchantUserRepository,
} from '../../../../application/ports/people/merchant-user-repository.js';
import { type Missing, missing, type Taken, taken } from '../../../../application/ports/storage-outcomes.js';
import { MERCHANT_USER_AUDIT, PASSWORD_PROFILE_INFO_AUDIT } from '../../../../domain/audit/audited-records.js';
import { emailKey, type MerchantUser, removesLastOwner } from '../../../../domain/people/merchant-user.js';
import type { MerchantUserQuery } from '../../../../domain/people/merchant-user-query.js';
import type { Page } from '../../../../domain/query/page.js';
import type { Uuid } from '../../../../domain/shared/uuid.js';
import type { InMemoryAuditRecorder } from '../audit/in-memory-audit-recorder.js';
import { listOf } from '../in-memory-list.js';
import type { InMemoryState } from '../in-memory-state.js';
import { IN_MEMORY } from '../in-memory-tokens.js';

const MERCHANT_USER_FIELDS = {
  fields: {
    name: (user: MerchantUser) => user.name,
    email: (user: MerchantUser) => user.email,
    role: (user: MerchantUser) => user.role,
  },
  ordered: (user: MerchantUser) => user,
  keepsRunningCount: false,
};

/** Every method reads and writes without awaiting in between: a check and its write are one step, as a unique key makes them. */
@injectable()
export class InMemoryMerchantUserRepository implements MerchantUserRepository {
  constructor(
    @inject(IN_MEMORY.State) private readonly state: InMemoryState,
    @inject(IN_MEMORY.AuditRecorder) private readonly audit: InMemoryAuditRecorder,
  ) {}

  async insert(user: MerchantUser): Promise<E.Either<Taken, MerchantUser>> {
    if (this.emailHolder(user.storeId, user.email, user.id) !== undefined) return E.left(taken);
    this.state.merchantUsers.set(user.id, user);
    this.audit.record(user.storeId, [MERCHANT_USER_AUDIT.created(user.id, user)]);
    return E.right(user);
  }

  async findById(storeId: Uuid, id: Uuid): Promise<MerchantUser | undefined> {
    const user = this.state.merchantUsers.get(id);
    return user?.storeId === storeId ? user : undefined;
  }

  async findByEmail(storeId: Uuid, email: string): Promise<MerchantUser | undefined> {
    return this.emailHolder(storeId, email, undefined);
  }

  async list(storeId: Uuid, query: MerchantUserQuery): Promise<Page<MerchantUser>> {
    const all = [...this.state.merchantUsers.values()].filter((user) => user.storeId === storeId);
    return listOf(all, query, MERCHANT_USER_FIELDS);
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
    this.audit.record(storeId, [MERCHANT_USER_AUDIT.updated(id, current, changed)]);
    return E.right(changed);
  }

  async delete(storeId: Uuid, id: Uuid): Promise<E.Either<Missing | LastOwner, MerchantUser>> {
    const current = this.state.merchantUsers.get(id);
    if (current?.storeId !== storeId) return E.left(missing);
    if (removesLastOwner(current, undefined, this.otherOwners(current))) return E.left(lastOwner);
    this.state.merchantUsers.delete(id);
    for (const [hash, session] of this.state.consoleSessions)
      if (session.subject.kind === 'user' && session.subject.id === id) this.state.consoleSessions.delete(hash);
    const credentials = [...this.state.passwordProfileInfos.values()].filter(
      (info) => info.storeId === storeId && info.accountMemberId === id,
    );
    for (const info of credentials) this.state.passwordProfileInfos.delete(info.id);
    for (const [linkId, link] of this.state.oidcProfileInfos)
      if (link.storeId === storeId && link.userId === id) this.state.oidcProfileInfos.delete(linkId);
    this.audit.record(storeId, [
      ...credentials.map((info) => PASSWORD_PROFILE_INFO_AUDIT.deleted(info.id, info)),
      MERCHANT_USER_AUDIT.deleted(id, current),
    ]);
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
