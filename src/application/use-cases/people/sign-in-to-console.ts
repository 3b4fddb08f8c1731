import * as E from 'fp-ts/lib/Either.js';
import { inject, injectable } from 'inversify';
import type { PasswordProfileInfo } from '../../../domain/authentication-realms/password-profile-info.js';
import type { SessionOrigin } from '../../../domain/people/console-session.js';
import { type ConsoleSignIn, parseConsoleSignIn } from '../../../domain/people/console-sign-in.js';
import { type DomainError, unauthenticated, validationFailed } from '../../../domain/shared/errors.js';
import type { Uuid } from '../../../domain/shared/uuid.js';
import { AUTHENTICATION_REALM_TOKENS as R } from '../../authentication-realm-tokens.js';
import { PEOPLE_TOKENS } from '../../people-tokens.js';
import type { PasswordHasher } from '../../ports/auth/password-hasher.js';
import type { AuthenticationRealmRepository } from '../../ports/authentication-realms/authentication-realm-repository.js';
import type { PasswordProfileInfoRepository } from '../../ports/authentication-realms/password-profile-info-repository.js';
import type { PasswordProfileRepository } from '../../ports/authentication-realms/password-profile-repository.js';
import type { ApplicationKeyRepository } from '../../ports/keys/application-key-repository.js';
import type { MerchantUserRepository } from '../../ports/people/merchant-user-repository.js';
import type { MerchantRealmMappingRepository } from '../../ports/realm-mappings/merchant-realm-mapping-repository.js';
import type { Clock, Secrets } from '../../ports/system.js';
import { TOKENS } from '../../tokens.js';
import { INVALID_CREDENTIALS, verifyClient } from '../auth/verify-client.js';
import { realmOfPrefix, signInProfiles } from './console-sessions.js';
import { StartConsoleSession, type StartedConsoleSession } from './start-console-session.js';

/** The same words for an unknown prefix, profile or username and a wrong password: none of them is told apart. */
const INVALID_SIGN_IN = 'the prefix, username and password do not match a person of the store';

export interface ConsoleSignedIn {
  readonly storeId: Uuid;
  readonly started: StartedConsoleSession;
}

/**
 * `POST /console/session`: a key's client id and secret, or a person's username and password through the
 * merchant realm a prefix names. Every refusal of the credentials is `Unauthenticated` (the caller counts it
 * against the address), and each costs one password hash's work whether or not the username exists.
 */
@injectable()
export class SignInToConsole {
  constructor(
    @inject(TOKENS.ApplicationKeyRepository) private readonly keys: ApplicationKeyRepository,
    @inject(TOKENS.MerchantRealmMappingRepository) private readonly mappings: MerchantRealmMappingRepository,
    @inject(R.AuthenticationRealmRepository) private readonly realms: AuthenticationRealmRepository,
    @inject(R.PasswordProfileRepository) private readonly profiles: PasswordProfileRepository,
    @inject(R.PasswordProfileInfoRepository) private readonly credentials: PasswordProfileInfoRepository,
    @inject(R.PasswordHasher) private readonly hasher: PasswordHasher,
    @inject(PEOPLE_TOKENS.MerchantUserRepository) private readonly users: MerchantUserRepository,
    @inject(StartConsoleSession) private readonly start: StartConsoleSession,
    @inject(TOKENS.Clock) private readonly clock: Clock,
    @inject(TOKENS.Secrets) private readonly secrets: Secrets,
  ) {}

  async execute(body: unknown, origin: SessionOrigin): Promise<E.Either<DomainError, ConsoleSignedIn>> {
    const request = parseConsoleSignIn(body);
    if (E.isLeft(request)) return E.left(validationFailed(request.left));
    return request.right.kind === 'key' ? this.withKey(request.right, origin) : this.asPerson(request.right, origin);
  }

  private async withKey(
    request: Extract<ConsoleSignIn, { kind: 'key' }>,
    origin: SessionOrigin,
  ): Promise<E.Either<DomainError, ConsoleSignedIn>> {
    const ports = { keys: this.keys, secrets: this.secrets, clock: this.clock };
    const key = await verifyClient(ports, request.clientId, request.clientSecret);
    if (key === undefined) return E.left(unauthenticated(INVALID_CREDENTIALS));
    const started = await this.start.forKey(key.storeId, key.id, origin);
    return E.map((s: StartedConsoleSession) => ({ storeId: key.storeId, started: s }))(started);
  }

  private async asPerson(
    request: Extract<ConsoleSignIn, { kind: 'password' }>,
    origin: SessionOrigin,
  ): Promise<E.Either<DomainError, ConsoleSignedIn>> {
    const held = await this.heldCredential(request);
    // An unknown prefix, profile or username costs the same key derivation as a wrong password.
    const right = await this.hasher.verify(request.password, held?.passwordHash);
    const user =
      right && held !== undefined ? await this.users.findById(held.storeId, held.accountMemberId) : undefined;
    if (user === undefined) return E.left(unauthenticated(INVALID_SIGN_IN));
    const started = await this.start.forUser(user.storeId, user.id, origin);
    return E.map((s: StartedConsoleSession) => ({ storeId: user.storeId, started: s }))(started);
  }

  /** The credential holding the username in the profile named, or in the first of the realm's profiles that has it. */
  private async heldCredential(
    request: Extract<ConsoleSignIn, { kind: 'password' }>,
  ): Promise<PasswordProfileInfo | undefined> {
    const realm = await realmOfPrefix({ mappings: this.mappings, realms: this.realms }, request.prefix);
    if (realm === undefined) return undefined;
    const profiles = await signInProfiles(this.profiles, realm.storeId, realm.id);
    const named = request.passwordProfileId;
    for (const profile of profiles) {
      if (named !== undefined && profile.id !== named) continue;
      const held = await this.credentials.findByUsername(realm.storeId, profile.id, request.username);
      if (held !== undefined) return held;
    }
    return undefined;
  }
}
