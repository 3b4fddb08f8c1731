import * as E from 'fp-ts/lib/Either.js';
import type { AuthenticationRealm } from '../../../domain/authentication-realms/authentication-realm.js';
import type { PasswordProfile } from '../../../domain/authentication-realms/password-profile.js';
import { parseListQuery } from '../../../domain/query/list-query.js';
import { queryParams } from '../../../domain/query/query-params.js';
import type { Uuid } from '../../../domain/shared/uuid.js';
import type { AuthenticationRealmRepository } from '../../ports/authentication-realms/authentication-realm-repository.js';
import type { PasswordProfileRepository } from '../../ports/authentication-realms/password-profile-repository.js';
import type { MerchantRealmMappingRepository } from '../../ports/realm-mappings/merchant-realm-mapping-repository.js';
import type { Secrets } from '../../ports/system.js';

/**
 * A session's CSRF token is derived from its id by the one-way hash, so `GET /console/session` can hand it
 * to the page again after a reload although only its hash is stored, and knowing it tells nothing of the id.
 */
export const csrfTokenOf = (secrets: Secrets, sessionToken: string): string =>
  secrets.hash(`console-csrf:${sessionToken}`);

/** The cookie's value carries this many bits of chance, as access tokens do. */
export const SESSION_TOKEN_BITS = 256;

/** A session id longer than any this service makes is refused before it is hashed. */
export const SESSION_TOKEN_TEXT_MAX = 128;

/** A realm offers at most this many password profiles at its sign-in; EPCC's own page of them is as long. */
const PROFILES_OFFERED = 100;
const PROFILE_QUERY = parseListQuery(queryParams([]), { include: [], defaultLimit: PROFILES_OFFERED });

/** The realm's password profiles, oldest first: the order the sign-in page offers them and looks a username up in. */
export const signInProfiles = async (
  profiles: PasswordProfileRepository,
  storeId: Uuid,
  realmId: Uuid,
): Promise<readonly PasswordProfile[]> => {
  if (E.isLeft(PROFILE_QUERY)) throw new Error('the sign-in profiles query does not parse');
  const page = await profiles.list({ storeId, realmId }, PROFILE_QUERY.right);
  return [...page.items].reverse();
};

/** The store and its merchant realm that a login prefix names, compared without regard to case. */
export const realmOfPrefix = async (
  ports: { readonly mappings: MerchantRealmMappingRepository; readonly realms: AuthenticationRealmRepository },
  prefix: string,
): Promise<AuthenticationRealm | undefined> => {
  const mapping = await ports.mappings.findByPrefix(prefix);
  if (mapping === undefined) return undefined;
  const realm = await ports.realms.findById(mapping.storeId, mapping.realmId);
  return realm?.kind === 'merchant' ? realm : undefined;
};
