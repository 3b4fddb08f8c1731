import type { RouterMiddleware } from '@koa/router';
import { CreatePasswordProfileInfo } from '../../../application/use-cases/authentication-realms/create-password-profile-info.js';
import { CreateUserAuthenticationInfo } from '../../../application/use-cases/authentication-realms/create-user-authentication-info.js';
import { DeletePasswordProfileInfo } from '../../../application/use-cases/authentication-realms/delete-password-profile-info.js';
import { DeleteUserAuthenticationInfo } from '../../../application/use-cases/authentication-realms/delete-user-authentication-info.js';
import { GetAuthenticationRealm } from '../../../application/use-cases/authentication-realms/get-authentication-realm.js';
import { GetPasswordProfileInfo } from '../../../application/use-cases/authentication-realms/get-password-profile-info.js';
import { GetUserAuthenticationInfo } from '../../../application/use-cases/authentication-realms/get-user-authentication-info.js';
import { ListPasswordProfileInfos } from '../../../application/use-cases/authentication-realms/list-password-profile-infos.js';
import { ListUserAuthenticationInfos } from '../../../application/use-cases/authentication-realms/list-user-authentication-infos.js';
import { UpdatePasswordProfileInfo } from '../../../application/use-cases/authentication-realms/update-password-profile-info.js';
import { UpdateUserAuthenticationInfo } from '../../../application/use-cases/authentication-realms/update-user-authentication-info.js';
import { ACCOUNT_MEMBER_LIST } from '../../../domain/accounts/account-member-query.js';
import { concept } from '../endpoints/endpoint.js';
import { answer, created, noContent, withData } from '../endpoints/handlers.js';
import { type HttpState, queryOf, shopperOf } from '../http-state.js';
import {
  DELETED,
  FILTERED_PAGE_REFUSED,
  jsonContent,
  listResponseSchema,
  PAGE_REFUSED,
  PAGING_PARAMETERS,
} from '../openapi/operation-builder.js';
import { dataDocument, dataRequest, parameterRef, schemaRef } from '../openapi/schema-builders.js';
import { filterParameter } from '../openapi/shared-components.js';
import { listDocument } from '../routes/list-response.js';
import type { UseCase } from '../routes/route-context.js';
import { passwordProfileInfoResource, userAuthenticationInfoResource } from './authentication-realm-documents.js';
import {
  CREDENTIAL_PARAMETER,
  credentialParam,
  REALM_PARAMETER,
  realmParam,
  USER_PARAMETER,
  userParam,
} from './authentication-realm-parameters.js';
import {
  newPasswordProfileInfo,
  newUserAuthenticationInfo,
  passwordProfileInfoChanges,
  userAuthenticationInfoChanges,
} from './authentication-realm-schemas.js';
import { merchantRealmPeople } from './merchant-realm-people.js';

const TAG = 'Authentication realms';
const EPCC =
  "As EPCC (`packages/sdks/specs/authentication-realms.yaml` in elasticpath/composable-frontend): a realm's user-authentication-info IS the store's account member, under the same id (`/v2/account-members/{id}` shows it too). See docs/accounts.md.";
const MERCHANT_REALM =
  "In the store's merchant realm (the one its merchant realm mapping names), the users are the merchant's people (`/v2/merchant-users`, same ids; a user made here gets the role `read-only`), and every write here needs `people`: an owner's console session or a key with full access.";
const CREDENTIALS =
  "As EPCC: a user's username and password in one of the realm's password profiles. The password is write-only: kept as a salted scrypt hash, never answered, logged nor echoed in an error. These writes take no Idempotency-Key: a stored key keeps a hash of the body, which would let the password be guessed offline.";
const USER_MISSING = 'No realm of this store has this id, or the store has no account member with this one.';
const CREDENTIAL_MISSING = `${USER_MISSING} Or the member has no credentials with this id.`;
const SELF =
  "A shopper reaches here its own member only (`account_member_id` as the id), while the store's `account_member_self_management` is `update_only` (see docs/accounts.md).";
const PASSWORD_ENDS_TOKENS =
  "A new password ends the member's account member tokens, but the one of the shopper who changed it.";
const userDocument = jsonContent(dataDocument(schemaRef('UserAuthenticationInfo')));
const credentialDocument = jsonContent(dataDocument(schemaRef('PasswordProfileInfo')));
const usersPath = '/v2/authentication-realms/{realmId}/user-authentication-info';
const userPath = `${usersPath}/{userAuthenticationInfoId}`;
const credentialsPath = `${userPath}/user-authentication-password-profile-info`;
const credentialPath = `${credentialsPath}/{userAuthenticationPasswordProfileInfoId}`;
const EMAIL_TAKEN_ANSWER = {
  409: 'Another member of the store has this email (`email_taken`).',
  codes: { 409: ['email_taken'] },
} as const;

interface UserAuthenticationInfoUseCases {
  /** The guard of the writes: in the merchant realm they manage people (`merchantRealmPeople`). */
  readonly merchantPeople: RouterMiddleware<HttpState>;
  readonly users: {
    readonly create: UseCase<CreateUserAuthenticationInfo>;
    readonly list: UseCase<ListUserAuthenticationInfos>;
    readonly get: UseCase<GetUserAuthenticationInfo>;
    readonly update: UseCase<UpdateUserAuthenticationInfo>;
    readonly remove: UseCase<DeleteUserAuthenticationInfo>;
  };
  readonly credentials: {
    readonly create: UseCase<CreatePasswordProfileInfo>;
    readonly list: UseCase<ListPasswordProfileInfos>;
    readonly get: UseCase<GetPasswordProfileInfo>;
    readonly update: UseCase<UpdatePasswordProfileInfo>;
    readonly remove: UseCase<DeletePasswordProfileInfo>;
  };
}

/**
 * A realm's users (the store's account members) and their usernames and passwords: store administration,
 * and a shopper's own details where the store lets members manage themselves.
 */
export const USER_AUTHENTICATION_INFO_ENDPOINTS = concept<UserAuthenticationInfoUseCases>({
  useCases: ({ use }) => ({
    merchantPeople: merchantRealmPeople(use(GetAuthenticationRealm)),
    users: {
      create: use(CreateUserAuthenticationInfo),
      list: use(ListUserAuthenticationInfos),
      get: use(GetUserAuthenticationInfo),
      update: use(UpdateUserAuthenticationInfo),
      remove: use(DeleteUserAuthenticationInfo),
    },
    credentials: {
      create: use(CreatePasswordProfileInfo),
      list: use(ListPasswordProfileInfos),
      get: use(GetPasswordProfileInfo),
      update: use(UpdatePasswordProfileInfo),
      remove: use(DeletePasswordProfileInfo),
    },
  }),
  parameters: { UserAuthenticationInfoFilter: filterParameter(ACCOUNT_MEMBER_LIST) },
  endpoints: [
    {
      method: 'post',
      path: usersPath,
      pathParameters: [REALM_PARAMETER],
      spec: {
        operationId: 'createUserAuthenticationInfo',
        summary: 'Create a user of a realm (an account member)',
        description: `${EPCC} ${MERCHANT_REALM}`,
        tag: TAG,
        access: 'admin',
        post: true,
        requestBody: { description: 'The new member.', content: jsonContent(dataRequest(newUserAuthenticationInfo)) },
        success: { '201': { description: 'The user.', content: userDocument } },
        errors: {
          400: 'A missing or wrong `type`, a missing or over-long `name`, an `email` that is not an email address.',
          404: 'No realm of this store has this id.',
          ...EMAIL_TAKEN_ANSWER,
        },
      },
      handle: ({ users, merchantPeople }, { links }) => [
        merchantPeople,
        created(
          withData((data, storeId, ctx) => users.create.execute(storeId, realmParam(ctx), data)),
          (member, ctx) => ({ data: userAuthenticationInfoResource(realmParam(ctx), member, links(ctx)) }),
        ),
      ],
    },
    {
      method: 'get',
      path: usersPath,
      pathParameters: [REALM_PARAMETER],
      spec: {
        operationId: 'listUserAuthenticationInfos',
        summary: "List a realm's users",
        description: `${EPCC} Newest first; \`filter\` takes \`eq\` on \`name\` and \`email\`, as the member list does.`,
        tag: TAG,
        access: 'admin',
        parameters: [...PAGING_PARAMETERS, parameterRef('UserAuthenticationInfoFilter')],
        success: {
          '200': {
            description: 'A page of users.',
            content: jsonContent(listResponseSchema(schemaRef('UserAuthenticationInfo'))),
          },
        },
        errors: { 400: FILTERED_PAGE_REFUSED, 404: 'No realm of this store has this id.' },
      },
      handle: ({ users }, { links }) =>
        answer(
          (storeId, ctx) => users.list.execute(storeId, realmParam(ctx), queryOf(ctx)),
          (page, ctx) =>
            listDocument(ctx, links, page, (member) =>
              userAuthenticationInfoResource(realmParam(ctx), member, links(ctx)),
            ),
        ),
    },
    {
      method: 'get',
      path: userPath,
      pathParameters: [REALM_PARAMETER, USER_PARAMETER],
      spec: {
        operationId: 'getUserAuthenticationInfo',
        summary: 'Get a user of a realm',
        description: `${EPCC} ${SELF}`,
        tag: TAG,
        access: 'admin',
        shopper: 'own-details',
        success: { '200': { description: 'The user.', content: userDocument } },
        errors: { 404: USER_MISSING },
      },
      handle: ({ users }, { links }) =>
        answer(
          (storeId, ctx) => users.get.execute(storeId, realmParam(ctx), userParam(ctx), shopperOf(ctx)),
          (member, ctx) => ({ data: userAuthenticationInfoResource(realmParam(ctx), member, links(ctx)) }),
        ),
    },
    {
      method: 'put',
      path: userPath,
      pathParameters: [REALM_PARAMETER, USER_PARAMETER],
      spec: {
        operationId: 'updateUserAuthenticationInfo',
        summary: 'Change a user of a realm',
        description: `${EPCC} A partial update of \`name\` and \`email\`. ${SELF} ${MERCHANT_REALM}`,
        tag: TAG,
        access: 'admin',
        shopper: 'own-details',
        requestBody: {
          description: 'The fields to change.',
          content: jsonContent(dataRequest(userAuthenticationInfoChanges)),
        },
        success: { '200': { description: 'The user as it is now.', content: userDocument } },
        errors: {
          400: 'A missing or wrong `type`, or a field out of its rules.',
          404: USER_MISSING,
          ...EMAIL_TAKEN_ANSWER,
        },
      },
      handle: ({ users, merchantPeople }, { links }) => [
        merchantPeople,
        answer(
          withData((data, storeId, ctx) =>
            users.update.execute(storeId, realmParam(ctx), userParam(ctx), data, shopperOf(ctx)),
          ),
          (member, ctx) => ({ data: userAuthenticationInfoResource(realmParam(ctx), member, links(ctx)) }),
        ),
      ],
    },
    {
      method: 'delete',
      path: userPath,
      pathParameters: [REALM_PARAMETER, USER_PARAMETER],
      spec: {
        operationId: 'deleteUserAuthenticationInfo',
        summary: 'Delete a user of a realm (the account member)',
        description: `${EPCC} The member goes with its memberships, its usernames and passwords, and its tokens. ${MERCHANT_REALM}`,
        tag: TAG,
        access: 'admin',
        success: DELETED,
        errors: {
          404: USER_MISSING,
          409: "In the merchant realm, the user is the store's last owner (`last_owner`): make another person owner first.",
          codes: { 409: ['last_owner'] },
        },
      },
      handle: ({ users, merchantPeople }) => [
        merchantPeople,
        noContent((storeId, ctx) => users.remove.execute(storeId, realmParam(ctx), userParam(ctx))),
      ],
    },
    {
      method: 'post',
      path: credentialsPath,
      pathParameters: [REALM_PARAMETER, USER_PARAMETER],
      spec: {
        operationId: 'createPasswordProfileInfo',
        summary: 'Give a user a username and password in a password profile',
        description: `${CREDENTIALS} ${MERCHANT_REALM}`,
        tag: TAG,
        access: 'admin',
        secretBody: true,
        requestBody: {
          description: 'The username, password and profile.',
          content: jsonContent(dataRequest(newPasswordProfileInfo)),
        },
        success: { '201': { description: 'The credentials, without the password.', content: credentialDocument } },
        errors: {
          400: 'A missing or wrong field (the password is named by `source`, never echoed), or a username that is no email address in a profile whose `username_format` is `email`.',
          404: `${USER_MISSING} Or the realm has no password profile with \`password_profile_id\`.`,
          409: 'Another user has this username in the profile, compared without regard to case (`username_taken`).',
          codes: { 409: ['username_taken'] },
        },
      },
      handle: ({ credentials, merchantPeople }, { links }) => [
        merchantPeople,
        created(
          withData((data, storeId, ctx) => credentials.create.execute(storeId, realmParam(ctx), userParam(ctx), data)),
          (info, ctx) => ({ data: passwordProfileInfoResource(realmParam(ctx), info, links(ctx)) }),
        ),
      ],
    },
    {
      method: 'get',
      path: credentialsPath,
      pathParameters: [REALM_PARAMETER, USER_PARAMETER],
      spec: {
        operationId: 'listPasswordProfileInfos',
        summary: "List a user's usernames and password profiles",
        description: `${CREDENTIALS} Newest first. ${SELF}`,
        tag: TAG,
        access: 'admin',
        shopper: 'own-details',
        parameters: [...PAGING_PARAMETERS],
        success: {
          '200': {
            description: 'A page of credentials, without passwords.',
            content: jsonContent(listResponseSchema(schemaRef('PasswordProfileInfo'))),
          },
        },
        errors: { 400: PAGE_REFUSED, 404: USER_MISSING },
      },
      handle: ({ credentials }, { links }) =>
        answer(
          (storeId, ctx) =>
            credentials.list.execute(storeId, realmParam(ctx), userParam(ctx), queryOf(ctx), shopperOf(ctx)),
          (page, ctx) =>
            listDocument(ctx, links, page, (info) => passwordProfileInfoResource(realmParam(ctx), info, links(ctx))),
        ),
    },
    {
      method: 'get',
      path: credentialPath,
      pathParameters: [REALM_PARAMETER, USER_PARAMETER, CREDENTIAL_PARAMETER],
      spec: {
        operationId: 'getPasswordProfileInfo',
        summary: "Get one of a user's usernames",
        description: `${CREDENTIALS} ${SELF}`,
        tag: TAG,
        access: 'admin',
        shopper: 'own-details',
        success: { '200': { description: 'The credentials, without the password.', content: credentialDocument } },
        errors: { 404: CREDENTIAL_MISSING },
      },
      handle: ({ credentials }, { links }) =>
        answer(
          (storeId, ctx) =>
            credentials.get.execute(storeId, realmParam(ctx), userParam(ctx), credentialParam(ctx), shopperOf(ctx)),
          (info, ctx) => ({ data: passwordProfileInfoResource(realmParam(ctx), info, links(ctx)) }),
        ),
    },
    {
      method: 'put',
      path: credentialPath,
      pathParameters: [REALM_PARAMETER, USER_PARAMETER, CREDENTIAL_PARAMETER],
      spec: {
        operationId: 'updatePasswordProfileInfo',
        summary: "Change a user's username or password",
        description: `${CREDENTIALS} A partial update: a new \`username\`, a new \`password\`, or both. ${PASSWORD_ENDS_TOKENS} ${SELF} ${MERCHANT_REALM}`,
        tag: TAG,
        access: 'admin',
        shopper: 'own-details',
        secretBody: true,
        requestBody: {
          description: 'The fields to change.',
          content: jsonContent(dataRequest(passwordProfileInfoChanges)),
        },
        success: { '200': { description: 'The credentials, without the password.', content: credentialDocument } },
        errors: {
          400: 'A missing or wrong `type`, or a field out of its rules (the password is named, never echoed).',
          404: CREDENTIAL_MISSING,
          409: 'Another user has this username in the profile (`username_taken`).',
          codes: { 409: ['username_taken'] },
        },
      },
      handle: ({ credentials, merchantPeople }, { links }) => [
        merchantPeople,
        answer(
          withData((data, storeId, ctx) =>
            credentials.update.execute(
              storeId,
              realmParam(ctx),
              userParam(ctx),
              credentialParam(ctx),
              data,
              shopperOf(ctx),
            ),
          ),
          (info, ctx) => ({ data: passwordProfileInfoResource(realmParam(ctx), info, links(ctx)) }),
        ),
      ],
    },
    {
      method: 'delete',
      path: credentialPath,
      pathParameters: [REALM_PARAMETER, USER_PARAMETER, CREDENTIAL_PARAMETER],
      spec: {
        operationId: 'deletePasswordProfileInfo',
        summary: "Delete one of a user's usernames and passwords",
        description: `${CREDENTIALS} ${MERCHANT_REALM}`,
        tag: TAG,
        access: 'admin',
        success: DELETED,
        errors: { 404: CREDENTIAL_MISSING },
      },
      handle: ({ credentials, merchantPeople }) => [
        merchantPeople,
        noContent((storeId, ctx) =>
          credentials.remove.execute(storeId, realmParam(ctx), userParam(ctx), credentialParam(ctx)),
        ),
      ],
    },
  ],
});
