import * as E from 'fp-ts/lib/Either.js';
import { inject, injectable } from 'inversify';
import type {
  OidcProfileInfoRepository,
  RealmUserPlace,
} from '../../../../application/ports/authentication-realms/oidc-profile-info-repository.js';
import {
  type Missing,
  missing,
  type ReferenceMissing,
  referenceMissing,
  type Taken,
  taken,
} from '../../../../application/ports/storage-outcomes.js';
import type { OidcProfileInfo } from '../../../../domain/authentication-realms/oidc-profile-info.js';
import type { ListQuery } from '../../../../domain/query/list-query.js';
import type { Page } from '../../../../domain/query/page.js';
import type { Uuid } from '../../../../domain/shared/uuid.js';
import { listOf } from '../in-memory-list.js';
import type { InMemoryState } from '../in-memory-state.js';
import { IN_MEMORY } from '../in-memory-tokens.js';

const UNFILTERED = { fields: {}, ordered: (info: OidcProfileInfo) => info, keepsRunningCount: false };

const ofUser = (info: OidcProfileInfo | undefined, user: RealmUserPlace): info is OidcProfileInfo =>
  info !== undefined && info.storeId === user.storeId && info.realmId === user.realmId && info.userId === user.userId;

@injectable()
export class InMemoryOidcProfileInfoRepository implements OidcProfileInfoRepository {
  constructor(@inject(IN_MEMORY.State) private readonly state: InMemoryState) {}

  private holder(oidcProfileId: Uuid, subject: string): OidcProfileInfo | undefined {
    return [...this.state.oidcProfileInfos.values()].find(
      (info) => info.oidcProfileId === oidcProfileId && info.subject === subject,
    );
  }

  async insert(info: OidcProfileInfo): Promise<E.Either<Taken | ReferenceMissing, OidcProfileInfo>> {
    const profile = this.state.oidcProfiles.get(info.oidcProfileId);
    if (profile === undefined || profile.storeId !== info.storeId || profile.realmId !== info.realmId)
      return E.left(referenceMissing);
    if (this.holder(info.oidcProfileId, info.subject) !== undefined) return E.left(taken);
    this.state.oidcProfileInfos.set(info.id, info);
    return E.right(info);
  }

  async find(user: RealmUserPlace, id: Uuid): Promise<OidcProfileInfo | undefined> {
    const info = this.state.oidcProfileInfos.get(id);
    return ofUser(info, user) ? info : undefined;
  }

  async listForUser(user: RealmUserPlace, query: ListQuery): Promise<Page<OidcProfileInfo>> {
    const all = [...this.state.oidcProfileInfos.values()].filter((info) => ofUser(info, user));
    return listOf(all, query, UNFILTERED);
  }

  async findBySubject(storeId: Uuid, oidcProfileId: Uuid, subject: string): Promise<OidcProfileInfo | undefined> {
    const info = this.holder(oidcProfileId, subject);
    return info?.storeId === storeId ? info : undefined;
  }

  async update(
    user: RealmUserPlace,
    id: Uuid,
    change: (current: OidcProfileInfo) => OidcProfileInfo,
  ): Promise<E.Either<Missing | Taken, OidcProfileInfo>> {
    const info = this.state.oidcProfileInfos.get(id);
    if (!ofUser(info, user)) return E.left(missing);
    const changed = change(info);
    const holder = this.holder(changed.oidcProfileId, changed.subject);
    if (holder !== undefined && holder.id !== id) return E.left(taken);
    this.state.oidcProfileInfos.set(id, changed);
    return E.right(changed);
  }

  async delete(user: RealmUserPlace, id: Uuid): Promise<boolean> {
    if (!ofUser(this.state.oidcProfileInfos.get(id), user)) return false;
    return this.state.oidcProfileInfos.delete(id);
  }
}
