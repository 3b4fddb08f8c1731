import * as E from 'fp-ts/lib/Either.js';
import { inject, injectable } from 'inversify';
import { keyActor } from '../../../domain/auth/actor.js';
import type { Principal } from '../../../domain/auth/grant.js';
import {
  type ConsoleSession,
  type SessionLifetime,
  touchDue,
  touched,
} from '../../../domain/people/console-session.js';
import { ROLE_SCOPES } from '../../../domain/people/role.js';
import { type DomainError, forbidden, unauthenticated } from '../../../domain/shared/errors.js';
import { PEOPLE_TOKENS } from '../../people-tokens.js';
import type { ConsoleSessionRepository, SessionHolder } from '../../ports/people/console-session-repository.js';
import type { Clock, Secrets } from '../../ports/system.js';
import { TOKENS } from '../../tokens.js';
import { SESSION_TOKEN_TEXT_MAX } from './console-sessions.js';

const SESSION_ENDED = 'the console session has ended or is unknown; sign in again';
const CSRF_MISSING = 'a write made with the console session needs its X-CSRF-Token header';
const CSRF_WRONG = "the X-CSRF-Token header is not this console session's";

/** A live session, whom it acts for now, and the principal its requests run as. */
export interface AuthenticatedSession {
  readonly session: ConsoleSession;
  readonly holder: SessionHolder;
  readonly principal: Principal;
}

/**
 * A person's session runs with the scopes of the role they hold now, read at each request, so a changed
 * role applies at once; a key's with the key's scopes as they are now. Both are merchants' grants.
 */
const principalOf = (session: ConsoleSession, holder: SessionHolder): Principal =>
  holder.kind === 'user'
    ? {
        storeId: session.storeId,
        grant: 'client_credentials',
        scopes: ROLE_SCOPES[holder.user.role],
        actor: { kind: 'user', id: holder.user.id, role: holder.user.role, name: holder.user.name },
      }
    : {
        storeId: session.storeId,
        applicationKeyId: holder.applicationKeyId,
        grant: 'client_credentials',
        scopes: holder.scopes,
        actor: keyActor(holder.applicationKeyId),
      };

@injectable()
export class AuthenticateConsoleSession {
  constructor(
    @inject(PEOPLE_TOKENS.ConsoleSessionRepository) private readonly sessions: ConsoleSessionRepository,
    @inject(PEOPLE_TOKENS.ConsoleSessionLifetime) private readonly lifetime: SessionLifetime,
    @inject(TOKENS.Clock) private readonly clock: Clock,
    @inject(TOKENS.Secrets) private readonly secrets: Secrets,
  ) {}

  /** The session whose id the cookie holds, if live; its use is recorded at most once a minute. */
  async execute(sessionToken: string): Promise<E.Either<DomainError, AuthenticatedSession>> {
    if (sessionToken.length > SESSION_TOKEN_TEXT_MAX) return E.left(unauthenticated(SESSION_ENDED));
    const now = this.clock.now();
    const found = await this.sessions.findActive(this.secrets.hash(sessionToken), now);
    if (found === undefined) return E.left(unauthenticated(SESSION_ENDED));
    let { session } = found;
    if (touchDue(session, now)) {
      session = touched(session, this.lifetime, now);
      await this.sessions.touch(session.idHash, session.lastUsedAt, session.idleExpiresAt);
    }
    return E.right({ session, holder: found.holder, principal: principalOf(session, found.holder) });
  }

  /** Whether `presented` (the `X-CSRF-Token` header) is the session's CSRF token, compared in constant time. */
  csrfRefusal(session: ConsoleSession, presented: string): DomainError | undefined {
    if (presented === '') return forbidden(CSRF_MISSING, 'csrf_token_invalid');
    return this.secrets.matches(presented, session.csrfHash) ? undefined : forbidden(CSRF_WRONG, 'csrf_token_invalid');
  }
}
