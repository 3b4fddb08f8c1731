import { CreateOidcProfile } from '../../../application/use-cases/authentication-realms/create-oidc-profile.js';
import { DeleteOidcProfile } from '../../../application/use-cases/authentication-realms/delete-oidc-profile.js';
import { GetOidcProfile } from '../../../application/use-cases/authentication-realms/get-oidc-profile.js';
import { ListOidcProfiles } from '../../../application/use-cases/authentication-realms/list-oidc-profiles.js';
import { UpdateOidcProfile } from '../../../application/use-cases/authentication-realms/update-oidc-profile.js';
import { concept } from '../endpoints/endpoint.js';
import { answer, created, noContent, withData } from '../endpoints/handlers.js';
import { queryOf } from '../http-state.js';
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
import { REALM_PARAMETER, realmParam } from './authentication-realm-parameters.js';
import { oidcProfileDocument, oidcProfileResource } from './oidc-profile-documents.js';
import { newOidcProfile, OIDC_PROFILE_SCHEMAS, oidcProfileChanges, oidcProfileLinks } from './oidc-profile-schemas.js';

const TAG = 'Authentication realms';
const EPCC =
  "As EPCC's OpenID Connect profiles (its developer documents' `oidc-profiles`, also served at the newer API's `openid-connect-profiles`). `client_secret` is write-only. `links.callback-endpoint` is the URL to register at the provider. See docs/console.md, Signing in with an identity provider.";
const PROFILE_MISSING = 'No realm of this store has this id, or the realm has no OpenID Connect profile with this one.';
const REALM_MISSING = 'No realm of this store has this id.';
const UNREACHABLE =
  'The provider did not answer with a discovery document naming the issuer `discovery_url` names (`provider_unreachable`): the profile is not made or changed.';
const profileDocument = jsonContent(dataDocument(schemaRef('OidcProfile'), { links: oidcProfileLinks }));
const profilesPath = '/v2/authentication-realms/{realmId}/oidc-profiles';
const profilePath = `${profilesPath}/{oidcProfileId}`;
const newerProfilesPath = '/v2/authentication-realms/{realmId}/openid-connect-profiles';

const PROFILE_PARAMETER: Parameter = {
  name: 'oidcProfileId',
  in: 'path',
  required: true,
  description: "An OpenID Connect profile of the realm. An id that is not a UUID, or not the store's, is answered 404.",
  schema: { type: 'string', format: 'uuid' },
};
const profileParam = (ctx: { readonly params: Readonly<Record<string, string | undefined>> }): string =>
  ctx.params['oidcProfileId'] ?? '';

interface OidcProfileUseCases {
  readonly create: UseCase<CreateOidcProfile>;
  readonly list: UseCase<ListOidcProfiles>;
  readonly get: UseCase<GetOidcProfile>;
  readonly update: UseCase<UpdateOidcProfile>;
  readonly remove: UseCase<DeleteOidcProfile>;
}

/** A realm's OpenID Connect profiles: store administration, with the client secret written and never read. */
export const OIDC_PROFILE_ENDPOINTS = concept<OidcProfileUseCases>({
  useCases: ({ use }) => ({
    create: use(CreateOidcProfile),
    list: use(ListOidcProfiles),
    get: use(GetOidcProfile),
    update: use(UpdateOidcProfile),
    remove: use(DeleteOidcProfile),
  }),
  schemas: OIDC_PROFILE_SCHEMAS,
  endpoints: [
    {
      method: 'post',
      path: profilesPath,
      alsoAt: newerProfilesPath,
      pathParameters: [REALM_PARAMETER],
      spec: {
        operationId: 'createOidcProfile',
        summary: 'Create an OpenID Connect profile',
        description: `${EPCC} The provider's discovery document is read for \`meta.issuer\` before the profile is made.`,
        tag: TAG,
        access: 'admin',
        secretBody: true,
        requestBody: { description: 'The new profile.', content: jsonContent(dataRequest(newOidcProfile)) },
        success: { '201': { description: 'The profile, without its secret.', content: profileDocument } },
        errors: {
          400: 'A missing or wrong `type`, a missing or over-long field, a `discovery_url` that is not absolute https (or http on the loopback).',
          404: REALM_MISSING,
          422: UNREACHABLE,
          codes: { 422: ['provider_unreachable'] },
        },
      },
      handle: ({ create }, { links }) =>
        created(
          withData((data, storeId, ctx) => create.execute(storeId, realmParam(ctx), data)),
          (profile, ctx) => oidcProfileDocument(profile, links(ctx)),
        ),
    },
    {
      method: 'get',
      path: profilesPath,
      alsoAt: newerProfilesPath,
      pathParameters: [REALM_PARAMETER],
      spec: {
        operationId: 'listOidcProfiles',
        summary: "List a realm's OpenID Connect profiles",
        description: `${EPCC} Newest first.`,
        tag: TAG,
        access: 'admin',
        parameters: [...PAGING_PARAMETERS],
        success: {
          '200': {
            description: 'A page of profiles.',
            content: jsonContent(listResponseSchema(schemaRef('OidcProfile'))),
          },
        },
        errors: { 400: PAGE_REFUSED, 404: REALM_MISSING },
      },
      handle: ({ list }, { links }) =>
        answer(
          (storeId, ctx) => list.execute(storeId, realmParam(ctx), queryOf(ctx)),
          (page, ctx) => listDocument(ctx, links, page, (profile) => oidcProfileResource(profile, links(ctx))),
        ),
    },
    {
      method: 'get',
      path: profilePath,
      alsoAt: `${newerProfilesPath}/{oidcProfileId}`,
      pathParameters: [REALM_PARAMETER, PROFILE_PARAMETER],
      spec: {
        operationId: 'getOidcProfile',
        summary: 'Get an OpenID Connect profile',
        description: EPCC,
        tag: TAG,
        access: 'admin',
        success: { '200': { description: 'The profile, without its secret.', content: profileDocument } },
        errors: { 404: PROFILE_MISSING },
      },
      handle: ({ get }, { links }) =>
        answer(
          (storeId, ctx) => get.execute(storeId, realmParam(ctx), profileParam(ctx)),
          (profile, ctx) => oidcProfileDocument(profile, links(ctx)),
        ),
    },
    {
      method: 'put',
      path: profilePath,
      alsoAt: `${newerProfilesPath}/{oidcProfileId}`,
      pathParameters: [REALM_PARAMETER, PROFILE_PARAMETER],
      spec: {
        operationId: 'updateOidcProfile',
        summary: 'Change an OpenID Connect profile',
        description: `${EPCC} A partial update; a new \`discovery_url\` is read again for \`meta.issuer\`. A new \`client_secret\` replaces the kept one.`,
        tag: TAG,
        access: 'admin',
        secretBody: true,
        requestBody: { description: 'The fields to change.', content: jsonContent(dataRequest(oidcProfileChanges)) },
        success: { '200': { description: 'The profile as it is now, without its secret.', content: profileDocument } },
        errors: {
          400: 'A missing or wrong `type`, or a field out of its rules.',
          404: PROFILE_MISSING,
          422: UNREACHABLE,
          codes: { 422: ['provider_unreachable'] },
        },
      },
      handle: ({ update }, { links }) =>
        answer(
          withData((data, storeId, ctx) => update.execute(storeId, realmParam(ctx), profileParam(ctx), data)),
          (profile, ctx) => oidcProfileDocument(profile, links(ctx)),
        ),
    },
    {
      method: 'delete',
      path: profilePath,
      alsoAt: `${newerProfilesPath}/{oidcProfileId}`,
      pathParameters: [REALM_PARAMETER, PROFILE_PARAMETER],
      spec: {
        operationId: 'deleteOidcProfile',
        summary: 'Delete an OpenID Connect profile',
        description: `${EPCC} Every person's link to it goes with it: no one signs in through it any more.`,
        tag: TAG,
        access: 'admin',
        success: DELETED,
        errors: { 404: PROFILE_MISSING },
      },
      handle: ({ remove }) => noContent((storeId, ctx) => remove.execute(storeId, realmParam(ctx), profileParam(ctx))),
    },
  ],
});
