import { OIDC_PROFILE_TYPE, type OidcProfile } from '../../../domain/authentication-realms/oidc-profile.js';
import {
  OIDC_PROFILE_INFO_TYPE,
  type OidcProfileInfo,
} from '../../../domain/authentication-realms/oidc-profile-info.js';
import { formatTimestamp } from '../timestamps.js';
import { realmPath } from './authentication-realm-documents.js';

/** Where every provider sends people back to; registered at the provider as the client's redirect URI. */
export const OIDC_CALLBACK_PATH = '/console/oidc/callback';

const oidcProfileLinks = (profile: OidcProfile, origin: string) => ({
  self: `${origin}${realmPath(profile.realmId)}/oidc-profiles/${profile.id}`,
  'callback-endpoint': `${origin}${OIDC_CALLBACK_PATH}`,
});

/** The profile as EPCC's developer documents show it, with the newer API's `redirect_uris`; never the secret. */
export const oidcProfileResource = (profile: OidcProfile, origin: string) => ({
  id: profile.id,
  type: OIDC_PROFILE_TYPE,
  name: profile.name,
  discovery_url: profile.discoveryUrl,
  client_id: profile.clientId,
  redirect_uris: profile.redirectUris,
  meta: {
    issuer: profile.issuer,
    created_at: formatTimestamp(profile.createdAt),
    updated_at: formatTimestamp(profile.updatedAt),
  },
  links: oidcProfileLinks(profile, origin),
});

/** EPCC's answer for one profile: its links also beside `data`, where the developer documents put them. */
export const oidcProfileDocument = (profile: OidcProfile, origin: string) => ({
  data: oidcProfileResource(profile, origin),
  links: oidcProfileLinks(profile, origin),
});

export const oidcProfileInfoResource = (info: OidcProfileInfo, origin: string) => ({
  id: info.id,
  type: OIDC_PROFILE_INFO_TYPE,
  subject: info.subject,
  issuer: info.issuer,
  oidc_profile_id: info.oidcProfileId,
  meta: { created_at: formatTimestamp(info.createdAt), updated_at: formatTimestamp(info.updatedAt) },
  links: {
    self: `${origin}${realmPath(info.realmId)}/user-authentication-info/${info.userId}/user-authentication-oidc-profile-info/${info.id}`,
  },
});
