// The use cases of account sign-in, by the names the library exports them under: authentication-realms-module.ts
// binds each of them, and src/index.ts re-exports this file whole. Use cases only (see UseCaseList).

export { BeginOidcSignIn } from './begin-oidc-sign-in.js';
export { CreateAccountMemberTokens } from './create-account-member-tokens.js';
export { CreateOidcProfile } from './create-oidc-profile.js';
export { CreateOidcProfileInfo } from './create-oidc-profile-info.js';
export { CreatePasswordProfile } from './create-password-profile.js';
export { CreatePasswordProfileInfo } from './create-password-profile-info.js';
export { CreateUserAuthenticationInfo } from './create-user-authentication-info.js';
export { DeleteOidcProfile } from './delete-oidc-profile.js';
export { DeleteOidcProfileInfo } from './delete-oidc-profile-info.js';
export { DeletePasswordProfile } from './delete-password-profile.js';
export { DeletePasswordProfileInfo } from './delete-password-profile-info.js';
export { DeleteUserAuthenticationInfo } from './delete-user-authentication-info.js';
export { FinishOidcSignIn } from './finish-oidc-sign-in.js';
export { GetAccountAuthenticationSettings } from './get-account-authentication-settings.js';
export { GetAuthenticationRealm } from './get-authentication-realm.js';
export { GetOidcProfile } from './get-oidc-profile.js';
export { GetOidcProfileInfo } from './get-oidc-profile-info.js';
export { GetPasswordProfile } from './get-password-profile.js';
export { GetPasswordProfileInfo } from './get-password-profile-info.js';
export { GetUserAuthenticationInfo } from './get-user-authentication-info.js';
export { ListAuthenticationRealms } from './list-authentication-realms.js';
export { ListOidcProfileInfos } from './list-oidc-profile-infos.js';
export { ListOidcProfiles } from './list-oidc-profiles.js';
export { ListPasswordProfileInfos } from './list-password-profile-infos.js';
export { ListPasswordProfiles } from './list-password-profiles.js';
export { ListUserAuthenticationInfos } from './list-user-authentication-infos.js';
export { UpdateAccountAuthenticationSettings } from './update-account-authentication-settings.js';
export { UpdateAuthenticationRealm } from './update-authentication-realm.js';
export { UpdateOidcProfile } from './update-oidc-profile.js';
export { UpdateOidcProfileInfo } from './update-oidc-profile-info.js';
export { UpdatePasswordProfile } from './update-password-profile.js';
export { UpdatePasswordProfileInfo } from './update-password-profile-info.js';
export { UpdateUserAuthenticationInfo } from './update-user-authentication-info.js';
