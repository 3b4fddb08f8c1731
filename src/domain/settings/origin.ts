import * as E from 'fp-ts/lib/Either.js';
import { issues } from '../shared/errors.js';
import type { Parsed } from '../shared/validation.js';

declare const ORIGIN: unique symbol;
/** A web origin as a browser sends it in `Origin`: `scheme://host[:port]`, lower case, without its default port. */
export type Origin = string & { readonly [ORIGIN]: true };

export const ORIGIN_MAX = 255;
const SHAPE = /^[a-z][a-z0-9+.-]*:\/\/[^/?#@\s]+$/i;
export const ORIGIN_FORM = 'must be an origin, scheme://host[:port] with no path, such as https://shop.example.com';

/**
 * Parses an origin and writes it as browsers serialize it (`HTTPS://Shop.Example:443` is
 * `https://shop.example`), so that the `Origin` header is matched by comparing text. Only `http` and
 * `https`: the other schemes have opaque origins, which a browser sends as `null` and no list can name.
 */
export const parseOrigin =
  (source: string) =>
  (input: unknown): Parsed<Origin> => {
    const refused = E.left(issues(source, ORIGIN_FORM));
    if (typeof input !== 'string' || input.length > ORIGIN_MAX || !SHAPE.test(input)) return refused;
    let url: URL;
    try {
      url = new URL(input);
    } catch {
      return refused;
    }
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return refused;
    return E.right(url.origin as Origin);
  };
