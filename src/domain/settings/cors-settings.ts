import * as E from 'fp-ts/lib/Either.js';
import { pipe } from 'fp-ts/lib/function.js';
import { issue, issues } from '../shared/errors.js';
import { oneOf } from '../shared/literal.js';
import { field, isRecord, optional, type Parsed, parseAll } from '../shared/validation.js';
import { type Origin, parseOrigin } from './origin.js';
import { SETTINGS_TYPE } from './settings-input.js';

/** Every origin: what a store allows until it names its own. */
export const ANY_ORIGIN = '*';

/**
 * Which other origins' pages may read the store's answers from a browser (the routes open to browsers
 * only: the token endpoints, the catalogue, the shopper's own records); `*` for any.
 */
export interface CorsSettings {
  readonly allowedOrigins: typeof ANY_ORIGIN | readonly Origin[];
}

export const DEFAULT_CORS_SETTINGS: CorsSettings = { allowedOrigins: ANY_ORIGIN };
export const ALLOWED_ORIGINS_MAX = 100;

/** Whether a page of `origin` may read the store's answer. */
export const allowsOrigin = (settings: CorsSettings, origin: string): boolean =>
  settings.allowedOrigins === ANY_ORIGIN || settings.allowedOrigins.some((allowed) => allowed === origin);

/** The wire's list, `["*"]` for any origin; storage keeps it in the same form and reads it back through this. */
export const allowedOriginsList = (settings: CorsSettings): readonly string[] =>
  settings.allowedOrigins === ANY_ORIGIN ? [ANY_ORIGIN] : settings.allowedOrigins;

export const parseAllowedOrigins =
  (source: string) =>
  (input: unknown): Parsed<CorsSettings['allowedOrigins']> => {
    if (!Array.isArray(input)) return E.left(issues(source, 'must be an array of origins, or ["*"] for any'));
    if (input.length === 1 && input[0] === ANY_ORIGIN) return E.right(ANY_ORIGIN);
    if (input.length > ALLOWED_ORIGINS_MAX)
      return E.left(issues(source, `must hold at most ${ALLOWED_ORIGINS_MAX} origins`));
    const parsed = input.map((entry, i) =>
      entry === ANY_ORIGIN
        ? E.left(issues(`${source}.${i}`, '"*" allows every origin, so it stands alone: ["*"]'))
        : parseOrigin(`${source}.${i}`)(entry),
    );
    const [first, ...rest] = parsed.flatMap((p) => (E.isLeft(p) ? p.left : []));
    if (first !== undefined) return E.left([first, ...rest]);
    return E.right([...new Set(parsed.flatMap((p) => (E.isRight(p) ? [p.right] : [])))]);
  };

/**
 * Parses the `data` object of `PUT /v2/settings/cors`: `allowed_origins` replaces the list (an empty list
 * opens the store to no other origin); left out, the list stays.
 */
export const parseCorsSettingsChanges = (data: unknown): Parsed<Partial<CorsSettings>> =>
  isRecord(data)
    ? pipe(
        parseAll({
          type: oneOf([SETTINGS_TYPE])('data.type')(field(data, 'type')),
          allowedOrigins: optional(field(data, 'allowed_origins'), parseAllowedOrigins('data.allowed_origins')),
        }),
        E.map(({ allowedOrigins }) => (allowedOrigins === undefined ? {} : { allowedOrigins })),
      )
    : E.left([issue('data', 'must be an object')]);
