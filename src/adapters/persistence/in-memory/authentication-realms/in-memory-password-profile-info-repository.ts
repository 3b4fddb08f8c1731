import * as E from 'fp-ts/lib/Either.js';
import { inject, injectable } from 'inversify';
import type {
  MemberPlace,
  PasswordProfileInfoRepository,
} from '../../../../application/ports/authentication-realms/password-profile-info-repository.js';
import {
  type Missing,
  missing,
  type ReferenceMissing,
  type Taken,
  taken,
} from '../../../../application/ports/storage-outcomes.js';
import { PASSWORD_PROFILE_INFO_AUDIT } from '../../../../domain/audit/audited-records.js';
import type { PasswordProfileInfo } from '../../../../domain/authentication-realms/password-profile-info.js';
import type { ListQuery } from '../../../../domain/query/list-query.js';
import type { Page } from '../../../../domain/query/page.js';
import type { Uuid } from '../../../../domain/shared/uuid.js';
import type { InMemoryAuditRecorder } from '../audit/in-memory-audit-recorder.js';
import { listOf } from '../in-memory-list.js';
import type { InMemoryState } from '../in-memory-state.js';
import { IN_MEMORY } from '../in-memory-tokens.js';
import { credentialsRefusal, usernameHolder } from './in-memory-usernames.js';

const UNFILTERED = { fields: {}, ordered: (info: PasswordProfileInfo) => info, keepsRunningCount: false };

const ofMember = (info: PasswordProfileInfo | undefined, member: MemberPlace): info is PasswordProfileInfo =>
  info !== undefined && info.storeId === member.storeId && info.accountMemberId === member.accountMemberId;

/** Every method reads and writes without awaiting in between: a check and its write are one step, as a unique key makes them. */
@injectable()
export class InMemoryPasswordProfileInfoRepository implements PasswordProfileInfoRepository {
  constructor(
    @inject(IN_MEMORY.State) private readonly state: InMemoryState,
    @inject(IN_MEMORY.AuditRecorder) private readonly audit: InMemoryAuditRecorder,
  ) {}

  async insert(info: PasswordProfileInfo): Promise<E.Either<Taken | ReferenceMissing, PasswordProfileInfo>> {
    const refused = credentialsRefusal(this.state, info);
    if (E.isLeft(refused)) return refused;
    this.state.passwordProfileInfos.set(info.id, info);
    this.audit.record(info.storeId, [PASSWORD_PROFILE_INFO_AUDIT.created(info.id, info)]);
    return E.right(info);
  }

  async find(member: MemberPlace, id: Uuid): Promise<PasswordProfileInfo | undefined> {
    const info = this.state.passwordProfileInfos.get(id);
    return ofMember(info, member) ? info : undefined;
  }

  async listForMember(member: MemberPlace, query: ListQuery): Promise<Page<PasswordProfileInfo>> {
    const all = [...this.state.passwordProfileInfos.values()].filter((info) => ofMember(info, member));
    return listOf(all, query, UNFILTERED);
  }

  async findByUsername(
    storeId: Uuid,
    passwordProfileId: Uuid,
    username: string,
  ): Promise<PasswordProfileInfo | undefined> {
    const info = usernameHolder(this.state, passwordProfileId, username);
    return info?.storeId === storeId ? info : undefined;
  }

  async update(
    member: MemberPlace,
    id: Uuid,
    change: (current: PasswordProfileInfo) => PasswordProfileInfo,
  ): Promise<E.Either<Missing | Taken, PasswordProfileInfo>> {
    const info = this.state.passwordProfileInfos.get(id);
    if (!ofMember(info, member)) return E.left(missing);
    const changed = change(info);
    const holder = usernameHolder(this.state, changed.passwordProfileId, changed.username);
    if (holder !== undefined && holder.id !== id) return E.left(taken);
    this.state.passwordProfileInfos.set(id, changed);
    this.audit.record(member.storeId, [PASSWORD_PROFILE_INFO_AUDIT.updated(id, info, changed)]);
    return E.right(changed);
  }

  async delete(member: MemberPlace, id: Uuid): Promise<boolean> {
    const info = this.state.passwordProfileInfos.get(id);
    if (!ofMember(info, member)) return false;
    this.state.passwordProfileInfos.delete(id);
    this.audit.record(member.storeId, [PASSWORD_PROFILE_INFO_AUDIT.deleted(id, info)]);
    return true;
  }

  async deleteForMember(member: MemberPlace): Promise<number> {
    const deleted = [...this.state.passwordProfileInfos.values()].filter((info) => ofMember(info, member));
    for (const info of deleted) this.state.passwordProfileInfos.delete(info.id);
    this.audit.record(
      member.storeId,
      deleted.map((info) => PASSWORD_PROFILE_INFO_AUDIT.deleted(info.id, info)),
    );
    return deleted.length;
  }
}
