import {
  GetAccountMember,
  ListAccountMembers,
  ListUnassignedAccountMembers,
} from '../../../application/use-cases/accounts/account-members.js';
import { ListMembershipsOfMember } from '../../../application/use-cases/accounts/account-memberships.js';
import { ACCOUNT_MEMBER_LIST } from '../../../domain/accounts/account-member-query.js';
import { concept } from '../endpoints/endpoint.js';
import { answer, inData } from '../endpoints/handlers.js';
import { queryOf } from '../http-state.js';
import {
  FILTERED_PAGE_REFUSED,
  jsonContent,
  listResponseSchema,
  PAGING_PARAMETERS,
} from '../openapi/operation-builder.js';
import { arrayOf, closedObject, dataDocument, parameterRef, schemaRef } from '../openapi/schema-builders.js';
import { filterParameter } from '../openapi/shared-components.js';
import { listDocument } from '../routes/list-response.js';
import type { UseCase } from '../routes/route-context.js';
import {
  ACCOUNT_MEMBERS_PATH,
  ACCOUNTS_PATH,
  accountResource,
  linkedAccountMemberResource,
  linkedAccountMembershipResource,
} from './account-documents.js';
import { accountMemberParam, accountParam } from './account-params.js';
import { ACCOUNT_ID, ACCOUNT_MEMBER_ID, EPCC, includeParameter, TAG_MEMBERS } from './account-schemas.js';

interface AccountMemberUseCases {
  readonly get: UseCase<GetAccountMember>;
  readonly list: UseCase<ListAccountMembers>;
  readonly unassigned: UseCase<ListUnassignedAccountMembers>;
  readonly memberships: UseCase<ListMembershipsOfMember>;
}

const MEMBERS = jsonContent(listResponseSchema(schemaRef('AccountMember')));
const NOT_FOUND = 'No account member of this store has this id.';
const MADE_ELSEWHERE =
  "Members are made and changed as the store's user-authentication-info (the same record under the same id), or by self-signup.";

/**
 * `/v2/account-members`: EPCC's members, read-only here as in EPCC, with a client-credentials token, and the
 * members an account does not have yet (`unassigned-account-members`).
 */
export const ACCOUNT_MEMBER_ENDPOINTS = concept<AccountMemberUseCases>({
  useCases: ({ use }) => ({
    get: use(GetAccountMember),
    list: use(ListAccountMembers),
    unassigned: use(ListUnassignedAccountMembers),
    memberships: use(ListMembershipsOfMember),
  }),
  parameters: { AccountMemberFilter: filterParameter(ACCOUNT_MEMBER_LIST) },
  endpoints: [
    {
      method: 'get',
      path: ACCOUNT_MEMBERS_PATH,
      spec: {
        operationId: 'listAccountMembers',
        summary: 'List account members',
        description: `${EPCC} Newest first (\`created_at\`, then \`id\`, descending). ${MADE_ELSEWHERE}`,
        tag: TAG_MEMBERS,
        access: 'read',
        parameters: [...PAGING_PARAMETERS, parameterRef('AccountMemberFilter')],
        success: { '200': { description: 'A page of account members.', content: MEMBERS } },
        errors: { 400: FILTERED_PAGE_REFUSED },
      },
      handle: ({ list }, { links }) =>
        answer(
          (storeId, ctx) => list.execute(storeId, queryOf(ctx)),
          (page, ctx) => listDocument(ctx, links, page, (member) => linkedAccountMemberResource(member, links(ctx))),
        ),
    },
    {
      method: 'get',
      path: `${ACCOUNT_MEMBERS_PATH}/{accountMemberID}`,
      pathParameters: [ACCOUNT_MEMBER_ID],
      spec: {
        operationId: 'getAccountMember',
        summary: 'Get an account member',
        description: `${EPCC} ${MADE_ELSEWHERE}`,
        tag: TAG_MEMBERS,
        access: 'read',
        success: {
          '200': { description: 'The account member.', content: jsonContent(dataDocument(schemaRef('AccountMember'))) },
        },
        errors: { 404: NOT_FOUND },
      },
      handle: ({ get }, { links }) =>
        answer(
          (storeId, ctx) => get.execute(storeId, accountMemberParam(ctx)),
          inData((member, ctx) => linkedAccountMemberResource(member, links(ctx))),
        ),
    },
    {
      method: 'get',
      path: `${ACCOUNT_MEMBERS_PATH}/{accountMemberID}/account-memberships`,
      pathParameters: [ACCOUNT_MEMBER_ID],
      spec: {
        operationId: 'listMembershipsOfAccountMember',
        summary: "List an account member's memberships",
        description: `${EPCC} Newest first. With \`include=account\`, \`included.accounts\` holds each listed membership's account once (without \`links\` and entitlements: \`GET /v2/accounts/{accountID}\` has them).`,
        tag: TAG_MEMBERS,
        access: 'read',
        parameters: [...PAGING_PARAMETERS, includeParameter('account')],
        success: {
          '200': {
            description: "A page of the member's memberships.",
            content: jsonContent(
              listResponseSchema(
                schemaRef('AccountMembership'),
                {},
                { included: closedObject({ accounts: arrayOf({ type: 'object' }) }) },
                ['included'],
              ),
            ),
          },
        },
        errors: { 400: 'A paging parameter out of range or given twice, or an unknown `include`.', 404: NOT_FOUND },
      },
      handle: ({ memberships }, { links }) =>
        answer(
          (storeId, ctx) => memberships.execute(storeId, accountMemberParam(ctx), queryOf(ctx)),
          ({ page, included }, ctx) => ({
            ...listDocument(ctx, links, page, (m) => linkedAccountMembershipResource(m, links(ctx))),
            ...(included === undefined ? {} : { included: { accounts: included.map(accountResource) } }),
          }),
        ),
    },
    {
      method: 'get',
      path: `${ACCOUNTS_PATH}/{accountID}/account-memberships/unassigned-account-members`,
      pathParameters: [ACCOUNT_ID],
      spec: {
        operationId: 'listUnassignedAccountMembers',
        summary: 'List the members an account does not have',
        description: `${EPCC} The store's members with no membership of this account, newest first, filtered as the member list is.`,
        tag: TAG_MEMBERS,
        access: 'read',
        parameters: [...PAGING_PARAMETERS, parameterRef('AccountMemberFilter')],
        success: { '200': { description: 'A page of account members.', content: MEMBERS } },
        errors: { 400: FILTERED_PAGE_REFUSED, 404: 'No account of this store has this id.' },
      },
      handle: ({ unassigned }, { links }) =>
        answer(
          (storeId, ctx) => unassigned.execute(storeId, accountParam(ctx), queryOf(ctx)),
          (page, ctx) => listDocument(ctx, links, page, (member) => linkedAccountMemberResource(member, links(ctx))),
        ),
    },
  ],
});
