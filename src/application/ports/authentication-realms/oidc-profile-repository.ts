import type { OidcProfile } from '../../../domain/authentication-realms/oidc-profile.js';
import type { ListQuery } from '../../../domain/query/list-query.js';
import type { Page } from '../../../domain/query/page.js';
import type { Uuid } from '../../../domain/shared/uuid.js';
import type { ProfilePlace } from './password-profile-repository.js';

/** Storage of a realm's OpenID Connect profiles, client secrets included (they are sent to the provider). */
export interface OidcProfileRepository {
  insert(profile: OidcProfile): Promise<void>;
  find(place: ProfilePlace, id: Uuid): Promise<OidcProfile | undefined>;
  /** One page of the realm's profiles, newest first. */
  list(place: ProfilePlace, query: ListQuery): Promise<Page<OidcProfile>>;
  /** Stores what `change` makes of the current profile; undefined when there is none. */
  update(
    place: ProfilePlace,
    id: Uuid,
    change: (current: OidcProfile) => OidcProfile,
  ): Promise<OidcProfile | undefined>;
  /** Deletes the profile, every person's link to it and the sign-ins begun with it; false when there was none. */
  delete(place: ProfilePlace, id: Uuid): Promise<boolean>;
}
