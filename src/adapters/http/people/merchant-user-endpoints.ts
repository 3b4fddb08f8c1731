import { CreateMerchantUser } from '../../../application/use-cases/people/create-merchant-user.js';
import { DeleteMerchantUser } from '../../../application/use-cases/people/delete-merchant-user.js';
import { GetMerchantUser } from '../../../application/use-cases/people/get-merchant-user.js';
import { ListMerchantUsers } from '../../../application/use-cases/people/list-merchant-users.js';
import { UpdateMerchantUser } from '../../../application/use-cases/people/update-merchant-user.js';
import { MERCHANT_USER_TYPE } from '../../../domain/people/merchant-user.js';
import { MERCHANT_USER_LIST } from '../../../domain/people/merchant-user-query.js';
import { pathId } from '../billing/invoice-endpoints.js';
import { concept } from '../endpoints/endpoint.js';
import { answer, created, inData, noContent, withData } from '../endpoints/handlers.js';
import { queryOf } from '../http-state.js';
import {
  DELETED,
  FILTERED_PAGE_REFUSED,
  jsonContent,
  listResponseSchema,
  PAGING_PARAMETERS,
} from '../openapi/operation-builder.js';
import {
  constant,
  dataDocument,
  dataRequest,
  openObject,
  parameterRef,
  schemaRef,
} from '../openapi/schema-builders.js';
import { filterParameter } from '../openapi/shared-components.js';
import { listDocument } from '../routes/list-response.js';
import type { UseCase } from '../routes/route-context.js';
import {
  MERCHANT_USERS_PATH,
  merchantUserResource,
  merchantUserSchema,
  personEmail,
  personName,
  role,
} from './merchant-user-documents.js';

interface MerchantUserUseCases {
  readonly create: UseCase<CreateMerchantUser>;
  readonly list: UseCase<ListMerchantUsers>;
  readonly get: UseCase<GetMerchantUser>;
  readonly update: UseCase<UpdateMerchantUser>;
  readonly remove: UseCase<DeleteMerchantUser>;
}

const TAG = 'Merchant users';
const EXTENSION =
  "Our extension (EPCC keeps a merchant's people in its own Commerce Manager): the people who sign in to the console through the store's merchant realm, each with one role. Reading them needs `admin` (an owner or admin, or a key with full access); creating, changing and removing them needs `people`: an owner's console session, or a key with full access, which is how a store's first owner is made.";
const USER_ID = pathId('merchantUserID', 'merchant user');
const ONE = jsonContent(dataDocument(schemaRef('MerchantUser')));
const INVALID = 'Every invalid field, each with its `source` (`data.type`, `data.name`, `data.email`, `data.role`).';
const NOT_FOUND = "No person of this store's has this id.";
const EMAIL_TAKEN = "Another of the store's people has this email, compared case-insensitively (`email_taken`).";
const LAST_OWNER =
  "The person is the store's last owner (`last_owner`): make another person owner first. Of two owners changing or removing each other at once, one is refused.";
const userParam = (ctx: { readonly params: Readonly<Record<string, string | undefined>> }): string =>
  ctx.params['merchantUserID'] ?? '';

const fields = { type: constant(MERCHANT_USER_TYPE), name: personName, email: personEmail, role };
const newMerchantUser = dataRequest(openObject(fields, ['type', 'name', 'email', 'role']));
const merchantUserChanges = dataRequest(
  openObject(fields, ['type'], 'The fields to change; those left out keep their values.'),
);

/** `/v2/merchant-users`: the merchant's people and their roles. */
export const MERCHANT_USER_ENDPOINTS = concept<MerchantUserUseCases>({
  useCases: ({ use }) => ({
    create: use(CreateMerchantUser),
    list: use(ListMerchantUsers),
    get: use(GetMerchantUser),
    update: use(UpdateMerchantUser),
    remove: use(DeleteMerchantUser),
  }),
  schemas: { MerchantUser: merchantUserSchema },
  parameters: { MerchantUserFilter: filterParameter(MERCHANT_USER_LIST) },
  endpoints: [
    {
      method: 'post',
      path: MERCHANT_USERS_PATH,
      spec: {
        operationId: 'createMerchantUser',
        summary: 'Add a person',
        description: `${EXTENSION} The person signs in once they have a credential: a username and password in a password profile of the merchant realm (its user-authentication-info is this record, under the same id), or an OpenID Connect sign-in that matches their email.`,
        tag: TAG,
        access: 'people',
        post: true,
        extension: true,
        requestBody: { description: 'The new person.', content: jsonContent(newMerchantUser) },
        success: { '201': { description: 'The person.', content: ONE } },
        errors: { 400: INVALID, 409: EMAIL_TAKEN, codes: { 409: ['email_taken'] } },
      },
      handle: ({ create }, { links }) =>
        created(
          withData((data, storeId) => create.execute(storeId, data)),
          inData((user, ctx) => merchantUserResource(user, links(ctx))),
        ),
    },
    {
      method: 'get',
      path: MERCHANT_USERS_PATH,
      spec: {
        operationId: 'listMerchantUsers',
        summary: "List the store's people",
        description: `${EXTENSION} Newest first (\`created_at\`, then \`id\`, descending); filtered on \`name\` and \`email\` (\`eq\`, \`like\`) and \`role\` (\`eq\`).`,
        tag: TAG,
        access: 'admin',
        extension: true,
        parameters: [...PAGING_PARAMETERS, parameterRef('MerchantUserFilter')],
        success: {
          '200': {
            description: 'A page of people.',
            content: jsonContent(listResponseSchema(schemaRef('MerchantUser'))),
          },
        },
        errors: { 400: FILTERED_PAGE_REFUSED },
      },
      handle: ({ list }, { links }) =>
        answer(
          (storeId, ctx) => list.execute(storeId, queryOf(ctx)),
          (page, ctx) => listDocument(ctx, links, page, (user) => merchantUserResource(user, links(ctx))),
        ),
    },
    {
      method: 'get',
      path: `${MERCHANT_USERS_PATH}/{merchantUserID}`,
      pathParameters: [USER_ID],
      spec: {
        operationId: 'getMerchantUser',
        summary: 'Get a person',
        description: EXTENSION,
        tag: TAG,
        access: 'admin',
        extension: true,
        success: { '200': { description: 'The person.', content: ONE } },
        errors: { 404: NOT_FOUND },
      },
      handle: ({ get }, { links }) =>
        answer(
          (storeId, ctx) => get.execute(storeId, userParam(ctx)),
          inData((user, ctx) => merchantUserResource(user, links(ctx))),
        ),
    },
    {
      method: 'put',
      path: `${MERCHANT_USERS_PATH}/{merchantUserID}`,
      pathParameters: [USER_ID],
      spec: {
        operationId: 'updateMerchantUser',
        summary: "Change a person's name, email or role",
        description: `${EXTENSION} A partial update. A new role ends the person's console sessions: they sign in again and act with it.`,
        tag: TAG,
        access: 'people',
        extension: true,
        requestBody: { description: 'The fields to change.', content: jsonContent(merchantUserChanges) },
        success: { '200': { description: 'The person as they are now.', content: ONE } },
        errors: {
          400: INVALID,
          404: NOT_FOUND,
          409: `${EMAIL_TAKEN} Or, with a role other than \`owner\`: ${LAST_OWNER}`,
          codes: { 409: ['email_taken', 'last_owner'] },
        },
      },
      handle: ({ update }, { links }) =>
        answer(
          withData((data, storeId, ctx) => update.execute(storeId, userParam(ctx), data)),
          inData((user, ctx) => merchantUserResource(user, links(ctx))),
        ),
    },
    {
      method: 'delete',
      path: `${MERCHANT_USERS_PATH}/{merchantUserID}`,
      pathParameters: [USER_ID],
      spec: {
        operationId: 'deleteMerchantUser',
        summary: 'Remove a person',
        description: `${EXTENSION} Their console sessions end and their credentials (usernames and passwords, links to identity providers) go with them.`,
        tag: TAG,
        access: 'people',
        extension: true,
        success: DELETED,
        errors: { 404: NOT_FOUND, 409: LAST_OWNER, codes: { 409: ['last_owner'] } },
      },
      handle: ({ remove }) => noContent((storeId, ctx) => remove.execute(storeId, userParam(ctx))),
    },
  ],
});
