import * as E from 'fp-ts/lib/Either.js';
import { inject, injectable } from 'inversify';
import { type DomainError, notFound } from '../../../domain/shared/errors.js';
import type { Uuid } from '../../../domain/shared/uuid.js';
import { AUTHENTICATION_REALM_TOKENS as R } from '../../authentication-realm-tokens.js';
import { PEOPLE_TOKENS } from '../../people-tokens.js';
import type { AuthenticationRealmRepository } from '../../ports/authentication-realms/authentication-realm-repository.js';
import type { PasswordProfileRepository } from '../../ports/authentication-realms/password-profile-repository.js';
import type { OidcProfileDirectory, OidcProfileSummary } from '../../ports/people/oidc-profile-directory.js';
import type { MerchantRealmMappingRepository } from '../../ports/realm-mappings/merchant-realm-mapping-repository.js';
import type { StoreRepository } from '../../ports/stores/store-repository.js';
import { TOKENS } from '../../tokens.js';
import { realmOfPrefix, signInProfiles } from './console-sessions.js';

/** The same answer for a prefix no store holds, whatever exists. */
export const UNKNOWN_PREFIX = 'no store signs in with this prefix';

/** What a sign-in page at `/console/login/{prefix}` offers: names and ids only, nothing secret. */
export interface ConsoleSignInMethods {
  readonly prefix: string;
  readonly store: { readonly id: Uuid; readonly name: string };
  readonly realmId: Uuid;
  readonly passwordProfiles: readonly { readonly id: Uuid; readonly name: string }[];
  readonly oidcProfiles: readonly OidcProfileSummary[];
}

@injectable()
export class ListConsoleSignInMethods {
  constructor(
    @inject(TOKENS.MerchantRealmMappingRepository) private readonly mappings: MerchantRealmMappingRepository,
    @inject(R.AuthenticationRealmRepository) private readonly realms: AuthenticationRealmRepository,
    @inject(R.PasswordProfileRepository) private readonly profiles: PasswordProfileRepository,
    @inject(PEOPLE_TOKENS.OidcProfileDirectory) private readonly oidc: OidcProfileDirectory,
    @inject(TOKENS.StoreRepository) private readonly stores: StoreRepository,
  ) {}

  async execute(prefix: string): Promise<E.Either<DomainError, ConsoleSignInMethods>> {
    const realm = await realmOfPrefix({ mappings: this.mappings, realms: this.realms }, prefix);
    const store = realm === undefined ? undefined : await this.stores.findById(realm.storeId);
    if (realm === undefined || store === undefined) return E.left(notFound(UNKNOWN_PREFIX));
    const [passwordProfiles, oidcProfiles] = await Promise.all([
      signInProfiles(this.profiles, realm.storeId, realm.id),
      this.oidc.listForRealm(realm.storeId, realm.id),
    ]);
    return E.right({
      prefix: prefix.toLowerCase(),
      store: { id: store.id, name: store.name },
      realmId: realm.id,
      passwordProfiles: passwordProfiles.map(({ id, name }) => ({ id, name })),
      oidcProfiles,
    });
  }
}
