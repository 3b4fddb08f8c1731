import type { Selectable } from 'kysely';
import type { OidcProfile } from '../../../../domain/authentication-realms/oidc-profile.js';
import type { OidcProfileInfo } from '../../../../domain/authentication-realms/oidc-profile-info.js';
import type { OidcSignInAttempt } from '../../../../domain/authentication-realms/oidc-sign-in.js';
import { lookupKey } from '../engine/lookup-key.js';
import type { OidcProfileInfosTable, OidcProfilesTable, OidcSignInAttemptsTable } from '../engine/schema.js';
import { parseJson, storedDate, storedUuid } from '../sql/stored-json.js';

const storedUris = (text: string): readonly string[] => {
  const uris = parseJson('oidc profile redirect uris', text);
  if (!Array.isArray(uris) || !uris.every((uri) => typeof uri === 'string'))
    throw new Error('stored oidc profile redirect uris are not a list of text');
  return uris;
};

export const oidcProfileFromRow = (row: Selectable<OidcProfilesTable>): OidcProfile => ({
  id: storedUuid('oidc profile id', row.id),
  storeId: storedUuid('store id', row.store_id),
  realmId: storedUuid('realm id', row.realm_id),
  name: row.name,
  discoveryUrl: row.discovery_url,
  clientId: row.client_id,
  clientSecret: row.client_secret,
  redirectUris: storedUris(row.redirect_uris),
  issuer: row.issuer,
  createdAt: storedDate('oidc profile created_at', row.created_at),
  updatedAt: storedDate('oidc profile updated_at', row.updated_at),
});

export const oidcProfileToRow = (profile: OidcProfile) => ({
  id: profile.id,
  store_id: profile.storeId,
  realm_id: profile.realmId,
  name: profile.name,
  discovery_url: profile.discoveryUrl,
  client_id: profile.clientId,
  client_secret: profile.clientSecret,
  redirect_uris: JSON.stringify(profile.redirectUris),
  issuer: profile.issuer,
  created_at: profile.createdAt,
  updated_at: profile.updatedAt,
});

export const oidcInfoFromRow = (row: Selectable<OidcProfileInfosTable>): OidcProfileInfo => ({
  id: storedUuid('oidc profile info id', row.id),
  storeId: storedUuid('store id', row.store_id),
  realmId: storedUuid('realm id', row.realm_id),
  userId: storedUuid('user id', row.user_id),
  oidcProfileId: storedUuid('oidc profile id', row.oidc_profile_id),
  subject: row.subject,
  issuer: row.issuer,
  createdAt: storedDate('oidc profile info created_at', row.created_at),
  updatedAt: storedDate('oidc profile info updated_at', row.updated_at),
});

export const oidcInfoToRow = (info: OidcProfileInfo) => ({
  id: info.id,
  store_id: info.storeId,
  realm_id: info.realmId,
  user_id: info.userId,
  oidc_profile_id: info.oidcProfileId,
  subject: info.subject,
  subject_key: lookupKey(info.subject),
  issuer: info.issuer,
  created_at: info.createdAt,
  updated_at: info.updatedAt,
});

export const attemptFromRow = (row: Selectable<OidcSignInAttemptsTable>): OidcSignInAttempt => ({
  stateHash: row.state_hash,
  storeId: storedUuid('store id', row.store_id),
  realmId: storedUuid('realm id', row.realm_id),
  oidcProfileId: storedUuid('oidc profile id', row.oidc_profile_id),
  prefix: row.prefix,
  nonce: row.nonce,
  codeVerifier: row.code_verifier,
  redirectUri: row.redirect_uri,
  expiresAt: storedDate('oidc sign-in attempt expires_at', row.expires_at),
});

export const attemptToRow = (attempt: OidcSignInAttempt) => ({
  state_hash: attempt.stateHash,
  store_id: attempt.storeId,
  realm_id: attempt.realmId,
  oidc_profile_id: attempt.oidcProfileId,
  prefix: attempt.prefix,
  nonce: attempt.nonce,
  code_verifier: attempt.codeVerifier,
  redirect_uri: attempt.redirectUri,
  expires_at: attempt.expiresAt,
});
