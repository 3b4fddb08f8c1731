import type { Uuid } from '../shared/uuid.js';

/**
 * Whom a console session acts for: one of the merchant's people, or an application key (the console entered
 * with a key's client id and secret, as on the first start, before anyone has an account).
 */
export type SessionSubject = { readonly kind: 'user'; readonly id: Uuid } | { readonly kind: 'key'; readonly id: Uuid };

/** Where a session was started from, kept for the people who look at their sessions later. */
export interface SessionOrigin {
  readonly address?: string;
  readonly userAgent?: string;
}

/**
 * A browser's signed-in console, as stored: only the hashes of the session id (the cookie's value) and of its
 * CSRF token are kept, so a copy of the table signs nobody in.
 */
export interface ConsoleSession {
  readonly idHash: string;
  readonly csrfHash: string;
  readonly storeId: Uuid;
  readonly subject: SessionSubject;
  readonly address: string | null;
  readonly userAgent: string | null;
  readonly createdAt: Date;
  /** The last use recorded, at most a minute behind the last request (`touchDue`). */
  readonly lastUsedAt: Date;
  /** Moves forward with use, never past `expiresAt`. */
  readonly idleExpiresAt: Date;
  /** The absolute end, fixed when the session starts. */
  readonly expiresAt: Date;
}

/** How long a session lasts unused, and at most. */
export interface SessionLifetime {
  readonly idleMs: number;
  readonly maxMs: number;
}

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;

export const DEFAULT_SESSION_LIFETIME: SessionLifetime = { idleMs: 30 * MINUTE_MS, maxMs: 12 * HOUR_MS };

/** A session's last use is written at most this often: a request in between costs no write. */
export const TOUCH_EVERY_MS = MINUTE_MS;

/** What a browser may send as its user agent is kept to this many characters. */
export const USER_AGENT_MAX = 255;

const later = (at: Date, ms: number): Date => new Date(at.getTime() + ms);
const earlier = (a: Date, b: Date): Date => (a.getTime() <= b.getTime() ? a : b);

export interface SessionHashes {
  readonly idHash: string;
  readonly csrfHash: string;
}

export const newConsoleSession = (
  hashes: SessionHashes,
  storeId: Uuid,
  subject: SessionSubject,
  origin: SessionOrigin,
  lifetime: SessionLifetime,
  now: Date,
): ConsoleSession => {
  const expiresAt = later(now, lifetime.maxMs);
  return {
    ...hashes,
    storeId,
    subject,
    address: origin.address ?? null,
    userAgent: origin.userAgent === undefined ? null : origin.userAgent.slice(0, USER_AGENT_MAX),
    createdAt: now,
    lastUsedAt: now,
    idleExpiresAt: earlier(later(now, lifetime.idleMs), expiresAt),
    expiresAt,
  };
};

/** A session serves requests until the first of its two ends; at either instant it has ended. */
export const sessionLive = (session: ConsoleSession, now: Date): boolean =>
  now.getTime() < session.idleExpiresAt.getTime() && now.getTime() < session.expiresAt.getTime();

/** The instant the session ends if it is not used again. */
export const sessionEndsAt = (session: ConsoleSession): Date => earlier(session.idleExpiresAt, session.expiresAt);

/** Whether a request at `now` records the session's use (once a minute at most). */
export const touchDue = (session: ConsoleSession, now: Date): boolean =>
  now.getTime() - session.lastUsedAt.getTime() >= TOUCH_EVERY_MS;

/** The session as used at `now`: its idle end moves forward, never past the absolute one. */
export const touched = (session: ConsoleSession, lifetime: SessionLifetime, now: Date): ConsoleSession => ({
  ...session,
  lastUsedAt: now,
  idleExpiresAt: earlier(later(now, lifetime.idleMs), session.expiresAt),
});
