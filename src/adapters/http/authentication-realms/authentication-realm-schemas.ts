import {
  ACCOUNT_MEMBER_TOKEN_TYPE,
  MECHANISMS,
} from '../../../domain/authentication-realms/account-member-token-request.js';
import {
  AUTHENTICATION_REALM_TYPE,
  DUPLICATE_EMAIL_POLICIES,
  REALM_NAME_MAX,
  REDIRECT_URI_MAX,
  REDIRECT_URIS_MAX,
} from '../../../domain/authentication-realms/authentication-realm.js';
import {
  PASSWORD_PROFILE_TYPE,
  PROFILE_NAME_MAX,
  USERNAME_FORMATS,
} from '../../../domain/authentication-realms/password-profile.js';
import {
  PASSWORD_MAX,
  PASSWORD_MIN,
  PASSWORD_PROFILE_INFO_TYPE,
  USERNAME_MAX,
} from '../../../domain/authentication-realms/password-profile-info.js';
import {
  MEMBER_NAME_MAX,
  USER_AUTHENTICATION_INFO_TYPE,
} from '../../../domain/authentication-realms/user-authentication-info.js';
import { EMAIL_MIN, EMAIL_PATTERN } from '../../../domain/catalogue/catalogue-fields.js';
import {
  ACCOUNT_AUTHENTICATION_SETTINGS_TYPE,
  DEFAULT_ACCOUNT_AUTHENTICATION_SETTINGS,
  SELF_MANAGEMENT,
  TOKEN_TIMEOUT_MAX_SECS,
  TOKEN_TIMEOUT_MIN_SECS,
} from '../../../domain/settings/account-authentication-settings.js';
import type { Schema } from '../openapi/openapi-types.js';
import {
  arrayOf,
  boolean,
  closedObject,
  constant,
  integer,
  oneOfStrings,
  openObject,
  text,
  timestamp,
  uri,
  uuid,
} from '../openapi/schema-builders.js';

const meta = closedObject({ created_at: timestamp, updated_at: timestamp });
const selfLink = closedObject({ self: uri });

const settingsFields = {
  enable_self_signup: { ...boolean, description: 'Whether shoppers may sign themselves up; `false` unless set.' },
  auto_create_account_for_account_members: {
    ...boolean,
    description:
      'Whether a self-signup also makes an account named after the new member, with their membership; `false` unless set.',
  },
  account_member_self_management: oneOfStrings(
    SELF_MANAGEMENT,
    'Whether a signed-in member may change their own member record and credentials; `disabled` unless set.',
  ),
  account_management_authentication_token_timeout_secs: integer(
    TOKEN_TIMEOUT_MIN_SECS,
    TOKEN_TIMEOUT_MAX_SECS,
    `How long an account member token lives, in seconds; ${DEFAULT_ACCOUNT_AUTHENTICATION_SETTINGS.tokenTimeoutSecs} (EPCC's default) unless set.`,
  ),
};

const accountAuthenticationSettings: Schema = closedObject({
  id: uuid,
  type: constant(ACCOUNT_AUTHENTICATION_SETTINGS_TYPE),
  ...settingsFields,
  relationships: closedObject({
    authentication_realm: closedObject({
      data: closedObject({ id: uuid, type: constant(AUTHENTICATION_REALM_TYPE), links: selfLink }),
    }),
  }),
  links: selfLink,
});

export const accountAuthenticationSettingsChanges: Schema = openObject(
  { type: constant(ACCOUNT_AUTHENTICATION_SETTINGS_TYPE), ...settingsFields },
  ['type'],
);

const realmName = text(1, REALM_NAME_MAX, 'The name of the realm.');
const redirectUris = arrayOf(
  { ...text(1, REDIRECT_URI_MAX), format: 'uri', description: 'An absolute http or https URI.' },
  { maxItems: REDIRECT_URIS_MAX },
);
const duplicateEmailPolicy = oneOfStrings(
  DUPLICATE_EMAIL_POLICIES,
  "Stored and answered as EPCC does; account members' emails are unique in a store whatever it says.",
);

const authenticationRealm: Schema = closedObject({
  id: uuid,
  type: constant(AUTHENTICATION_REALM_TYPE),
  name: realmName,
  redirect_uris: redirectUris,
  duplicate_email_policy: duplicateEmailPolicy,
  meta,
  links: selfLink,
});

export const realmChanges: Schema = openObject(
  {
    type: constant(AUTHENTICATION_REALM_TYPE),
    name: realmName,
    redirect_uris: redirectUris,
    duplicate_email_policy: duplicateEmailPolicy,
  },
  [],
);

const profileFields = {
  name: text(1, PROFILE_NAME_MAX, 'The name of the profile.'),
  username_format: oneOfStrings(
    USERNAME_FORMATS,
    '`email`: every username must be an email address; `any` unless set.',
  ),
  enable_one_time_password_token: {
    ...boolean,
    description: 'Stored and answered; one-time password tokens are not served (`passwordless` sign-in is refused).',
  },
};

const passwordProfile: Schema = closedObject({
  id: uuid,
  type: constant(PASSWORD_PROFILE_TYPE),
  ...profileFields,
  meta,
  links: selfLink,
});

export const newPasswordProfile: Schema = openObject({ type: constant(PASSWORD_PROFILE_TYPE), ...profileFields }, [
  'type',
  'name',
]);
export const passwordProfileChanges: Schema = openObject({ type: constant(PASSWORD_PROFILE_TYPE), ...profileFields }, [
  'type',
]);

const email: Schema = {
  ...text(EMAIL_MIN, 1024),
  pattern: EMAIL_PATTERN,
  description: 'Unique in the store, regardless of case.',
};
const memberFields = { name: text(1, MEMBER_NAME_MAX, "The member's name."), email };

const userAuthenticationInfo: Schema = closedObject({
  id: uuid,
  type: constant(USER_AUTHENTICATION_INFO_TYPE),
  ...memberFields,
  meta,
  links: selfLink,
});

export const newUserAuthenticationInfo: Schema = openObject(
  { type: constant(USER_AUTHENTICATION_INFO_TYPE), ...memberFields },
  ['type', 'name', 'email'],
);
export const userAuthenticationInfoChanges: Schema = openObject(
  { type: constant(USER_AUTHENTICATION_INFO_TYPE), ...memberFields },
  ['type'],
);

const username = text(
  1,
  USERNAME_MAX,
  'Unique in its password profile regardless of case; an email address when the profile says so.',
);
const password: Schema = {
  ...text(PASSWORD_MIN, PASSWORD_MAX, 'Write-only: kept as a salted scrypt hash, never answered.'),
  writeOnly: true,
};

const passwordProfileInfo: Schema = closedObject({
  id: uuid,
  type: constant(PASSWORD_PROFILE_INFO_TYPE),
  username,
  password_profile_id: uuid,
  meta,
  links: selfLink,
});

export const newPasswordProfileInfo: Schema = openObject(
  { type: constant(PASSWORD_PROFILE_INFO_TYPE), username, password, password_profile_id: uuid },
  ['type', 'username', 'password', 'password_profile_id'],
);
export const passwordProfileInfoChanges: Schema = openObject(
  { type: constant(PASSWORD_PROFILE_INFO_TYPE), username, password },
  ['type'],
);

export const accountMemberTokenRequest: Schema = openObject(
  {
    type: constant(ACCOUNT_MEMBER_TOKEN_TYPE),
    authentication_mechanism: oneOfStrings(
      MECHANISMS,
      '`password`, `self_signup` and `account_management_authentication_token` are served; `passwordless` and `oidc` are refused with 422 `not_served_yet`.',
    ),
    password_profile_id: { ...uuid, description: 'With `password` and `self_signup`.' },
    username: { ...username, description: 'With `password` and `self_signup`.' },
    password: { ...password, description: 'With `password` and `self_signup`; write-only.' },
    name: { ...memberFields.name, description: "With `self_signup`: the new member's name." },
    email: { ...email, description: "With `self_signup`: the new member's email." },
    account_id: {
      ...uuid,
      description:
        "With `account_management_authentication_token`: the account to switch to; without it, a token for each of the member's accounts.",
    },
  },
  ['type', 'authentication_mechanism'],
);

const accountMemberToken: Schema = closedObject({
  type: constant(ACCOUNT_MEMBER_TOKEN_TYPE),
  account_id: uuid,
  account_name: { type: 'string' },
  token: { type: 'string', minLength: 1, description: 'Sent as `EP-Account-Management-Authentication-Token`.' },
  expires: timestamp,
});

const accountMemberTokens: Schema = closedObject({
  data: arrayOf(accountMemberToken),
  meta: closedObject({ account_member_id: { ...uuid, description: 'The member who signed in.' } }),
});

export const AUTHENTICATION_REALM_SCHEMAS = {
  AccountAuthenticationSettings: accountAuthenticationSettings,
  AuthenticationRealm: authenticationRealm,
  PasswordProfile: passwordProfile,
  UserAuthenticationInfo: userAuthenticationInfo,
  PasswordProfileInfo: passwordProfileInfo,
  AccountMemberTokens: accountMemberTokens,
};
