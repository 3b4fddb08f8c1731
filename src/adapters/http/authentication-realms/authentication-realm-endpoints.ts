import { CreatePasswordProfile } from '../../../application/use-cases/authentication-realms/create-password-profile.js';
import { DeletePasswordProfile } from '../../../application/use-cases/authentication-realms/delete-password-profile.js';
import { GetAuthenticationRealm } from '../../../application/use-cases/authentication-realms/get-authentication-realm.js';
import { GetPasswordProfile } from '../../../application/use-cases/authentication-realms/get-password-profile.js';
import { ListAuthenticationRealms } from '../../../application/use-cases/authentication-realms/list-authentication-realms.js';
import { ListPasswordProfiles } from '../../../application/use-cases/authentication-realms/list-password-profiles.js';
import { UpdateAuthenticationRealm } from '../../../application/use-cases/authentication-realms/update-authentication-realm.js';
import { UpdatePasswordProfile } from '../../../application/use-cases/authentication-realms/update-password-profile.js';
import { concept } from '../endpoints/endpoint.js';
import { answer, created, noContent, withData } from '../endpoints/handlers.js';
import { queryOf } from '../http-state.js';
import {
  DELETED,
  jsonContent,
  listResponseSchema,
  PAGE_REFUSED,
  PAGING_PARAMETERS,
} from '../openapi/operation-builder.js';
import { dataDocument, dataRequest, schemaRef } from '../openapi/schema-builders.js';
import { listDocument } from '../routes/list-response.js';
import type { UseCase } from '../routes/route-context.js';
import { passwordProfileResource, realmResource } from './authentication-realm-documents.js';
import { PROFILE_PARAMETER, profileParam, REALM_PARAMETER, realmParam } from './authentication-realm-parameters.js';
import {
  AUTHENTICATION_REALM_SCHEMAS,
  newPasswordProfile,
  passwordProfileChanges,
  realmChanges,
} from './authentication-realm-schemas.js';

const TAG = 'Authentication realms';
const EPCC =
  'As EPCC (`packages/sdks/specs/authentication-realms.yaml` in elasticpath/composable-frontend). Each store has one account authentication realm, made with it; see docs/accounts.md.';
const REALM_MISSING = 'No realm of this store has this id (a store has one: its account realm).';
const PROFILE_MISSING = 'No realm of this store has this id, or the realm has no password profile with this one.';
const realmDocument = jsonContent(dataDocument(schemaRef('AuthenticationRealm')));
const profileDocument = jsonContent(dataDocument(schemaRef('PasswordProfile')));
const realmsPath = '/v2/authentication-realms';
const realmPath = `${realmsPath}/{realmId}`;
const profilesPath = `${realmPath}/password-profiles`;
const profilePath = `${profilesPath}/{passwordProfileId}`;

interface AuthenticationRealmUseCases {
  readonly realms: {
    readonly list: UseCase<ListAuthenticationRealms>;
    readonly get: UseCase<GetAuthenticationRealm>;
    readonly update: UseCase<UpdateAuthenticationRealm>;
  };
  readonly profiles: {
    readonly create: UseCase<CreatePasswordProfile>;
    readonly list: UseCase<ListPasswordProfiles>;
    readonly get: UseCase<GetPasswordProfile>;
    readonly update: UseCase<UpdatePasswordProfile>;
    readonly remove: UseCase<DeletePasswordProfile>;
  };
}

/** `/v2/authentication-realms` and their password profiles: store administration, so implicit tokens get 403. */
export const AUTHENTICATION_REALM_ENDPOINTS = concept<AuthenticationRealmUseCases>({
  useCases: ({ use }) => ({
    realms: {
      list: use(ListAuthenticationRealms),
      get: use(GetAuthenticationRealm),
      update: use(UpdateAuthenticationRealm),
    },
    profiles: {
      create: use(CreatePasswordProfile),
      list: use(ListPasswordProfiles),
      get: use(GetPasswordProfile),
      update: use(UpdatePasswordProfile),
      remove: use(DeletePasswordProfile),
    },
  }),
  schemas: AUTHENTICATION_REALM_SCHEMAS,
  endpoints: [
    {
      method: 'get',
      path: realmsPath,
      spec: {
        operationId: 'listAuthenticationRealms',
        summary: "List the store's authentication realms",
        description: `${EPCC} The store's account realm alone: the merchant realm its realm mapping names has no users here yet.`,
        tag: TAG,
        access: 'admin',
        parameters: [...PAGING_PARAMETERS],
        success: {
          '200': {
            description: 'A page of realms.',
            content: jsonContent(listResponseSchema(schemaRef('AuthenticationRealm'))),
          },
        },
        errors: { 400: PAGE_REFUSED },
      },
      handle: ({ realms }, { links }) =>
        answer(
          (storeId, ctx) => realms.list.execute(storeId, queryOf(ctx)),
          (page, ctx) => listDocument(ctx, links, page, (realm) => realmResource(realm, links(ctx))),
        ),
    },
    {
      method: 'get',
      path: realmPath,
      pathParameters: [REALM_PARAMETER],
      spec: {
        operationId: 'getAuthenticationRealm',
        summary: 'Get an authentication realm',
        description: EPCC,
        tag: TAG,
        access: 'admin',
        success: { '200': { description: 'The realm.', content: realmDocument } },
        errors: { 404: REALM_MISSING },
      },
      handle: ({ realms }, { links }) =>
        answer(
          (storeId, ctx) => realms.get.execute(storeId, realmParam(ctx)),
          (realm, ctx) => ({ data: realmResource(realm, links(ctx)) }),
        ),
    },
    {
      method: 'put',
      path: realmPath,
      pathParameters: [REALM_PARAMETER],
      spec: {
        operationId: 'updateAuthenticationRealm',
        summary: 'Change an authentication realm',
        description: `${EPCC} A partial update of \`name\`, \`redirect_uris\` and \`duplicate_email_policy\`.`,
        tag: TAG,
        access: 'admin',
        requestBody: { description: 'The fields to change.', content: jsonContent(dataRequest(realmChanges)) },
        success: { '200': { description: 'The realm as it is now.', content: realmDocument } },
        errors: {
          400: 'A wrong `type`, an empty or over-long `name`, a redirect URI that is not an absolute http(s) URI, or a policy other than `allowed` and `api_only`.',
          404: REALM_MISSING,
        },
      },
      handle: ({ realms }, { links }) =>
        answer(
          withData((data, storeId, ctx) => realms.update.execute(storeId, realmParam(ctx), data)),
          (realm, ctx) => ({ data: realmResource(realm, links(ctx)) }),
        ),
    },
    {
      method: 'post',
      path: profilesPath,
      pathParameters: [REALM_PARAMETER],
      spec: {
        operationId: 'createPasswordProfile',
        summary: 'Create a password profile',
        description: `${EPCC} A way of signing in to the realm with a username and a password.`,
        tag: TAG,
        access: 'admin',
        post: true,
        requestBody: { description: 'The new profile.', content: jsonContent(dataRequest(newPasswordProfile)) },
        success: { '201': { description: 'The profile.', content: profileDocument } },
        errors: {
          400: 'A missing or wrong `type`, a missing or over-long `name`, a `username_format` other than `any` and `email`.',
          404: REALM_MISSING,
        },
      },
      handle: ({ profiles }, { links }) =>
        created(
          withData((data, storeId, ctx) => profiles.create.execute(storeId, realmParam(ctx), data)),
          (profile, ctx) => ({ data: passwordProfileResource(profile, links(ctx)) }),
        ),
    },
    {
      method: 'get',
      path: profilesPath,
      pathParameters: [REALM_PARAMETER],
      spec: {
        operationId: 'listPasswordProfiles',
        summary: "List a realm's password profiles",
        description: `${EPCC} Newest first.`,
        tag: TAG,
        access: 'admin',
        parameters: [...PAGING_PARAMETERS],
        success: {
          '200': {
            description: 'A page of profiles.',
            content: jsonContent(listResponseSchema(schemaRef('PasswordProfile'))),
          },
        },
        errors: { 400: PAGE_REFUSED, 404: REALM_MISSING },
      },
      handle: ({ profiles }, { links }) =>
        answer(
          (storeId, ctx) => profiles.list.execute(storeId, realmParam(ctx), queryOf(ctx)),
          (page, ctx) => listDocument(ctx, links, page, (profile) => passwordProfileResource(profile, links(ctx))),
        ),
    },
    {
      method: 'get',
      path: profilePath,
      pathParameters: [REALM_PARAMETER, PROFILE_PARAMETER],
      spec: {
        operationId: 'getPasswordProfile',
        summary: 'Get a password profile',
        description: EPCC,
        tag: TAG,
        access: 'admin',
        success: { '200': { description: 'The profile.', content: profileDocument } },
        errors: { 404: PROFILE_MISSING },
      },
      handle: ({ profiles }, { links }) =>
        answer(
          (storeId, ctx) => profiles.get.execute(storeId, realmParam(ctx), profileParam(ctx)),
          (profile, ctx) => ({ data: passwordProfileResource(profile, links(ctx)) }),
        ),
    },
    {
      method: 'put',
      path: profilePath,
      pathParameters: [REALM_PARAMETER, PROFILE_PARAMETER],
      spec: {
        operationId: 'updatePasswordProfile',
        summary: 'Change a password profile',
        description: `${EPCC} A partial update. A new \`username_format\` applies to usernames set from then on; those kept already stay.`,
        tag: TAG,
        access: 'admin',
        requestBody: {
          description: 'The fields to change.',
          content: jsonContent(dataRequest(passwordProfileChanges)),
        },
        success: { '200': { description: 'The profile as it is now.', content: profileDocument } },
        errors: { 400: 'A missing or wrong `type`, or a field out of its rules.', 404: PROFILE_MISSING },
      },
      handle: ({ profiles }, { links }) =>
        answer(
          withData((data, storeId, ctx) => profiles.update.execute(storeId, realmParam(ctx), profileParam(ctx), data)),
          (profile, ctx) => ({ data: passwordProfileResource(profile, links(ctx)) }),
        ),
    },
    {
      method: 'delete',
      path: profilePath,
      pathParameters: [REALM_PARAMETER, PROFILE_PARAMETER],
      spec: {
        operationId: 'deletePasswordProfile',
        summary: 'Delete a password profile',
        description: `${EPCC} Every username and password kept in it goes with it: no one signs in through it any more.`,
        tag: TAG,
        access: 'admin',
        success: DELETED,
        errors: { 404: PROFILE_MISSING },
      },
      handle: ({ profiles }) =>
        noContent((storeId, ctx) => profiles.remove.execute(storeId, realmParam(ctx), profileParam(ctx))),
    },
  ],
});
