import {
  CreateAccountMembership,
  DeleteAccountMembership,
  GetAccountMembership,
  ListMembershipsOfAccount,
} from '../../../application/use-cases/accounts/account-memberships.js';
import { concept } from '../endpoints/endpoint.js';
import { answer, created, inData, noContent, withData } from '../endpoints/handlers.js';
import { queryOf } from '../http-state.js';
import { DELETED, jsonContent, listResponseSchema, PAGING_PARAMETERS } from '../openapi/operation-builder.js';
import { arrayOf, closedObject, dataDocument, schemaRef } from '../openapi/schema-builders.js';
import { listDocument } from '../routes/list-response.js';
import type { UseCase } from '../routes/route-context.js';
import { ACCOUNTS_PATH, accountMemberResource, linkedAccountMembershipResource } from './account-documents.js';
import { accountParam, membershipParam } from './account-params.js';
import {
  ACCOUNT_ID,
  EPCC,
  includeParameter,
  MEMBERSHIP_ID,
  newMembership,
  TAG_MEMBERSHIPS,
} from './account-schemas.js';

interface AccountMembershipUseCases {
  readonly create: UseCase<CreateAccountMembership>;
  readonly list: UseCase<ListMembershipsOfAccount>;
  readonly get: UseCase<GetAccountMembership>;
  readonly remove: UseCase<DeleteAccountMembership>;
}

const COLLECTION = `${ACCOUNTS_PATH}/{accountID}/account-memberships`;
const ITEM = `${COLLECTION}/{membershipID}`;
const ONE = jsonContent(dataDocument(schemaRef('AccountMembership')));
const NOT_FOUND = 'No membership of this account of the store has this id.';

/** `/v2/accounts/{accountID}/account-memberships`: who may act for an account, with a client-credentials token. */
export const ACCOUNT_MEMBERSHIP_ENDPOINTS = concept<AccountMembershipUseCases>({
  useCases: ({ use }) => ({
    create: use(CreateAccountMembership),
    list: use(ListMembershipsOfAccount),
    get: use(GetAccountMembership),
    remove: use(DeleteAccountMembership),
  }),
  endpoints: [
    {
      method: 'post',
      path: COLLECTION,
      pathParameters: [ACCOUNT_ID],
      spec: {
        operationId: 'createAccountMembership',
        summary: 'Add a member to an account',
        description: `${EPCC} A member belongs to an account once, and to at most \`membership_limit\` accounts (\`/v2/settings/account-membership\`).`,
        tag: TAG_MEMBERSHIPS,
        access: 'write',
        post: true,
        requestBody: { description: 'The member to add.', content: jsonContent(newMembership) },
        success: { '201': { description: 'The membership.', content: ONE } },
        errors: {
          400: 'Every invalid field, each with its `source` (`data.type`, `data.account_member_id`).',
          404: 'No account, or no account member, of this store has this id.',
          409: 'The member already belongs to this account (`membership_exists`), or to as many accounts as the store allows (`membership_limit_reached`).',
          codes: { 409: ['membership_exists', 'membership_limit_reached'] },
        },
      },
      handle: ({ create }, { links }) =>
        created(
          withData((data, storeId, ctx) => create.execute(storeId, accountParam(ctx), data)),
          inData((membership, ctx) => linkedAccountMembershipResource(membership, links(ctx))),
        ),
    },
    {
      method: 'get',
      path: COLLECTION,
      pathParameters: [ACCOUNT_ID],
      spec: {
        operationId: 'listAccountMemberships',
        summary: "List an account's memberships",
        description: `${EPCC} Newest first. With \`include=account_member\`, \`included.account_members\` holds each listed membership's member once.`,
        tag: TAG_MEMBERSHIPS,
        access: 'read',
        parameters: [...PAGING_PARAMETERS, includeParameter('account_member')],
        success: {
          '200': {
            description: "A page of the account's memberships.",
            content: jsonContent(
              listResponseSchema(
                schemaRef('AccountMembership'),
                {},
                { included: closedObject({ account_members: arrayOf({ type: 'object' }) }) },
                ['included'],
              ),
            ),
          },
        },
        errors: {
          400: 'A paging parameter out of range or given twice, or an unknown `include`.',
          404: 'No account of this store has this id.',
        },
      },
      handle: ({ list }, { links }) =>
        answer(
          (storeId, ctx) => list.execute(storeId, accountParam(ctx), queryOf(ctx)),
          ({ page, included }, ctx) => ({
            ...listDocument(ctx, links, page, (m) => linkedAccountMembershipResource(m, links(ctx))),
            ...(included === undefined ? {} : { included: { account_members: included.map(accountMemberResource) } }),
          }),
        ),
    },
    {
      method: 'get',
      path: ITEM,
      pathParameters: [ACCOUNT_ID, MEMBERSHIP_ID],
      spec: {
        operationId: 'getAccountMembership',
        summary: 'Get an account membership',
        description: EPCC,
        tag: TAG_MEMBERSHIPS,
        access: 'read',
        success: { '200': { description: 'The membership.', content: ONE } },
        errors: { 404: NOT_FOUND },
      },
      handle: ({ get }, { links }) =>
        answer(
          (storeId, ctx) => get.execute(storeId, accountParam(ctx), membershipParam(ctx)),
          inData((membership, ctx) => linkedAccountMembershipResource(membership, links(ctx))),
        ),
    },
    {
      method: 'delete',
      path: ITEM,
      pathParameters: [ACCOUNT_ID, MEMBERSHIP_ID],
      spec: {
        operationId: 'deleteAccountMembership',
        summary: 'Remove a member from an account',
        description: `${EPCC} The member and the account stay.`,
        tag: TAG_MEMBERSHIPS,
        access: 'write',
        success: DELETED,
        errors: { 404: NOT_FOUND },
      },
      handle: ({ remove }) =>
        noContent((storeId, ctx) => remove.execute(storeId, accountParam(ctx), membershipParam(ctx))),
    },
  ],
});
