import * as E from 'fp-ts/lib/Either.js';
import { inject, injectable } from 'inversify';
import {
  OIDC_PROFILE_INFO_NOT_FOUND,
  type OidcProfileInfo,
  SUBJECT_LINKED,
} from '../../../domain/authentication-realms/oidc-profile-info.js';
import { USER_AUTHENTICATION_INFO_NOT_FOUND } from '../../../domain/authentication-realms/user-authentication-info.js';
import { conflict, type DomainError, notFound } from '../../../domain/shared/errors.js';
import { parseUuid, type Uuid } from '../../../domain/shared/uuid.js';
import { ACCOUNT_TOKENS } from '../../account-tokens.js';
import { AUTHENTICATION_REALM_TOKENS as T } from '../../authentication-realm-tokens.js';
import { PEOPLE_TOKENS } from '../../people-tokens.js';
import type { AccountMemberRepository } from '../../ports/accounts/account-member-repository.js';
import type { AuthenticationRealmRepository } from '../../ports/authentication-realms/authentication-realm-repository.js';
import type {
  OidcProfileInfoRepository,
  RealmUserPlace,
} from '../../ports/authentication-realms/oidc-profile-info-repository.js';
import type { OidcProfileRepository } from '../../ports/authentication-realms/oidc-profile-repository.js';
import type { MerchantUserRepository } from '../../ports/people/merchant-user-repository.js';
import type { StoreRepository } from '../../ports/stores/store-repository.js';
import type { Clock, IdGenerator } from '../../ports/system.js';
import { TOKENS } from '../../tokens.js';
import { realmOfStore } from './authentication-realms.js';
import type { OidcProfilePorts } from './oidc-profiles.js';
import { findRealmUser } from './realm-users.js';

export const linkNotFound = (): DomainError => notFound(OIDC_PROFILE_INFO_NOT_FOUND);
export const subjectLinked = (): DomainError => conflict(SUBJECT_LINKED, 'subject_linked');

/**
 * The ports every use case of a person's links to identity providers (EPCC's
 * user-authentication-oidc-profile-info) takes, and the user the path names.
 */
@injectable()
export abstract class OidcProfileInfoUseCase {
  constructor(
    @inject(T.AuthenticationRealmRepository) protected readonly realms: AuthenticationRealmRepository,
    @inject(ACCOUNT_TOKENS.AccountMemberRepository) protected readonly members: AccountMemberRepository,
    @inject(PEOPLE_TOKENS.MerchantUserRepository) protected readonly people: MerchantUserRepository,
    @inject(T.OidcProfileRepository) protected readonly profiles: OidcProfileRepository,
    @inject(T.OidcProfileInfoRepository) protected readonly links: OidcProfileInfoRepository,
    @inject(TOKENS.Clock) protected readonly clock: Clock,
    @inject(TOKENS.IdGenerator) protected readonly ids: IdGenerator,
    @inject(TOKENS.StoreRepository) protected readonly stores: StoreRepository,
  ) {}

  protected get profilePorts(): OidcProfilePorts {
    return { realms: this.realms, profiles: this.profiles };
  }

  /** The realm's user the path names (a merchant's person in the merchant realm, else an account member). */
  protected async userOf(
    storeId: Uuid,
    realmId: string,
    userId: string,
  ): Promise<E.Either<DomainError, RealmUserPlace>> {
    const realm = await realmOfStore(this.realms, storeId, realmId);
    if (E.isLeft(realm)) return realm;
    const id = parseUuid(userId);
    const user =
      id === undefined
        ? undefined
        : await findRealmUser({ members: this.members, people: this.people }, realm.right, id);
    return user === undefined
      ? E.left(notFound(USER_AUTHENTICATION_INFO_NOT_FOUND))
      : E.right({ storeId, realmId: realm.right.id, userId: user.id });
  }

  /** One of the user's links, by the id the path gives as text. */
  protected async linkOf(
    storeId: Uuid,
    realmId: string,
    userId: string,
    id: string,
  ): Promise<E.Either<DomainError, { readonly user: RealmUserPlace; readonly link: OidcProfileInfo }>> {
    const user = await this.userOf(storeId, realmId, userId);
    if (E.isLeft(user)) return user;
    const linkId = parseUuid(id);
    const link = linkId === undefined ? undefined : await this.links.find(user.right, linkId);
    return link === undefined ? E.left(linkNotFound()) : E.right({ user: user.right, link });
  }
}
