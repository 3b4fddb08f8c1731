import * as E from 'fp-ts/lib/Either.js';
import { inject, injectable } from 'inversify';
import type { Account } from '../../../domain/accounts/account.js';
import {
  ACCOUNT_EVENTS,
  ACCOUNT_MEMBER_EVENTS,
  ACCOUNT_MEMBERSHIP_EVENTS,
} from '../../../domain/accounts/account-events.js';
import type { AccountMember } from '../../../domain/accounts/account-member.js';
import type { AccountMembership } from '../../../domain/accounts/account-membership.js';
import {
  type AccountSwitch,
  INVALID_SIGN_IN,
  isUnserved,
  type PasswordSignIn,
  parseAccountMemberTokenRequest,
  type SelfSignup,
  UNSERVED_DETAIL,
} from '../../../domain/authentication-realms/account-member-token-request.js';
import {
  PASSWORD_PROFILE_NOT_FOUND,
  type PasswordProfile,
} from '../../../domain/authentication-realms/password-profile.js';
import {
  type PasswordProfileInfo,
  usernameInFormat,
} from '../../../domain/authentication-realms/password-profile-info.js';
import { EMAIL_TAKEN } from '../../../domain/authentication-realms/user-authentication-info.js';
import type { AccountAuthenticationSettings } from '../../../domain/settings/account-authentication-settings.js';
import {
  conflict,
  type DomainError,
  forbidden,
  notFound,
  unauthenticated,
  unprocessable,
  validationFailed,
} from '../../../domain/shared/errors.js';
import type { Uuid } from '../../../domain/shared/uuid.js';
import { ACCOUNT_TOKENS } from '../../account-tokens.js';
import { AUTHENTICATION_REALM_TOKENS as T } from '../../authentication-realm-tokens.js';
import type { AccountMemberRepository } from '../../ports/accounts/account-member-repository.js';
import type { AccountMembershipRepository } from '../../ports/accounts/account-membership-repository.js';
import type { AccountMemberTokenRepository } from '../../ports/auth/account-member-token-repository.js';
import type { PasswordHasher } from '../../ports/auth/password-hasher.js';
import type { AuthenticationRealmRepository } from '../../ports/authentication-realms/authentication-realm-repository.js';
import type { PasswordProfileInfoRepository } from '../../ports/authentication-realms/password-profile-info-repository.js';
import type { PasswordProfileRepository } from '../../ports/authentication-realms/password-profile-repository.js';
import type { OwnAccount, SelfSignupRepository } from '../../ports/authentication-realms/self-signup-repository.js';
import type {
  AccountAuthenticationSettingsRepository,
  AccountMembershipSettingsRepository,
} from '../../ports/settings/settings-repository.js';
import type { Clock, IdGenerator, Secrets } from '../../ports/system.js';
import { TOKENS } from '../../tokens.js';
import { membershipLimitReached } from '../accounts/account-memberships.js';
import { STORE_NOT_FOUND } from '../stores/store-lookup.js';
import { type SignedIn, signedIn } from './account-member-sign-in.js';
import { usernameTaken } from './password-profile-infos.js';

type Outcome = Promise<E.Either<DomainError, SignedIn>>;

const SELF_SIGNUP_DISABLED = 'self-signup is not enabled for this store (enable_self_signup)';
const TOKEN_REQUIRED = 'the EP-Account-Management-Authentication-Token header must hold a valid token of the member';
const ACCOUNT_NOT_FOUND = 'account not found';

/**
 * `POST /v2/account-members/tokens`: account member tokens by password, by self-signup, or by a token the
 * member holds already (to switch accounts). `presented` is the `EP-Account-Management-Authentication-Token`
 * the caller sent, if any.
 */
@injectable()
export class CreateAccountMemberTokens {
  constructor(
    @inject(T.AuthenticationRealmRepository) private readonly realms: AuthenticationRealmRepository,
    @inject(T.PasswordProfileRepository) private readonly profiles: PasswordProfileRepository,
    @inject(T.PasswordProfileInfoRepository) private readonly credentials: PasswordProfileInfoRepository,
    @inject(T.SelfSignupRepository) private readonly signups: SelfSignupRepository,
    @inject(T.PasswordHasher) private readonly hasher: PasswordHasher,
    @inject(T.AccountAuthenticationSettingsRepository)
    private readonly settings: AccountAuthenticationSettingsRepository,
    @inject(TOKENS.AccountMembershipSettingsRepository)
    private readonly membershipSettings: AccountMembershipSettingsRepository,
    @inject(ACCOUNT_TOKENS.AccountMemberRepository) private readonly members: AccountMemberRepository,
    @inject(ACCOUNT_TOKENS.AccountMembershipRepository) private readonly memberships: AccountMembershipRepository,
    @inject(TOKENS.AccountMemberTokenRepository) private readonly tokens: AccountMemberTokenRepository,
    @inject(TOKENS.Secrets) private readonly secrets: Secrets,
    @inject(TOKENS.Clock) private readonly clock: Clock,
    @inject(TOKENS.IdGenerator) private readonly ids: IdGenerator,
  ) {}

  async execute(storeId: Uuid, data: unknown, presented: string | undefined): Outcome {
    const request = parseAccountMemberTokenRequest(data);
    if (E.isLeft(request)) return E.left(validationFailed(request.left));
    if (isUnserved(request.right))
      return E.left(unprocessable(UNSERVED_DETAIL(request.right.mechanism), 'not_served_yet'));
    const settings = await this.settings.find(storeId);
    if (settings === undefined) return E.left(notFound(STORE_NOT_FOUND));
    switch (request.right.mechanism) {
      case 'password':
        return this.password(storeId, request.right, settings);
      case 'self_signup':
        return this.selfSignup(storeId, request.right, settings);
      case 'account_management_authentication_token':
        return this.switchAccount(storeId, request.right, presented, settings);
    }
  }

  private mint(member: AccountMember, accounts: readonly Account[], settings: AccountAuthenticationSettings) {
    const ports = { tokens: this.tokens, secrets: this.secrets, clock: this.clock };
    return signedIn(ports, member, accounts, settings.tokenTimeoutSecs);
  }

  /** A profile of the store's account realm; its id is no secret, so an unknown one is said to be unknown. */
  private async profile(storeId: Uuid, id: Uuid): Promise<E.Either<DomainError, PasswordProfile>> {
    const realm = await this.realms.findByStore(storeId);
    const profile = realm === undefined ? undefined : await this.profiles.find({ storeId, realmId: realm.id }, id);
    return profile === undefined ? E.left(notFound(PASSWORD_PROFILE_NOT_FOUND)) : E.right(profile);
  }

  private async password(storeId: Uuid, request: PasswordSignIn, settings: AccountAuthenticationSettings): Outcome {
    const profile = await this.profile(storeId, request.passwordProfileId);
    if (E.isLeft(profile)) return profile;
    const held = await this.credentials.findByUsername(storeId, profile.right.id, request.username);
    // An unknown username costs the same key derivation as a wrong password, so timing tells them apart no better than words.
    const right = await this.hasher.verify(request.password, held?.passwordHash);
    const member = right && held !== undefined ? await this.members.findById(storeId, held.accountMemberId) : undefined;
    if (member === undefined) return E.left(unauthenticated(INVALID_SIGN_IN));
    return E.right(await this.mint(member, await this.memberships.accountsOf(storeId, member.id), settings));
  }

  /**
   * A new member with a username and password, and, when the store says so, an account of their own: stored
   * in one transaction, so a refusal or a crash leaves no part of it behind.
   */
  private async selfSignup(storeId: Uuid, request: SelfSignup, settings: AccountAuthenticationSettings): Outcome {
    if (!settings.enableSelfSignup) return E.left(forbidden(SELF_SIGNUP_DISABLED, 'self_signup_disabled'));
    const profile = await this.profile(storeId, request.passwordProfileId);
    if (E.isLeft(profile)) return profile;
    const username = usernameInFormat(request.username, profile.right.usernameFormat, 'data.username');
    if (E.isLeft(username)) return E.left(validationFailed(username.left));
    const now = this.clock.now();
    const member: AccountMember = {
      id: this.ids.uuid(),
      storeId,
      name: request.name,
      email: request.email,
      createdAt: now,
      updatedAt: now,
    };
    const credentials: PasswordProfileInfo = {
      id: this.ids.uuid(),
      storeId,
      accountMemberId: member.id,
      passwordProfileId: profile.right.id,
      username: username.right,
      passwordHash: await this.hasher.hash(request.password),
      createdAt: now,
      updatedAt: now,
    };
    const ownAccount = settings.autoCreateAccountForAccountMembers ? await this.ownAccount(member, now) : undefined;
    const events = [
      ACCOUNT_MEMBER_EVENTS.created(member),
      ...(ownAccount === undefined
        ? []
        : [ACCOUNT_EVENTS.created(ownAccount.account), ACCOUNT_MEMBERSHIP_EVENTS.created(ownAccount.membership)]),
    ];
    const stored = await this.signups.signUp({ member, credentials, ...(ownAccount && { ownAccount }), events });
    if (E.isRight(stored))
      return E.right(await this.mint(member, ownAccount === undefined ? [] : [ownAccount.account], settings));
    switch (stored.left._tag) {
      case 'UsernameTaken':
        return E.left(usernameTaken());
      case 'EmailTaken':
        return E.left(conflict(EMAIL_TAKEN, 'email_taken'));
      case 'ReferenceMissing':
        return E.left(notFound(PASSWORD_PROFILE_NOT_FOUND));
      case 'LimitReached':
        return E.left(membershipLimitReached(ownAccount?.membershipLimit ?? 0));
    }
  }

  /** The member's own account, named after them, with their membership. */
  private async ownAccount(member: AccountMember, now: Date): Promise<OwnAccount> {
    const account: Account = {
      id: this.ids.uuid(),
      storeId: member.storeId,
      name: member.name,
      ancestorIds: [],
      createdAt: now,
      updatedAt: now,
    };
    const membership: AccountMembership = {
      id: this.ids.uuid(),
      storeId: member.storeId,
      accountId: account.id,
      accountMemberId: member.id,
      createdAt: now,
      updatedAt: now,
    };
    const membershipLimit = (await this.membershipSettings.find(member.storeId))?.membershipLimit ?? 1;
    return { account, membership, membershipLimit };
  }

  /** A member holding a valid token gets one for another of their accounts (or for each, as EPCC answers without `account_id`). */
  private async switchAccount(
    storeId: Uuid,
    request: AccountSwitch,
    presented: string | undefined,
    settings: AccountAuthenticationSettings,
  ): Outcome {
    const held =
      presented === undefined
        ? undefined
        : await this.tokens.findActive(this.secrets.hash(presented), this.clock.now());
    const member = held?.storeId === storeId ? await this.members.findById(storeId, held.accountMemberId) : undefined;
    if (member === undefined) return E.left(unauthenticated(TOKEN_REQUIRED));
    const accounts = await this.memberships.accountsOf(storeId, member.id);
    if (request.accountId === undefined) return E.right(await this.mint(member, accounts, settings));
    const account = accounts.find((a) => a.id === request.accountId);
    return account === undefined
      ? E.left(notFound(ACCOUNT_NOT_FOUND))
      : E.right(await this.mint(member, [account], settings));
  }
}
