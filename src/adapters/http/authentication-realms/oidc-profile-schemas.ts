import { REDIRECT_URI_MAX, REDIRECT_URIS_MAX } from '../../../domain/authentication-realms/authentication-realm.js';
import { DISCOVERY_URL_MAX } from '../../../domain/authentication-realms/discovery-url.js';
import {
  OIDC_CLIENT_ID_MAX,
  OIDC_CLIENT_SECRET_MAX,
  OIDC_NAME_MAX,
  OIDC_PROFILE_TYPE,
  OIDC_PROFILE_TYPES,
} from '../../../domain/authentication-realms/oidc-profile.js';
import {
  ISSUER_MAX,
  OIDC_PROFILE_INFO_TYPE,
  SUBJECT_MAX,
} from '../../../domain/authentication-realms/oidc-profile-info.js';
import type { Schema } from '../openapi/openapi-types.js';
import {
  arrayOf,
  closedObject,
  constant,
  oneOfStrings,
  openObject,
  text,
  timestamp,
  uri,
  uuid,
} from '../openapi/schema-builders.js';

export const oidcProfileLinks: Schema = closedObject({
  self: uri,
  'callback-endpoint': {
    ...uri,
    description: "The URL to register at the provider as the client's redirect URI: the console's callback.",
  },
});

const fields = {
  name: text(1, OIDC_NAME_MAX, 'The name of the profile, on its sign-in button.'),
  discovery_url: {
    ...text(1, DISCOVERY_URL_MAX),
    format: 'uri' as const,
    description:
      "The provider's discovery document (or its issuer): absolute https, or http on the loopback (localhost, 127.0.0.0/8, [::1]).",
  },
  client_id: text(1, OIDC_CLIENT_ID_MAX, 'The client id registered at the provider.'),
  redirect_uris: arrayOf({ ...text(1, REDIRECT_URI_MAX), format: 'uri' as const }, { maxItems: REDIRECT_URIS_MAX }),
};
const clientSecret = text(1, OIDC_CLIENT_SECRET_MAX, 'Write-only: kept to be sent to the provider, never answered.');
const type = oneOfStrings(
  OIDC_PROFILE_TYPES,
  "`oidc-profile` (EPCC's developer documents) or `openid_connect_profile`.",
);

const oidcProfile: Schema = closedObject({
  id: uuid,
  type: constant(OIDC_PROFILE_TYPE),
  ...fields,
  meta: closedObject({
    issuer: { ...text(1, ISSUER_MAX), description: "The `issuer` of the provider's discovery document." },
    created_at: timestamp,
    updated_at: timestamp,
  }),
  links: oidcProfileLinks,
});

export const newOidcProfile: Schema = openObject({ type, ...fields, client_secret: clientSecret }, [
  'type',
  'name',
  'discovery_url',
  'client_id',
  'client_secret',
]);
export const oidcProfileChanges: Schema = openObject({ type, ...fields, client_secret: clientSecret }, ['type']);

const infoFields = {
  subject: text(1, SUBJECT_MAX, "The provider's `sub` for the person."),
  issuer: text(1, ISSUER_MAX, "The provider's issuer; the profile's own unless given."),
};

const oidcProfileInfo: Schema = closedObject({
  id: uuid,
  type: constant(OIDC_PROFILE_INFO_TYPE),
  ...infoFields,
  oidc_profile_id: uuid,
  meta: closedObject({ created_at: timestamp, updated_at: timestamp }),
  links: closedObject({ self: uri }),
});

export const newOidcProfileInfo: Schema = openObject(
  { type: constant(OIDC_PROFILE_INFO_TYPE), ...infoFields, oidc_profile_id: uuid },
  ['type', 'subject', 'oidc_profile_id'],
);
export const oidcProfileInfoChanges: Schema = openObject({ type: constant(OIDC_PROFILE_INFO_TYPE), ...infoFields }, [
  'type',
]);

export const OIDC_PROFILE_SCHEMAS = { OidcProfile: oidcProfile, UserAuthenticationOidcProfileInfo: oidcProfileInfo };
