import * as E from 'fp-ts/lib/Either.js';
import { inject, injectable } from 'inversify';
import {
  newConsoleSession,
  type SessionLifetime,
  type SessionOrigin,
  type SessionSubject,
} from '../../../domain/people/console-session.js';
import { MERCHANT_USER_NOT_FOUND } from '../../../domain/people/merchant-user.js';
import { type DomainError, notFound } from '../../../domain/shared/errors.js';
import type { Uuid } from '../../../domain/shared/uuid.js';
import { PEOPLE_TOKENS } from '../../people-tokens.js';
import type { ConsoleSessionRepository } from '../../ports/people/console-session-repository.js';
import type { MerchantUserRepository } from '../../ports/people/merchant-user-repository.js';
import type { Clock, Secrets } from '../../ports/system.js';
import { TOKENS } from '../../tokens.js';
import { csrfTokenOf, SESSION_TOKEN_BITS } from './console-sessions.js';

const KEY_NOT_FOUND = 'application key not found';

/** A new session's secrets, given once: the id goes into the cookie, the CSRF token to the page. */
export interface StartedConsoleSession {
  readonly sessionToken: string;
  readonly csrfToken: string;
  /** The absolute end; the session also ends after `idleExpiresAt` unless used. */
  readonly expiresAt: Date;
  readonly idleExpiresAt: Date;
}

/**
 * Starts a console session for a person or a key whose credentials the caller has checked (a password
 * profile, an OpenID Connect provider, a key's client secret). Every sign-in gets a new id, so a session id
 * planted before the sign-in is worth nothing after it.
 */
@injectable()
export class StartConsoleSession {
  constructor(
    @inject(PEOPLE_TOKENS.ConsoleSessionRepository) private readonly sessions: ConsoleSessionRepository,
    @inject(PEOPLE_TOKENS.MerchantUserRepository) private readonly users: MerchantUserRepository,
    @inject(PEOPLE_TOKENS.ConsoleSessionLifetime) private readonly lifetime: SessionLifetime,
    @inject(TOKENS.Clock) private readonly clock: Clock,
    @inject(TOKENS.Secrets) private readonly secrets: Secrets,
  ) {}

  /** A session for one of the store's people; their last sign-in is recorded. */
  async forUser(
    storeId: Uuid,
    userId: Uuid,
    origin: SessionOrigin,
  ): Promise<E.Either<DomainError, StartedConsoleSession>> {
    const started = await this.start(storeId, { kind: 'user', id: userId }, origin);
    if (started === undefined) return E.left(notFound(MERCHANT_USER_NOT_FOUND));
    await this.users.recordSignIn(storeId, userId, this.clock.now());
    return E.right(started);
  }

  /** A session for an application key of the store (the console entered with a key). */
  async forKey(
    storeId: Uuid,
    applicationKeyId: Uuid,
    origin: SessionOrigin,
  ): Promise<E.Either<DomainError, StartedConsoleSession>> {
    const started = await this.start(storeId, { kind: 'key', id: applicationKeyId }, origin);
    return started === undefined ? E.left(notFound(KEY_NOT_FOUND)) : E.right(started);
  }

  private async start(
    storeId: Uuid,
    subject: SessionSubject,
    origin: SessionOrigin,
  ): Promise<StartedConsoleSession | undefined> {
    const sessionToken = this.secrets.random(SESSION_TOKEN_BITS);
    const csrfToken = csrfTokenOf(this.secrets, sessionToken);
    const hashes = { idHash: this.secrets.hash(sessionToken), csrfHash: this.secrets.hash(csrfToken) };
    const session = newConsoleSession(hashes, storeId, subject, origin, this.lifetime, this.clock.now());
    if (!(await this.sessions.insert(session))) return undefined;
    return { sessionToken, csrfToken, expiresAt: session.expiresAt, idleExpiresAt: session.idleExpiresAt };
  }
}
