import { inject, injectable } from 'inversify';
import type { OidcProfileRepository } from '../../../../application/ports/authentication-realms/oidc-profile-repository.js';
import type { ProfilePlace } from '../../../../application/ports/authentication-realms/password-profile-repository.js';
import type {
  OidcProfileDirectory,
  OidcProfileSummary,
} from '../../../../application/ports/people/oidc-profile-directory.js';
import { OIDC_PROFILE_AUDIT } from '../../../../domain/audit/audited-records.js';
import type { OidcProfile } from '../../../../domain/authentication-realms/oidc-profile.js';
import type { ListQuery } from '../../../../domain/query/list-query.js';
import type { Page } from '../../../../domain/query/page.js';
import type { Uuid } from '../../../../domain/shared/uuid.js';
import type { InMemoryAuditRecorder } from '../audit/in-memory-audit-recorder.js';
import { listOf } from '../in-memory-list.js';
import type { InMemoryState } from '../in-memory-state.js';
import { IN_MEMORY } from '../in-memory-tokens.js';

/** Profiles are listed unfiltered, newest first. */
const UNFILTERED = { fields: {}, ordered: (profile: OidcProfile) => profile, keepsRunningCount: false };

const inPlace = (profile: OidcProfile | undefined, place: ProfilePlace): profile is OidcProfile =>
  profile !== undefined && profile.storeId === place.storeId && profile.realmId === place.realmId;

@injectable()
export class InMemoryOidcProfileRepository implements OidcProfileRepository, OidcProfileDirectory {
  constructor(
    @inject(IN_MEMORY.State) private readonly state: InMemoryState,
    @inject(IN_MEMORY.AuditRecorder) private readonly audit: InMemoryAuditRecorder,
  ) {}

  async insert(profile: OidcProfile): Promise<void> {
    if (this.state.oidcProfiles.has(profile.id)) throw new Error(`oidc profile ${profile.id} already exists`);
    this.state.oidcProfiles.set(profile.id, profile);
    this.audit.record(profile.storeId, [OIDC_PROFILE_AUDIT.created(profile.id, profile)]);
  }

  async find(place: ProfilePlace, id: Uuid): Promise<OidcProfile | undefined> {
    const profile = this.state.oidcProfiles.get(id);
    return inPlace(profile, place) ? profile : undefined;
  }

  async list(place: ProfilePlace, query: ListQuery): Promise<Page<OidcProfile>> {
    const all = [...this.state.oidcProfiles.values()].filter((profile) => inPlace(profile, place));
    return listOf(all, query, UNFILTERED);
  }

  async update(
    place: ProfilePlace,
    id: Uuid,
    change: (current: OidcProfile) => OidcProfile,
  ): Promise<OidcProfile | undefined> {
    const profile = this.state.oidcProfiles.get(id);
    if (!inPlace(profile, place)) return undefined;
    const changed = change(profile);
    this.state.oidcProfiles.set(id, changed);
    this.audit.record(place.storeId, [OIDC_PROFILE_AUDIT.updated(id, profile, changed)]);
    return changed;
  }

  async delete(place: ProfilePlace, id: Uuid): Promise<boolean> {
    const profile = this.state.oidcProfiles.get(id);
    if (!inPlace(profile, place)) return false;
    this.state.oidcProfiles.delete(id);
    this.audit.record(place.storeId, [OIDC_PROFILE_AUDIT.deleted(id, profile)]);
    for (const [infoId, info] of this.state.oidcProfileInfos)
      if (info.oidcProfileId === id) this.state.oidcProfileInfos.delete(infoId);
    for (const [stateHash, attempt] of this.state.oidcSignInAttempts)
      if (attempt.oidcProfileId === id) this.state.oidcSignInAttempts.delete(stateHash);
    return true;
  }

  async listForRealm(storeId: Uuid, realmId: Uuid): Promise<readonly OidcProfileSummary[]> {
    return [...this.state.oidcProfiles.values()]
      .filter((profile) => inPlace(profile, { storeId, realmId }))
      .sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime() || a.id.localeCompare(b.id))
      .map(({ id, name }) => ({ id, name }));
  }
}
