import * as E from 'fp-ts/lib/Either.js';
import { issues } from '../shared/errors.js';
import { codePoints, isStorableText, STORABLE_TEXT_RULE } from '../shared/text.js';
import { isRecord, type Parsed } from '../shared/validation.js';

/** Longer than any token this service mints; a longer one cannot be one of its tokens. */
export const TOKEN_TEXT_MAX = 512;

/**
 * Who asks for a revocation (RFC 7009 section 2.1): a client by its credentials (the form's
 * `client_id` and `client_secret`, or HTTP Basic), or the bearer of the very token being revoked.
 */
export type RevocationCaller =
  | { readonly kind: 'client'; readonly clientId: string; readonly clientSecret: string }
  | { readonly kind: 'bearer'; readonly token: string };

/**
 * Reads the `token` of a revocation request. `token_type_hint` is only a hint (RFC 7009 section 2.1):
 * this server has one kind of token and searches it whatever the hint says, so it is not read.
 */
export const parseRevokedToken = (form: unknown): Parsed<string> => {
  const token = isRecord(form) ? form['token'] : undefined;
  if (typeof token !== 'string' || token.length === 0) return E.left(issues('token', 'is required'));
  if (!isStorableText(token)) return E.left(issues('token', STORABLE_TEXT_RULE));
  if (codePoints(token) > TOKEN_TEXT_MAX)
    return E.left(issues('token', `must be at most ${TOKEN_TEXT_MAX} characters long`));
  return E.right(token);
};
