import * as E from 'fp-ts/lib/Either.js';
import { parseOrigin } from '../../domain/settings/origin.js';

/**
 * `CORS_ADMIN_ORIGINS`: comma-separated origins whose pages may call every route, the merchant's and the
 * console's included (a console or back office served from another origin). Unset: none. `*` is refused:
 * opening the merchant's routes to every page is not a setting but a mistake.
 */
export const readCorsAdminOrigins = (raw: string | undefined): E.Either<string, readonly string[]> => {
  if (raw === undefined || raw.trim() === '') return E.right([]);
  const entries = raw
    .split(',')
    .map((e) => e.trim())
    .filter((e) => e !== '');
  const origins = entries.map((e) => [e, parseOrigin('CORS_ADMIN_ORIGINS')(e)] as const);
  const bad = origins.flatMap(([e, o]) => (E.isLeft(o) ? [`"${e}"`] : []));
  return bad.length === 0
    ? E.right([...new Set(origins.flatMap(([, o]) => (E.isRight(o) ? [o.right] : [])))])
    : E.left(
        `CORS_ADMIN_ORIGINS must be a comma-separated list of origins, scheme://host[:port] with http or https and no path, got ${bad.join(', ')}`,
      );
};
