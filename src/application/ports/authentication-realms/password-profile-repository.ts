import type { PasswordProfile } from '../../../domain/authentication-realms/password-profile.js';
import type { ListQuery } from '../../../domain/query/list-query.js';
import type { Page } from '../../../domain/query/page.js';
import type { Uuid } from '../../../domain/shared/uuid.js';

/** Where a password profile is: its store and its realm; a profile of another store or realm is not found. */
export interface ProfilePlace {
  readonly storeId: Uuid;
  readonly realmId: Uuid;
}

/** Storage of password profiles. */
export interface PasswordProfileRepository {
  insert(profile: PasswordProfile): Promise<void>;
  find(place: ProfilePlace, id: Uuid): Promise<PasswordProfile | undefined>;
  /** One page of the realm's profiles, newest first. */
  list(place: ProfilePlace, query: ListQuery): Promise<Page<PasswordProfile>>;
  /** Stores what `change` makes of the current profile; undefined when there is none. */
  update(
    place: ProfilePlace,
    id: Uuid,
    change: (current: PasswordProfile) => PasswordProfile,
  ): Promise<PasswordProfile | undefined>;
  /** Deletes the profile and every username and password kept in it; false when there was none. */
  delete(place: ProfilePlace, id: Uuid): Promise<boolean>;
}
