import { CreateIntegration } from '../../../application/use-cases/integrations/create-integration.js';
import { DeleteIntegration } from '../../../application/use-cases/integrations/delete-integration.js';
import { GetIntegration } from '../../../application/use-cases/integrations/get-integration.js';
import { ListIntegrationJobs } from '../../../application/use-cases/integrations/list-integration-jobs.js';
import { ListIntegrationLogs } from '../../../application/use-cases/integrations/list-integration-logs.js';
import { ListIntegrations } from '../../../application/use-cases/integrations/list-integrations.js';
import { UpdateIntegration } from '../../../application/use-cases/integrations/update-integration.js';
import type { Integration } from '../../../domain/integrations/integration.js';
import { INTEGRATION_ATTRIBUTES } from '../../../domain/integrations/integration-attributes.js';
import { DELIVERY_LIST, INTEGRATION_LIST, LOG_LIST } from '../../../domain/integrations/integration-query.js';
import type { Page } from '../../../domain/query/page.js';
import { concept } from '../endpoints/endpoint.js';
import { type AnswerBody, answer, withData } from '../endpoints/handlers.js';
import { type HttpContext, idParam, queryOf } from '../http-state.js';
import type { LinkOrigin } from '../link-origin.js';
import {
  FILTERED_PAGE_REFUSED,
  ID_PARAMETER,
  jsonContent,
  listResponseSchema,
  PAGING_PARAMETERS,
} from '../openapi/operation-builder.js';
import {
  arrayOf,
  boolean,
  closedObject,
  dataDocument,
  oneOfStrings,
  parameterRef,
  schemaRef,
  text,
} from '../openapi/schema-builders.js';
import { filterParameter } from '../openapi/shared-components.js';
import { listDocument } from '../routes/list-response.js';
import type { UseCase } from '../routes/route-context.js';
import { integrationJobResource, integrationLogResource, integrationResource } from './integration-documents.js';
import {
  EPCC,
  FULL_ACCESS,
  INTEGRATION_SCHEMAS,
  INVALID,
  integrationChanges,
  JOB_ID,
  logList,
  NOT_FOUND,
  newIntegration,
  REFUSED,
  TAG,
} from './integration-schemas.js';

interface IntegrationUseCases {
  readonly create: UseCase<CreateIntegration>;
  readonly list: UseCase<ListIntegrations>;
  readonly get: UseCase<GetIntegration>;
  readonly update: UseCase<UpdateIntegration>;
  readonly remove: UseCase<DeleteIntegration>;
  readonly logs: Pick<ListIntegrationLogs, 'ofStore' | 'ofIntegration' | 'ofJob'>;
  readonly jobs: UseCase<ListIntegrationJobs>;
}

/** An integration, its links starting at the request's origin. */
const integrationBody =
  (links: LinkOrigin): AnswerBody<Integration> =>
  (integration, ctx) => ({ data: integrationResource(integration, links(ctx)) });

const logListDocument =
  (links: LinkOrigin) => (found: Page<Parameters<typeof integrationLogResource>[0]>, ctx: HttpContext) => {
    const document = listDocument(ctx, links, found, integrationLogResource);
    // EPCC's log lists put the paging in `meta` itself and the count in `results`, beside our `meta.page`.
    return { ...document, meta: { ...document.meta, ...document.meta.page }, results: { total: found.total } };
  };

/**
 * `/v2/integrations`: EPCC's Integrations API. An integration sends the store's data to a URL of its
 * choosing with a secret of its own, so every operation needs full access, as application keys do.
 * Create answers 200 and delete 200 with no body, as EPCC documents them. `attributes` and `logs` come
 * before `{id}`, which would take them for an id.
 */
export const INTEGRATION_ENDPOINTS = concept<IntegrationUseCases>({
  useCases: ({ use }) => ({
    create: use(CreateIntegration),
    list: use(ListIntegrations),
    get: use(GetIntegration),
    update: use(UpdateIntegration),
    remove: use(DeleteIntegration),
    logs: use(ListIntegrationLogs),
    jobs: use(ListIntegrationJobs),
  }),
  schemas: INTEGRATION_SCHEMAS,
  parameters: {
    IntegrationFilter: filterParameter(INTEGRATION_LIST),
    IntegrationLogFilter: filterParameter(LOG_LIST),
    IntegrationJobFilter: filterParameter(DELIVERY_LIST),
  },
  endpoints: [
    {
      method: 'post',
      path: '/v2/integrations',
      spec: {
        operationId: 'createIntegration',
        summary: 'Create an integration',
        description: `${EPCC} Answers 200, as EPCC does. ${FULL_ACCESS}`,
        tag: TAG,
        access: 'admin',
        post: true,
        requestBody: { description: 'The new integration.', content: jsonContent(newIntegration) },
        success: {
          '200': { description: 'The integration.', content: jsonContent(dataDocument(schemaRef('Integration'))) },
        },
        errors: { 400: INVALID, 422: REFUSED, codes: { 422: ['integration_type_unsupported', 'receiver_refused'] } },
      },
      handle: ({ create }, { links }) =>
        answer(
          withData((data, storeId) => create.execute(storeId, data)),
          integrationBody(links),
        ),
    },
    {
      method: 'get',
      path: '/v2/integrations',
      spec: {
        operationId: 'listIntegrations',
        summary: 'List integrations',
        description: `${EPCC} Newest first. ${FULL_ACCESS}`,
        tag: TAG,
        access: 'admin',
        parameters: [...PAGING_PARAMETERS, parameterRef('IntegrationFilter')],
        success: {
          '200': {
            description: 'A page of integrations.',
            content: jsonContent(listResponseSchema(schemaRef('Integration'))),
          },
        },
        errors: { 400: FILTERED_PAGE_REFUSED },
      },
      handle: ({ list }, { links }) =>
        answer(
          (storeId, ctx) => list.execute(storeId, queryOf(ctx)),
          (page, ctx) => {
            const origin = links(ctx);
            return listDocument(ctx, links, page, (i) => integrationResource(i, origin));
          },
        ),
    },
    {
      method: 'get',
      path: '/v2/integrations/attributes',
      spec: {
        operationId: 'listIntegrationAttributes',
        summary: 'Get integration attributes',
        description:
          "The fields an integration takes, with their labels and limits, as EPCC's attribute endpoints describe a resource for forms. In EPCC's Postman collection; EPCC's OpenAPI document does not define it, so the shape is ours.",
        tag: TAG,
        access: 'admin',
        extension: true,
        success: {
          '200': {
            description: 'The fields.',
            content: jsonContent(
              closedObject({
                data: arrayOf(
                  closedObject({
                    label: text(1, 255),
                    value: text(1, 255),
                    type: oneOfStrings(['string', 'boolean', 'array']),
                    required: boolean,
                    description: text(1, 1024),
                  }),
                ),
              }),
            ),
          },
        },
      },
      handle: () => (ctx) => {
        ctx.body = { data: INTEGRATION_ATTRIBUTES };
      },
    },
    {
      method: 'get',
      path: '/v2/integrations/logs',
      spec: {
        operationId: 'listStoreIntegrationLogs',
        summary: "List the store's integration logs",
        description: `${EPCC} Every delivery attempt of every integration of the store, newest first.`,
        tag: TAG,
        access: 'admin',
        parameters: [...PAGING_PARAMETERS, parameterRef('IntegrationLogFilter')],
        success: { '200': { description: 'A page of logs.', content: jsonContent(logList) } },
        errors: { 400: FILTERED_PAGE_REFUSED },
      },
      handle: ({ logs }, { links }) =>
        answer((storeId, ctx) => logs.ofStore(storeId, queryOf(ctx)), logListDocument(links)),
    },
    {
      method: 'get',
      path: '/v2/integrations/{id}',
      pathParameters: [ID_PARAMETER],
      spec: {
        operationId: 'getIntegration',
        summary: 'Get an integration',
        description: EPCC,
        tag: TAG,
        access: 'admin',
        success: {
          '200': { description: 'The integration.', content: jsonContent(dataDocument(schemaRef('Integration'))) },
        },
        errors: { 404: NOT_FOUND },
      },
      handle: ({ get }, { links }) =>
        answer((storeId, ctx) => get.execute(storeId, idParam(ctx)), integrationBody(links)),
    },
    {
      method: 'put',
      path: '/v2/integrations/{id}',
      pathParameters: [ID_PARAMETER],
      spec: {
        operationId: 'updateIntegration',
        summary: 'Update an integration',
        description: `${EPCC} A partial update: fields left out keep their values. A new URL is checked as on create.`,
        tag: TAG,
        access: 'admin',
        requestBody: { description: 'The fields to change.', content: jsonContent(integrationChanges) },
        success: {
          '200': {
            description: 'The integration as it is now.',
            content: jsonContent(dataDocument(schemaRef('Integration'))),
          },
        },
        errors: {
          400: INVALID,
          404: NOT_FOUND,
          422: REFUSED,
          codes: { 422: ['integration_type_unsupported', 'receiver_refused'] },
        },
      },
      handle: ({ update }, { links }) =>
        answer(
          withData((data, storeId, ctx) => update.execute(storeId, idParam(ctx), data)),
          integrationBody(links),
        ),
    },
    {
      method: 'delete',
      path: '/v2/integrations/{id}',
      pathParameters: [ID_PARAMETER],
      spec: {
        operationId: 'deleteIntegration',
        summary: 'Delete an integration',
        description: `${EPCC} Answers 200 with no body, as EPCC does. Its jobs and logs go with it; nothing more is delivered for it.`,
        tag: TAG,
        access: 'admin',
        success: { '200': { description: 'Deleted; no body.' } },
        errors: { 404: NOT_FOUND },
      },
      handle: ({ remove }) =>
        answer(
          (storeId, ctx) => remove.execute(storeId, idParam(ctx)),
          () => '',
        ),
    },
    {
      method: 'get',
      path: '/v2/integrations/{id}/logs',
      pathParameters: [ID_PARAMETER],
      spec: {
        operationId: 'listIntegrationLogs',
        summary: "List an integration's logs",
        description: `${EPCC} Newest first.`,
        tag: TAG,
        access: 'admin',
        parameters: [...PAGING_PARAMETERS, parameterRef('IntegrationLogFilter')],
        success: { '200': { description: 'A page of logs.', content: jsonContent(logList) } },
        errors: {
          400: FILTERED_PAGE_REFUSED,
          404: NOT_FOUND,
        },
      },
      handle: ({ logs }, { links }) =>
        answer((storeId, ctx) => logs.ofIntegration(storeId, idParam(ctx), queryOf(ctx)), logListDocument(links)),
    },
    {
      method: 'get',
      path: '/v2/integrations/{id}/jobs',
      pathParameters: [ID_PARAMETER],
      spec: {
        operationId: 'listIntegrationJobs',
        summary: "List an integration's jobs",
        description: `${EPCC} One job per event the integration was to deliver, newest first.`,
        tag: TAG,
        access: 'admin',
        parameters: [...PAGING_PARAMETERS, parameterRef('IntegrationJobFilter')],
        success: {
          '200': {
            description: 'A page of jobs.',
            content: jsonContent(listResponseSchema(schemaRef('IntegrationJob'))),
          },
        },
        errors: {
          400: FILTERED_PAGE_REFUSED,
          404: NOT_FOUND,
        },
      },
      handle: ({ jobs }, { links }) =>
        answer(
          (storeId, ctx) => jobs.execute(storeId, idParam(ctx), queryOf(ctx)),
          (page, ctx) => listDocument(ctx, links, page, integrationJobResource),
        ),
    },
    {
      method: 'get',
      path: '/v2/integrations/{id}/jobs/{job_id}/logs',
      pathParameters: [ID_PARAMETER, JOB_ID],
      spec: {
        operationId: 'listIntegrationJobLogs',
        summary: "List a job's logs",
        description: `${EPCC} Every attempt at one job, newest first.`,
        tag: TAG,
        access: 'admin',
        parameters: [...PAGING_PARAMETERS, parameterRef('IntegrationLogFilter')],
        success: { '200': { description: 'A page of logs.', content: jsonContent(logList) } },
        errors: {
          400: FILTERED_PAGE_REFUSED,
          404: 'No integration of this store has this id, or it no job with this id.',
        },
      },
      handle: ({ logs }, { links }) =>
        answer(
          (storeId, ctx) => logs.ofJob(storeId, idParam(ctx), ctx.params['job_id'] ?? '', queryOf(ctx)),
          logListDocument(links),
        ),
    },
  ],
});
