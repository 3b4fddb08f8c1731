import type { KeyScopes } from '../../../domain/auth/scope.js';
import type { ConsoleSession, SessionSubject } from '../../../domain/people/console-session.js';
import type { MerchantUser } from '../../../domain/people/merchant-user.js';
import type { Uuid } from '../../../domain/shared/uuid.js';

/** Who a live session acts for, as stored now: a person's current role, a key's current scopes. */
export type SessionHolder =
  | { readonly kind: 'user'; readonly user: MerchantUser }
  | { readonly kind: 'key'; readonly applicationKeyId: Uuid; readonly scopes: KeyScopes };

export interface ActiveConsoleSession {
  readonly session: ConsoleSession;
  readonly holder: SessionHolder;
}

/** Storage of console sessions, by the hash of their id. */
export interface ConsoleSessionRepository {
  /** False when the person or key the session acts for no longer exists. */
  insert(session: ConsoleSession): Promise<boolean>;
  /**
   * The session with this id hash if it is live at `now` (`sessionLive`) and the person or key it acts for
   * still exists, with what they hold now; one read.
   */
  findActive(idHash: string, now: Date): Promise<ActiveConsoleSession | undefined>;
  /** Records a use: the session's `lastUsedAt` and `idleExpiresAt` as `touched` makes them. */
  touch(idHash: string, lastUsedAt: Date, idleExpiresAt: Date): Promise<void>;
  /** Ends one session; false when there was none. */
  delete(idHash: string): Promise<boolean>;
  /** Ends every session of one person or key of the store (sign-out everywhere, a role change, a deletion). */
  deleteForSubject(storeId: Uuid, subject: SessionSubject): Promise<number>;
  /** Forgets sessions that ended (idle or absolute) before `now`. */
  deleteExpired(now: Date): Promise<number>;
}
