import * as E from 'fp-ts/lib/Either.js';
import {
  CreateAccount,
  DeleteAccount,
  GetAccount,
  ListAccounts,
  UpdateAccount,
} from '../../../application/use-cases/accounts/accounts.js';
import {
  type EntitledAccount,
  EntitlementsOfAccounts,
} from '../../../application/use-cases/accounts/entitlements-of-accounts.js';
import type { Account } from '../../../domain/accounts/account.js';
import { ACCOUNT_LIST } from '../../../domain/accounts/account-query.js';
import type { DomainError } from '../../../domain/shared/errors.js';
import type { Uuid } from '../../../domain/shared/uuid.js';
import { concept } from '../endpoints/endpoint.js';
import { answer, created, inData, noContent, withData } from '../endpoints/handlers.js';
import { type HttpContext, queryOf } from '../http-state.js';
import type { LinkOrigin } from '../link-origin.js';
import {
  DELETED,
  FILTERED_PAGE_REFUSED,
  jsonContent,
  listResponseSchema,
  PAGING_PARAMETERS,
} from '../openapi/operation-builder.js';
import { dataDocument, parameterRef, schemaRef } from '../openapi/schema-builders.js';
import { filterParameter } from '../openapi/shared-components.js';
import { listDocument } from '../routes/list-response.js';
import type { RecordUseCases } from '../routes/record-endpoints.js';
import { ACCOUNTS_PATH, entitledAccountResource } from './account-documents.js';
import { accountParam } from './account-params.js';
import { ACCOUNT_ID, ACCOUNT_SCHEMAS, accountChanges, EPCC, newAccount, TAG_ACCOUNTS } from './account-schemas.js';

/** Each answer's account with what its subscriptions entitle it to: a page's in one read for all its accounts. */
const entitled = (
  base: RecordUseCases<Account>,
  entitlements: EntitlementsOfAccounts,
): RecordUseCases<EntitledAccount> => {
  const one = async (storeId: Uuid, found: E.Either<DomainError, Account>) => {
    if (E.isLeft(found)) return found;
    const [answer] = await entitlements.execute(storeId, [found.right]);
    if (answer === undefined) throw new Error('an account was read without its entitlements');
    return E.right(answer);
  };
  return {
    create: { execute: async (storeId, data) => one(storeId, await base.create.execute(storeId, data)) },
    get: { execute: async (storeId, id) => one(storeId, await base.get.execute(storeId, id)) },
    update: { execute: async (storeId, id, data) => one(storeId, await base.update.execute(storeId, id, data)) },
    list: {
      execute: async (storeId, params) => {
        const page = await base.list.execute(storeId, params);
        if (E.isLeft(page)) return page;
        return E.right({ ...page.right, items: await entitlements.execute(storeId, page.right.items) });
      },
    },
    remove: base.remove,
  };
};

const accountBody = (links: LinkOrigin) => (account: EntitledAccount, ctx: HttpContext) =>
  entitledAccountResource(account, links(ctx));

const ONE = jsonContent(dataDocument(schemaRef('Account')));
const INVALID = 'Every invalid field, each with its `source` (`data.type`, `data.name`, ...).';
const NOT_FOUND = 'No account of this store has this id.';
const TAKEN = 'Another account of the store has this `registration_id` (`registration_id_taken`).';

/**
 * `/v2/accounts`: EPCC's accounts, read with a client-credentials token (`read`) and written with one that
 * may write, as subscribers are: names and registration ids are the merchant's customers' data.
 */
export const ACCOUNT_ENDPOINTS = concept<RecordUseCases<EntitledAccount>>({
  useCases: ({ use }) =>
    entitled(
      {
        create: use(CreateAccount),
        list: use(ListAccounts),
        get: use(GetAccount),
        update: use(UpdateAccount),
        remove: use(DeleteAccount),
      },
      use(EntitlementsOfAccounts),
    ),
  schemas: ACCOUNT_SCHEMAS,
  parameters: { AccountFilter: filterParameter(ACCOUNT_LIST) },
  endpoints: [
    {
      method: 'post',
      path: ACCOUNTS_PATH,
      spec: {
        operationId: 'createAccount',
        summary: 'Create an account',
        description: `${EPCC} With \`parent_id\`, a sub-account of that account, which it keeps.`,
        tag: TAG_ACCOUNTS,
        access: 'write',
        post: true,
        requestBody: { description: 'The new account.', content: jsonContent(newAccount) },
        success: { '201': { description: 'The account.', content: ONE } },
        errors: {
          400: INVALID,
          404: 'The `parent_id` names no account of this store.',
          409: TAKEN,
          codes: { 409: ['registration_id_taken'] },
        },
      },
      handle: ({ create }, { links }) =>
        created(
          withData((data, storeId) => create.execute(storeId, data)),
          inData(accountBody(links)),
        ),
    },
    {
      method: 'get',
      path: ACCOUNTS_PATH,
      spec: {
        operationId: 'listAccounts',
        summary: 'List accounts',
        description: `${EPCC} Newest first (\`created_at\`, then \`id\`, descending), stable across pages.`,
        tag: TAG_ACCOUNTS,
        access: 'read',
        parameters: [...PAGING_PARAMETERS, parameterRef('AccountFilter')],
        success: {
          '200': { description: 'A page of accounts.', content: jsonContent(listResponseSchema(schemaRef('Account'))) },
        },
        errors: { 400: FILTERED_PAGE_REFUSED },
      },
      handle: ({ list }, { links }) =>
        answer(
          (storeId, ctx) => list.execute(storeId, queryOf(ctx)),
          (page, ctx) => listDocument(ctx, links, page, (account) => entitledAccountResource(account, links(ctx))),
        ),
    },
    {
      method: 'get',
      path: `${ACCOUNTS_PATH}/{accountID}`,
      pathParameters: [ACCOUNT_ID],
      spec: {
        operationId: 'getAccount',
        summary: 'Get an account',
        description: EPCC,
        tag: TAG_ACCOUNTS,
        access: 'read',
        success: { '200': { description: 'The account.', content: ONE } },
        errors: { 404: NOT_FOUND },
      },
      handle: ({ get }, { links }) =>
        answer((storeId, ctx) => get.execute(storeId, accountParam(ctx)), inData(accountBody(links))),
    },
    {
      method: 'put',
      path: `${ACCOUNTS_PATH}/{accountID}`,
      pathParameters: [ACCOUNT_ID],
      spec: {
        operationId: 'updateAccount',
        summary: 'Update an account',
        description: `${EPCC} A partial update: fields left out keep their values, \`null\` clears an optional one; \`parent_id\` cannot change.`,
        tag: TAG_ACCOUNTS,
        access: 'write',
        requestBody: { description: 'The fields to change.', content: jsonContent(accountChanges) },
        success: { '200': { description: 'The account as it is now.', content: ONE } },
        errors: { 400: INVALID, 404: NOT_FOUND, 409: TAKEN, codes: { 409: ['registration_id_taken'] } },
      },
      handle: ({ update }, { links }) =>
        answer(
          withData((data, storeId, ctx) => update.execute(storeId, accountParam(ctx), data)),
          inData(accountBody(links)),
        ),
    },
    {
      method: 'delete',
      path: `${ACCOUNTS_PATH}/{accountID}`,
      pathParameters: [ACCOUNT_ID],
      spec: {
        operationId: 'deleteAccount',
        summary: 'Delete an account',
        description: `${EPCC} Its memberships go with it; subscriptions made for it keep their \`account_id\`.`,
        tag: TAG_ACCOUNTS,
        access: 'write',
        success: DELETED,
        errors: {
          404: NOT_FOUND,
          409: 'The account is the parent of sub-accounts (`in_use`): delete them first.',
          codes: { 409: ['in_use'] },
        },
      },
      handle: ({ remove }) => noContent((storeId, ctx) => remove.execute(storeId, accountParam(ctx))),
    },
  ],
});
