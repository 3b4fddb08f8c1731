import type * as E from 'fp-ts/lib/Either.js';
import type { OidcProfileInfo } from '../../../domain/authentication-realms/oidc-profile-info.js';
import type { ListQuery } from '../../../domain/query/list-query.js';
import type { Page } from '../../../domain/query/page.js';
import type { Uuid } from '../../../domain/shared/uuid.js';
import type { Missing, ReferenceMissing, Taken } from '../storage-outcomes.js';

/** Whose links: a user of one of the store's realms. */
export interface RealmUserPlace {
  readonly storeId: Uuid;
  readonly realmId: Uuid;
  readonly userId: Uuid;
}

/**
 * Storage of people's links to identity providers. A subject is linked at most once per profile, which the
 * storage itself enforces, so of two first sign-ins racing for one subject exactly one links it and the
 * other gets `Taken`.
 */
export interface OidcProfileInfoRepository {
  /** `ReferenceMissing` when the profile was deleted meanwhile, or is not of the link's store and realm. */
  insert(info: OidcProfileInfo): Promise<E.Either<Taken | ReferenceMissing, OidcProfileInfo>>;
  find(user: RealmUserPlace, id: Uuid): Promise<OidcProfileInfo | undefined>;
  /** One page of the user's links, newest first. */
  listForUser(user: RealmUserPlace, query: ListQuery): Promise<Page<OidcProfileInfo>>;
  /** The link of `subject` in the profile: whom the provider's `sub` signs in as. */
  findBySubject(storeId: Uuid, oidcProfileId: Uuid, subject: string): Promise<OidcProfileInfo | undefined>;
  update(
    user: RealmUserPlace,
    id: Uuid,
    change: (current: OidcProfileInfo) => OidcProfileInfo,
  ): Promise<E.Either<Missing | Taken, OidcProfileInfo>>;
  delete(user: RealmUserPlace, id: Uuid): Promise<boolean>;
}
