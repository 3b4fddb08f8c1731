import type { AccountAuthentication } from '../../../application/use-cases/authentication-realms/account-authentication.js';
import type { SignedIn } from '../../../application/use-cases/authentication-realms/account-member-sign-in.js';
import type { AccountMember } from '../../../domain/accounts/account-member.js';
import { ACCOUNT_MEMBER_TOKEN_TYPE } from '../../../domain/authentication-realms/account-member-token-request.js';
import {
  AUTHENTICATION_REALM_TYPE,
  type AuthenticationRealm,
} from '../../../domain/authentication-realms/authentication-realm.js';
import { PASSWORD_PROFILE_TYPE, type PasswordProfile } from '../../../domain/authentication-realms/password-profile.js';
import {
  PASSWORD_PROFILE_INFO_TYPE,
  type PasswordProfileInfo,
} from '../../../domain/authentication-realms/password-profile-info.js';
import { USER_AUTHENTICATION_INFO_TYPE } from '../../../domain/authentication-realms/user-authentication-info.js';
import { ACCOUNT_AUTHENTICATION_SETTINGS_TYPE } from '../../../domain/settings/account-authentication-settings.js';
import { formatTimestamp } from '../timestamps.js';

const timestamps = (record: { readonly createdAt: Date; readonly updatedAt: Date }) => ({
  created_at: formatTimestamp(record.createdAt),
  updated_at: formatTimestamp(record.updatedAt),
});

export const realmPath = (realmId: string): string => `/v2/authentication-realms/${realmId}`;
const userPath = (realmId: string, memberId: string): string =>
  `${realmPath(realmId)}/user-authentication-info/${memberId}`;

/** EPCC's AccountAuthenticationSettingsResponse: the settings, with the realm storefronts sign up in. */
export const accountAuthenticationResource = ({ settings, realm }: AccountAuthentication, origin: string) => ({
  id: realm.storeId,
  type: ACCOUNT_AUTHENTICATION_SETTINGS_TYPE,
  enable_self_signup: settings.enableSelfSignup,
  auto_create_account_for_account_members: settings.autoCreateAccountForAccountMembers,
  account_member_self_management: settings.accountMemberSelfManagement,
  account_management_authentication_token_timeout_secs: settings.tokenTimeoutSecs,
  relationships: {
    authentication_realm: {
      data: { id: realm.id, type: AUTHENTICATION_REALM_TYPE, links: { self: `${origin}${realmPath(realm.id)}` } },
    },
  },
  links: { self: `${origin}/v2/settings/account-authentication` },
});

export const realmResource = (realm: AuthenticationRealm, origin: string) => ({
  id: realm.id,
  type: AUTHENTICATION_REALM_TYPE,
  name: realm.name,
  redirect_uris: realm.redirectUris,
  duplicate_email_policy: realm.duplicateEmailPolicy,
  meta: timestamps(realm),
  links: { self: `${origin}${realmPath(realm.id)}` },
});

export const passwordProfileResource = (profile: PasswordProfile, origin: string) => ({
  id: profile.id,
  type: PASSWORD_PROFILE_TYPE,
  name: profile.name,
  username_format: profile.usernameFormat,
  enable_one_time_password_token: profile.enableOneTimePasswordToken,
  meta: timestamps(profile),
  links: { self: `${origin}${realmPath(profile.realmId)}/password-profiles/${profile.id}` },
});

/** The account member as its realm shows it: the same id, name and email. */
export const userAuthenticationInfoResource = (realmId: string, member: AccountMember, origin: string) => ({
  id: member.id,
  type: USER_AUTHENTICATION_INFO_TYPE,
  name: member.name,
  email: member.email,
  meta: timestamps(member),
  links: { self: `${origin}${userPath(realmId, member.id)}` },
});

/** A member's credentials: the username and profile, never the password nor its hash. */
export const passwordProfileInfoResource = (realmId: string, info: PasswordProfileInfo, origin: string) => ({
  id: info.id,
  type: PASSWORD_PROFILE_INFO_TYPE,
  username: info.username,
  password_profile_id: info.passwordProfileId,
  meta: timestamps(info),
  links: {
    self: `${origin}${userPath(realmId, info.accountMemberId)}/user-authentication-password-profile-info/${info.id}`,
  },
});

/** EPCC's answer: one token per account, in `data`, and who signed in, in `meta`. */
export const accountMemberTokensDocument = (signed: SignedIn) => ({
  data: signed.tokens.map((token) => ({
    type: ACCOUNT_MEMBER_TOKEN_TYPE,
    account_id: token.accountId,
    account_name: token.accountName,
    token: token.token,
    expires: formatTimestamp(token.expiresAt),
  })),
  meta: { account_member_id: signed.accountMemberId },
});
