import type { Selectable } from 'kysely';
import {
  type AuthenticationRealm,
  DUPLICATE_EMAIL_POLICIES,
  type DuplicateEmailPolicy,
  REALM_KINDS,
  type RealmKind,
} from '../../../../domain/authentication-realms/authentication-realm.js';
import {
  type PasswordProfile,
  USERNAME_FORMATS,
  type UsernameFormat,
} from '../../../../domain/authentication-realms/password-profile.js';
import {
  type PasswordProfileInfo,
  usernameKey,
} from '../../../../domain/authentication-realms/password-profile-info.js';
import { lookupKey } from '../engine/lookup-key.js';
import type { AuthenticationRealmsTable, PasswordProfileInfosTable, PasswordProfilesTable } from '../engine/schema.js';
import { parseJson, storedDate, storedUuid } from '../sql/stored-json.js';

const oneOfStored = <A extends string>(what: string, allowed: readonly A[], value: string): A => {
  if (!(allowed as readonly string[]).includes(value))
    throw new Error(`stored ${what} is not one of ${allowed.join(', ')}`);
  return value as A;
};

const storedUris = (text: string): readonly string[] => {
  const uris = parseJson('redirect uris', text);
  if (!Array.isArray(uris) || !uris.every((uri) => typeof uri === 'string'))
    throw new Error('stored redirect uris are not a list of text');
  return uris;
};

export const realmFromRow = (row: Selectable<AuthenticationRealmsTable>): AuthenticationRealm => ({
  id: storedUuid('realm id', row.id),
  storeId: storedUuid('store id', row.store_id),
  kind: oneOfStored<RealmKind>('realm kind', REALM_KINDS, row.kind),
  name: row.name,
  redirectUris: storedUris(row.redirect_uris),
  duplicateEmailPolicy: oneOfStored<DuplicateEmailPolicy>(
    'duplicate email policy',
    DUPLICATE_EMAIL_POLICIES,
    row.duplicate_email_policy,
  ),
  createdAt: storedDate('realm created_at', row.created_at),
  updatedAt: storedDate('realm updated_at', row.updated_at),
});

export const realmToRow = (realm: AuthenticationRealm): Selectable<AuthenticationRealmsTable> => ({
  id: realm.id,
  store_id: realm.storeId,
  kind: realm.kind,
  name: realm.name,
  redirect_uris: JSON.stringify(realm.redirectUris),
  duplicate_email_policy: realm.duplicateEmailPolicy,
  created_at: realm.createdAt,
  updated_at: realm.updatedAt,
});

export const profileFromRow = (row: Selectable<PasswordProfilesTable>): PasswordProfile => ({
  id: storedUuid('password profile id', row.id),
  storeId: storedUuid('store id', row.store_id),
  realmId: storedUuid('realm id', row.realm_id),
  name: row.name,
  usernameFormat: oneOfStored<UsernameFormat>('username format', USERNAME_FORMATS, row.username_format),
  enableOneTimePasswordToken: Boolean(row.enable_one_time_password_token),
  createdAt: storedDate('password profile created_at', row.created_at),
  updatedAt: storedDate('password profile updated_at', row.updated_at),
});

export const profileToRow = (profile: PasswordProfile) => ({
  id: profile.id,
  store_id: profile.storeId,
  realm_id: profile.realmId,
  name: profile.name,
  username_format: profile.usernameFormat,
  enable_one_time_password_token: profile.enableOneTimePasswordToken,
  created_at: profile.createdAt,
  updated_at: profile.updatedAt,
});

export const infoFromRow = (row: Selectable<PasswordProfileInfosTable>): PasswordProfileInfo => ({
  id: storedUuid('password profile info id', row.id),
  storeId: storedUuid('store id', row.store_id),
  accountMemberId: storedUuid('account member id', row.account_member_id),
  passwordProfileId: storedUuid('password profile id', row.password_profile_id),
  username: row.username,
  passwordHash: row.password_hash,
  createdAt: storedDate('password profile info created_at', row.created_at),
  updatedAt: storedDate('password profile info updated_at', row.updated_at),
});

/**
 * The unique key of a username in its profile: a hash of its lower-case form, which lower-casing can make
 * longer than the username itself (`İ` is two code points in lower case), so no text column bounds it.
 */
export const usernameLookup = (username: string): string => lookupKey(usernameKey(username));

export const infoToRow = (info: PasswordProfileInfo): Selectable<PasswordProfileInfosTable> => ({
  id: info.id,
  store_id: info.storeId,
  account_member_id: info.accountMemberId,
  password_profile_id: info.passwordProfileId,
  username: info.username,
  username_key: usernameLookup(info.username),
  password_hash: info.passwordHash,
  created_at: info.createdAt,
  updated_at: info.updatedAt,
});
