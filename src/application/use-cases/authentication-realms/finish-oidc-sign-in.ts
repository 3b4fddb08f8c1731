import * as E from 'fp-ts/lib/Either.js';
import { inject, injectable } from 'inversify';
import type { OidcProfile } from '../../../domain/authentication-realms/oidc-profile.js';
import {
  attemptExpired,
  nameForNewPerson,
  type OidcIdentity,
  type OidcSignInAttempt,
  type SignInFailure,
  verifiedEmail,
} from '../../../domain/authentication-realms/oidc-sign-in.js';
import type { SessionOrigin } from '../../../domain/people/console-session.js';
import { type MerchantUser, newMerchantUser } from '../../../domain/people/merchant-user.js';
import { AUTHENTICATION_REALM_TOKENS as T } from '../../authentication-realm-tokens.js';
import { PEOPLE_TOKENS } from '../../people-tokens.js';
import type { OidcProfileInfoRepository } from '../../ports/authentication-realms/oidc-profile-info-repository.js';
import type { OidcProfileRepository } from '../../ports/authentication-realms/oidc-profile-repository.js';
import type { OidcSignInAttemptRepository } from '../../ports/authentication-realms/oidc-sign-in-attempt-repository.js';
import type { OpenIdProvider } from '../../ports/authentication-realms/openid-provider.js';
import type { MerchantUserRepository } from '../../ports/people/merchant-user-repository.js';
import type { Clock, IdGenerator, Secrets } from '../../ports/system.js';
import { TOKENS } from '../../tokens.js';
import { StartConsoleSession, type StartedConsoleSession } from '../people/start-console-session.js';

/** Why the sign-in did not finish; `prefix` when the attempt was known, to send the person back to its page. */
export interface SignInFailed {
  readonly prefix?: string;
  readonly reason: SignInFailure;
}

export interface FinishedSignIn {
  readonly session: StartedConsoleSession;
  readonly user: MerchantUser;
  readonly prefix: string;
}

/** The provider's redirect back: its query, and the `state` the browser's own cookie says it began with. */
export interface OidcCallback {
  readonly query: URLSearchParams;
  readonly browserState: string | undefined;
}

const failed = (reason: SignInFailure, prefix?: string): E.Either<SignInFailed, never> =>
  E.left(prefix === undefined ? { reason } : { reason, prefix });

/**
 * Finishes a sign-in at the provider's redirect: the attempt its `state` names is taken (once), the code is
 * exchanged and the ID token checked, and the person is found by their link to the provider's subject, else
 * by the email the provider verified (and linked), else made, `read-only` (an owner raises the role), and
 * linked. A console session starts for them.
 */
@injectable()
export class FinishOidcSignIn {
  constructor(
    @inject(T.OidcSignInAttemptRepository) private readonly attempts: OidcSignInAttemptRepository,
    @inject(T.OidcProfileRepository) private readonly profiles: OidcProfileRepository,
    @inject(T.OidcProfileInfoRepository) private readonly links: OidcProfileInfoRepository,
    @inject(T.OpenIdProvider) private readonly provider: OpenIdProvider,
    @inject(PEOPLE_TOKENS.MerchantUserRepository) private readonly users: MerchantUserRepository,
    @inject(StartConsoleSession) private readonly sessions: StartConsoleSession,
    @inject(TOKENS.Clock) private readonly clock: Clock,
    @inject(TOKENS.IdGenerator) private readonly ids: IdGenerator,
    @inject(TOKENS.Secrets) private readonly secrets: Secrets,
  ) {}

  async execute(callback: OidcCallback, origin: SessionOrigin): Promise<E.Either<SignInFailed, FinishedSignIn>> {
    const state = callback.query.get('state');
    // The browser that comes back must be the one that left: a link to someone else's callback signs no one in.
    if (state === null || state === '' || state !== callback.browserState) return failed('unknown_attempt');
    const now = this.clock.now();
    const attempt = await this.attempts.take(this.secrets.hash(state), now);
    if (attempt === undefined) return failed('unknown_attempt');
    if (attemptExpired(attempt, now)) return failed('expired', attempt.prefix);
    const profile = await this.profiles.find(
      { storeId: attempt.storeId, realmId: attempt.realmId },
      attempt.oidcProfileId,
    );
    if (profile === undefined) return failed('profile_gone', attempt.prefix);
    const identity = await this.identity(profile, attempt, state, callback.query);
    if (E.isLeft(identity)) return failed(identity.left, attempt.prefix);
    const person = await this.person(profile, identity.right);
    if (E.isLeft(person)) return failed(person.left, attempt.prefix);
    const session = await this.sessions.forUser(attempt.storeId, person.right.id, origin);
    if (E.isLeft(session)) return failed('unknown_attempt', attempt.prefix);
    return E.right({ session: session.right, user: person.right, prefix: attempt.prefix });
  }

  private async identity(
    profile: OidcProfile,
    attempt: OidcSignInAttempt,
    state: string,
    query: URLSearchParams,
  ): Promise<E.Either<SignInFailure, OidcIdentity>> {
    // The code is exchanged with the redirect URI the provider was given, whatever host the request came by.
    const callbackUrl = new URL(attempt.redirectUri);
    callbackUrl.search = query.toString();
    const identity = await this.provider.finish(profile, callbackUrl, {
      redirectUri: attempt.redirectUri,
      state,
      nonce: attempt.nonce,
      codeVerifier: attempt.codeVerifier,
    });
    if (E.isRight(identity)) return identity;
    const reasons = {
      ProviderUnreachable: 'provider_unreachable',
      ProviderRefused: 'provider_refused',
      TokenRejected: 'token_rejected',
    } as const;
    return E.left(reasons[identity.left._tag]);
  }

  /** The person the provider's subject is: linked, matched by verified email and linked, or made and linked. */
  private async person(profile: OidcProfile, identity: OidcIdentity): Promise<E.Either<SignInFailure, MerchantUser>> {
    const linked = await this.linkedPerson(profile, identity.subject);
    if (linked !== undefined) return E.right(linked);
    const email = verifiedEmail(identity);
    const match = email === undefined ? undefined : await this.users.findByEmail(profile.storeId, email);
    const person = match === undefined ? await this.newPerson(profile, identity) : E.right(match);
    if (E.isLeft(person)) return person;
    const now = this.clock.now();
    const link = await this.links.insert({
      id: this.ids.uuid(),
      storeId: profile.storeId,
      realmId: profile.realmId,
      userId: person.right.id,
      oidcProfileId: profile.id,
      subject: identity.subject,
      issuer: identity.issuer,
      createdAt: now,
      updatedAt: now,
    });
    if (E.isRight(link)) return person;
    if (link.left._tag === 'ReferenceMissing') return E.left('profile_gone');
    // Two first sign-ins of one subject raced: the other linked it; this one signs in as whom it linked.
    const winner = await this.linkedPerson(profile, identity.subject);
    return winner === undefined ? E.left('unknown_attempt') : E.right(winner);
  }

  private async linkedPerson(profile: OidcProfile, subject: string): Promise<MerchantUser | undefined> {
    const link = await this.links.findBySubject(profile.storeId, profile.id, subject);
    if (link === undefined) return undefined;
    const person = await this.users.findById(profile.storeId, link.userId);
    // A link whose person was deleted signs no one in; it is removed so that the subject can be linked anew.
    if (person === undefined)
      await this.links.delete({ storeId: link.storeId, realmId: link.realmId, userId: link.userId }, link.id);
    return person;
  }

  private async newPerson(
    profile: OidcProfile,
    identity: OidcIdentity,
  ): Promise<E.Either<SignInFailure, MerchantUser>> {
    const email = identity.email;
    if (email === undefined || email === '') return E.left('no_email');
    const fields = { name: nameForNewPerson({ ...identity, email }), email, role: 'read-only' as const };
    const made = await this.users.insert(newMerchantUser(this.ids.uuid(), profile.storeId, fields, this.clock.now()));
    return E.isRight(made) ? made : E.left('email_in_use');
  }
}
