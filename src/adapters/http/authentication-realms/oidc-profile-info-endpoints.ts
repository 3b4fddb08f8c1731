import type { RouterMiddleware } from '@koa/router';
import { CreateOidcProfileInfo } from '../../../application/use-cases/authentication-realms/create-oidc-profile-info.js';
import { DeleteOidcProfileInfo } from '../../../application/use-cases/authentication-realms/delete-oidc-profile-info.js';
import { GetAuthenticationRealm } from '../../../application/use-cases/authentication-realms/get-authentication-realm.js';
import { GetOidcProfileInfo } from '../../../application/use-cases/authentication-realms/get-oidc-profile-info.js';
import { ListOidcProfileInfos } from '../../../application/use-cases/authentication-realms/list-oidc-profile-infos.js';
import { UpdateOidcProfileInfo } from '../../../application/use-cases/authentication-realms/update-oidc-profile-info.js';
import { concept } from '../endpoints/endpoint.js';
import { answer, created, noContent, withData } from '../endpoints/handlers.js';
import { type HttpState, queryOf } from '../http-state.js';
import type { Parameter } from '../openapi/openapi-types.js';
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
import { REALM_PARAMETER, realmParam, USER_PARAMETER, userParam } from './authentication-realm-parameters.js';
import { merchantRealmPeople } from './merchant-realm-people.js';
import { oidcProfileInfoResource } from './oidc-profile-documents.js';
import { newOidcProfileInfo, oidcProfileInfoChanges } from './oidc-profile-schemas.js';

const TAG = 'Authentication realms';
const EPCC =
  "As EPCC's user-authentication-oidc-profile-info (its developer documents' path, under the user): a user's link to a subject (`sub`) of one of the realm's OpenID Connect profiles, whom that subject signs in as. In the merchant realm the user is one of the merchant's people. A subject is linked at most once per profile. In the merchant realm a write (link, change, unlink) manages people, so it needs `people`, as the realm's other user writes do: an owner's console session or a key with full access. See docs/console.md, Signing in with an identity provider.";
const USER_MISSING = 'No realm of this store has this id, or the realm has no user with this one.';
const LINK_MISSING = `${USER_MISSING} Or the user has no link with this id.`;
const SUBJECT_LINKED = {
  409: 'Another link of the profile holds this subject (`subject_linked`), compared exactly.',
  codes: { 409: ['subject_linked'] },
} as const;
const linkDocument = jsonContent(dataDocument(schemaRef('UserAuthenticationOidcProfileInfo')));
const linksPath =
  '/v2/authentication-realms/{realmId}/user-authentication-info/{userAuthenticationInfoId}/user-authentication-oidc-profile-info';
const linkPath = `${linksPath}/{userAuthenticationOidcProfileInfoId}`;

const LINK_PARAMETER: Parameter = {
  name: 'userAuthenticationOidcProfileInfoId',
  in: 'path',
  required: true,
  description: "One of the user's links. An id that is not a UUID, or not the user's, is answered 404.",
  schema: { type: 'string', format: 'uuid' },
};
const linkParam = (ctx: { readonly params: Readonly<Record<string, string | undefined>> }): string =>
  ctx.params['userAuthenticationOidcProfileInfoId'] ?? '';

interface OidcProfileInfoUseCases {
  /** The guard of the writes: in the merchant realm they manage people (`merchantRealmPeople`). */
  readonly merchantPeople: RouterMiddleware<HttpState>;
  readonly create: UseCase<CreateOidcProfileInfo>;
  readonly list: UseCase<ListOidcProfileInfos>;
  readonly get: UseCase<GetOidcProfileInfo>;
  readonly update: UseCase<UpdateOidcProfileInfo>;
  readonly remove: UseCase<DeleteOidcProfileInfo>;
}

/**
 * A realm user's links to identity providers: store administration (`admin`), as the realm's other user
 * routes are; in the merchant realm a write also needs `people`.
 */
export const OIDC_PROFILE_INFO_ENDPOINTS = concept<OidcProfileInfoUseCases>({
  useCases: ({ use }) => ({
    merchantPeople: merchantRealmPeople(use(GetAuthenticationRealm)),
    create: use(CreateOidcProfileInfo),
    list: use(ListOidcProfileInfos),
    get: use(GetOidcProfileInfo),
    update: use(UpdateOidcProfileInfo),
    remove: use(DeleteOidcProfileInfo),
  }),
  endpoints: [
    {
      method: 'post',
      path: linksPath,
      pathParameters: [REALM_PARAMETER, USER_PARAMETER],
      spec: {
        operationId: 'createUserAuthenticationOidcProfileInfo',
        post: true,
        summary: "Link a user to an identity provider's subject",
        description: `${EPCC} \`issuer\` is the profile's \`meta.issuer\` when left out.`,
        tag: TAG,
        access: 'admin',
        requestBody: { description: 'The profile and subject.', content: jsonContent(dataRequest(newOidcProfileInfo)) },
        success: { '201': { description: 'The link.', content: linkDocument } },
        errors: {
          400: 'A missing or wrong `type`, a missing `subject` or `oidc_profile_id`, or a field out of its bounds.',
          404: `${USER_MISSING} Or the realm has no OpenID Connect profile with \`oidc_profile_id\`.`,
          ...SUBJECT_LINKED,
        },
      },
      handle: ({ create, merchantPeople }, { links }) => [
        merchantPeople,
        created(
          withData((data, storeId, ctx) => create.execute(storeId, realmParam(ctx), userParam(ctx), data)),
          (link, ctx) => ({ data: oidcProfileInfoResource(link, links(ctx)) }),
        ),
      ],
    },
    {
      method: 'get',
      path: linksPath,
      pathParameters: [REALM_PARAMETER, USER_PARAMETER],
      spec: {
        operationId: 'listUserAuthenticationOidcProfileInfos',
        summary: "List a user's links to identity providers",
        description: `${EPCC} Newest first.`,
        tag: TAG,
        access: 'admin',
        parameters: [...PAGING_PARAMETERS],
        success: {
          '200': {
            description: 'A page of links.',
            content: jsonContent(listResponseSchema(schemaRef('UserAuthenticationOidcProfileInfo'))),
          },
        },
        errors: { 400: PAGE_REFUSED, 404: USER_MISSING },
      },
      handle: ({ list }, { links }) =>
        answer(
          (storeId, ctx) => list.execute(storeId, realmParam(ctx), userParam(ctx), queryOf(ctx)),
          (page, ctx) => listDocument(ctx, links, page, (link) => oidcProfileInfoResource(link, links(ctx))),
        ),
    },
    {
      method: 'get',
      path: linkPath,
      pathParameters: [REALM_PARAMETER, USER_PARAMETER, LINK_PARAMETER],
      spec: {
        operationId: 'getUserAuthenticationOidcProfileInfo',
        summary: "Get one of a user's links to an identity provider",
        description: EPCC,
        tag: TAG,
        access: 'admin',
        success: { '200': { description: 'The link.', content: linkDocument } },
        errors: { 404: LINK_MISSING },
      },
      handle: ({ get }, { links }) =>
        answer(
          (storeId, ctx) => get.execute(storeId, realmParam(ctx), userParam(ctx), linkParam(ctx)),
          (link, ctx) => ({ data: oidcProfileInfoResource(link, links(ctx)) }),
        ),
    },
    {
      method: 'put',
      path: linkPath,
      pathParameters: [REALM_PARAMETER, USER_PARAMETER, LINK_PARAMETER],
      spec: {
        operationId: 'updateUserAuthenticationOidcProfileInfo',
        summary: "Change a link's subject or issuer",
        description: `${EPCC} A partial update; \`oidc_profile_id\` stays the one the link was made with, as EPCC has it.`,
        tag: TAG,
        access: 'admin',
        requestBody: {
          description: 'The fields to change.',
          content: jsonContent(dataRequest(oidcProfileInfoChanges)),
        },
        success: { '200': { description: 'The link as it is now.', content: linkDocument } },
        errors: {
          400: 'A missing or wrong `type`, or a field out of its bounds.',
          404: LINK_MISSING,
          ...SUBJECT_LINKED,
        },
      },
      handle: ({ update, merchantPeople }, { links }) => [
        merchantPeople,
        answer(
          withData((data, storeId, ctx) =>
            update.execute(storeId, realmParam(ctx), userParam(ctx), linkParam(ctx), data),
          ),
          (link, ctx) => ({ data: oidcProfileInfoResource(link, links(ctx)) }),
        ),
      ],
    },
    {
      method: 'delete',
      path: linkPath,
      pathParameters: [REALM_PARAMETER, USER_PARAMETER, LINK_PARAMETER],
      spec: {
        operationId: 'deleteUserAuthenticationOidcProfileInfo',
        summary: "Remove a user's link to an identity provider",
        description: `${EPCC} The subject no longer signs in as the user (an email the provider verifies still may).`,
        tag: TAG,
        access: 'admin',
        success: DELETED,
        errors: { 404: LINK_MISSING },
      },
      handle: ({ remove, merchantPeople }) => [
        merchantPeople,
        noContent((storeId, ctx) => remove.execute(storeId, realmParam(ctx), userParam(ctx), linkParam(ctx))),
      ],
    },
  ],
});
