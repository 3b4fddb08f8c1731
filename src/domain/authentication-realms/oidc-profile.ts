import * as E from 'fp-ts/lib/Either.js';
import { pipe } from 'fp-ts/lib/function.js';
import { issue } from '../shared/errors.js';
import { oneOf, required } from '../shared/literal.js';
import { boundedString } from '../shared/text.js';
import type { Uuid } from '../shared/uuid.js';
import { field, isRecord, optional, type Parsed, parseAll } from '../shared/validation.js';
import { parseRedirectUris } from './authentication-realm.js';
import { parseDiscoveryUrl } from './discovery-url.js';

/**
 * EPCC spells the type twice: `oidc-profile` in its developer documents, `openid_connect_profile` in its
 * newer Authentication Realms API. Both are taken; answers use the developer documents' spelling.
 */
export const OIDC_PROFILE_TYPE = 'oidc-profile';
export const OIDC_PROFILE_TYPES = [OIDC_PROFILE_TYPE, 'openid_connect_profile'] as const;
export const OIDC_PROFILE_NOT_FOUND = 'openid connect profile not found';

export const OIDC_NAME_MAX = 255;
export const OIDC_CLIENT_ID_MAX = 255;
export const OIDC_CLIENT_SECRET_MAX = 1024;

/**
 * One identity provider a realm's people sign in with, by OpenID Connect. `clientSecret` is kept because it
 * is sent to the provider at every sign-in; it is never answered, logged nor kept in a replayed answer.
 */
export interface OidcProfile {
  readonly id: Uuid;
  readonly storeId: Uuid;
  readonly realmId: Uuid;
  readonly name: string;
  readonly discoveryUrl: string;
  readonly clientId: string;
  readonly clientSecret: string;
  /** The newer API's `redirect_uris`, kept and answered; the console's sign-in always returns to `/console`. */
  readonly redirectUris: readonly string[];
  /** The `issuer` of the provider's discovery document, read when the profile was made or its URL changed. */
  readonly issuer: string;
  readonly createdAt: Date;
  readonly updatedAt: Date;
}

export interface OidcProfileFields {
  readonly name: string;
  readonly discoveryUrl: string;
  readonly clientId: string;
  readonly clientSecret: string;
  readonly redirectUris: readonly string[];
}

const typeOf = (data: Readonly<Record<string, unknown>>) => oneOf(OIDC_PROFILE_TYPES)('data.type')(field(data, 'type'));
const name = boundedString(1, OIDC_NAME_MAX);
const clientId = boundedString(1, OIDC_CLIENT_ID_MAX);
const clientSecret = boundedString(1, OIDC_CLIENT_SECRET_MAX);

/** A new profile: every field is required, as EPCC documents them. */
export const parseNewOidcProfile = (data: unknown): Parsed<OidcProfileFields> =>
  isRecord(data)
    ? pipe(
        parseAll({
          type: typeOf(data),
          name: required(name)('data.name')(field(data, 'name')),
          discoveryUrl: required(parseDiscoveryUrl)('data.discovery_url')(field(data, 'discovery_url')),
          clientId: required(clientId)('data.client_id')(field(data, 'client_id')),
          clientSecret: required(clientSecret)('data.client_secret')(field(data, 'client_secret')),
          redirectUris: optional(field(data, 'redirect_uris'), parseRedirectUris('data.redirect_uris')),
        }),
        E.map(({ type: _type, redirectUris, ...fields }) => ({ ...fields, redirectUris: redirectUris ?? [] })),
      )
    : E.left([issue('data', 'must be an object')]);

/** A partial update: a field left out keeps its value. */
export const parseOidcProfileChanges = (data: unknown): Parsed<Partial<OidcProfileFields>> =>
  isRecord(data)
    ? pipe(
        parseAll({
          type: typeOf(data),
          name: optional(field(data, 'name'), name('data.name')),
          discoveryUrl: optional(field(data, 'discovery_url'), parseDiscoveryUrl('data.discovery_url')),
          clientId: optional(field(data, 'client_id'), clientId('data.client_id')),
          clientSecret: optional(field(data, 'client_secret'), clientSecret('data.client_secret')),
          redirectUris: optional(field(data, 'redirect_uris'), parseRedirectUris('data.redirect_uris')),
        }),
        E.map(({ type: _type, ...fields }) =>
          Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== undefined)),
        ),
      )
    : E.left([issue('data', 'must be an object')]);

/** The profile with its changes, and the issuer its (maybe new) discovery document names. */
export const changeOidcProfile = (
  profile: OidcProfile,
  changes: Partial<OidcProfileFields>,
  issuer: string,
  now: Date,
): OidcProfile => ({ ...profile, ...changes, issuer, updatedAt: now });
