import { inject, injectable } from 'inversify';
import type { AccountMemberRepository } from '../../ports/accounts/account-member-repository.js';
import type { AccountMemberTokenRepository } from '../../ports/auth/account-member-token-repository.js';
import type { PasswordHasher } from '../../ports/auth/password-hasher.js';
import type { AuthenticationRealmRepository } from '../../ports/authentication-realms/authentication-realm-repository.js';
import type { PasswordProfileInfoRepository } from '../../ports/authentication-realms/password-profile-info-repository.js';
import type { PasswordProfileRepository } from '../../ports/authentication-realms/password-profile-repository.js';
import type { MerchantUserRepository } from '../../ports/people/merchant-user-repository.js';
import type { AccountAuthenticationSettingsRepository } from '../../ports/settings/settings-repository.js';
import type { StoreRepository } from '../../ports/stores/store-repository.js';
import type { Clock, IdGenerator } from '../../ports/system.js';
import { TOKENS } from '../../tokens.js';
import { type CredentialPorts, CREDENTIAL_PORTS as P } from './password-profile-infos.js';

/** The ports every use case of a member's credentials takes, injected once for all of them. */
@injectable()
export abstract class PasswordProfileInfoUseCase {
  protected readonly ports: CredentialPorts;

  constructor(
    @inject(P.realms) realms: AuthenticationRealmRepository,
    @inject(P.members) members: AccountMemberRepository,
    @inject(P.people) people: MerchantUserRepository,
    @inject(P.profiles) profiles: PasswordProfileRepository,
    @inject(P.credentials) credentials: PasswordProfileInfoRepository,
    @inject(P.hasher) hasher: PasswordHasher,
    @inject(P.settings) settings: AccountAuthenticationSettingsRepository,
    @inject(P.tokens) tokens: AccountMemberTokenRepository,
    @inject(TOKENS.Clock) protected readonly clock: Clock,
    @inject(TOKENS.IdGenerator) protected readonly ids: IdGenerator,
    @inject(TOKENS.StoreRepository) protected readonly stores: StoreRepository,
  ) {
    this.ports = { realms, members, people, profiles, credentials, hasher, settings, tokens };
  }
}
