import type { Secrets } from '../../ports/system.js';

/**
 * A session's CSRF token is derived from its id by the one-way hash, so `GET /console/session` can hand it
 * to the page again after a reload although only its hash is stored, and knowing it tells nothing of the id.
 */
export const csrfTokenOf = (secrets: Secrets, sessionToken: string): string =>
  secrets.hash(`console-csrf:${sessionToken}`);

/** The cookie's value carries this many bits of chance, as access tokens do. */
export const SESSION_TOKEN_BITS = 256;

/** A session id longer than any this service makes is refused before it is hashed. */
export const SESSION_TOKEN_TEXT_MAX = 128;
