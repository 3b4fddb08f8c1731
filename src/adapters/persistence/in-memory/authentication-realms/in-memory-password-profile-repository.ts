import { inject, injectable } from 'inversify';
import type {
  PasswordProfileRepository,
  ProfilePlace,
} from '../../../../application/ports/authentication-realms/password-profile-repository.js';
import type { PasswordProfile } from '../../../../domain/authentication-realms/password-profile.js';
import type { ListQuery } from '../../../../domain/query/list-query.js';
import type { Page } from '../../../../domain/query/page.js';
import type { Uuid } from '../../../../domain/shared/uuid.js';
import { listOf } from '../in-memory-list.js';
import type { InMemoryState } from '../in-memory-state.js';
import { IN_MEMORY } from '../in-memory-tokens.js';

/** Profiles are listed unfiltered, newest first. */
const UNFILTERED = { fields: {}, ordered: (profile: PasswordProfile) => profile, keepsRunningCount: false };

const inPlace = (profile: PasswordProfile | undefined, place: ProfilePlace): profile is PasswordProfile =>
  profile !== undefined && profile.storeId === place.storeId && profile.realmId === place.realmId;

@injectable()
export class InMemoryPasswordProfileRepository implements PasswordProfileRepository {
  constructor(@inject(IN_MEMORY.State) private readonly state: InMemoryState) {}

  async insert(profile: PasswordProfile): Promise<void> {
    if (this.state.passwordProfiles.has(profile.id)) throw new Error(`password profile ${profile.id} already exists`);
    this.state.passwordProfiles.set(profile.id, profile);
  }

  async find(place: ProfilePlace, id: Uuid): Promise<PasswordProfile | undefined> {
    const profile = this.state.passwordProfiles.get(id);
    return inPlace(profile, place) ? profile : undefined;
  }

  async list(place: ProfilePlace, query: ListQuery): Promise<Page<PasswordProfile>> {
    const all = [...this.state.passwordProfiles.values()].filter((profile) => inPlace(profile, place));
    return listOf(all, query, UNFILTERED);
  }

  async update(
    place: ProfilePlace,
    id: Uuid,
    change: (current: PasswordProfile) => PasswordProfile,
  ): Promise<PasswordProfile | undefined> {
    const profile = this.state.passwordProfiles.get(id);
    if (!inPlace(profile, place)) return undefined;
    const changed = change(profile);
    this.state.passwordProfiles.set(id, changed);
    return changed;
  }

  async delete(place: ProfilePlace, id: Uuid): Promise<boolean> {
    if (!inPlace(this.state.passwordProfiles.get(id), place)) return false;
    this.state.passwordProfiles.delete(id);
    for (const [infoId, info] of this.state.passwordProfileInfos)
      if (info.passwordProfileId === id) this.state.passwordProfileInfos.delete(infoId);
    return true;
  }
}
