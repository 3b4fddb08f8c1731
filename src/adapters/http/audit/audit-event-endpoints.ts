import { GetAuditEvent } from '../../../application/use-cases/audit/get-audit-event.js';
import { ListAuditEvents } from '../../../application/use-cases/audit/list-audit-events.js';
import { AUDIT_EVENT_LIST } from '../../../domain/audit/audit-event-query.js';
import { concept } from '../endpoints/endpoint.js';
import { answer } from '../endpoints/handlers.js';
import { idParam, queryOf } from '../http-state.js';
import {
  FILTERED_PAGE_REFUSED,
  ID_PARAMETER,
  jsonContent,
  listResponseSchema,
  PAGING_PARAMETERS,
} from '../openapi/operation-builder.js';
import { dataDocument, parameterRef, schemaRef } from '../openapi/schema-builders.js';
import { filterParameter } from '../openapi/shared-components.js';
import { listDocument } from '../routes/list-response.js';
import type { UseCase } from '../routes/route-context.js';
import { auditEventResource } from './audit-event-documents.js';
import { AUDIT_EVENT_SCHEMAS, EXTENSION, NOT_FOUND, TAG } from './audit-event-schemas.js';

interface AuditUseCases {
  readonly list: UseCase<ListAuditEvents>;
  readonly get: UseCase<GetAuditEvent>;
}

const ADMIN = 'The trail shows every change of the store, so reading it needs admin access.';

/** `/v2/audit-events`: the store's audit trail, read only; storage writes it with each change. */
export const AUDIT_EVENT_ENDPOINTS = concept<AuditUseCases>({
  useCases: ({ use }) => ({ list: use(ListAuditEvents), get: use(GetAuditEvent) }),
  schemas: AUDIT_EVENT_SCHEMAS,
  parameters: { AuditEventFilter: filterParameter(AUDIT_EVENT_LIST) },
  endpoints: [
    {
      method: 'get',
      path: '/v2/audit-events',
      spec: {
        operationId: 'listAuditEvents',
        summary: 'List audit events',
        description: `${EXTENSION} Newest first. ${ADMIN}`,
        tag: TAG,
        access: 'admin',
        extension: true,
        parameters: [...PAGING_PARAMETERS, parameterRef('AuditEventFilter')],
        success: {
          '200': {
            description: 'A page of audit events.',
            content: jsonContent(listResponseSchema(schemaRef('AuditEvent'))),
          },
        },
        errors: { 400: FILTERED_PAGE_REFUSED },
      },
      handle: ({ list }, { links }) =>
        answer(
          (storeId, ctx) => list.execute(storeId, queryOf(ctx)),
          (page, ctx) => {
            const origin = links(ctx);
            return listDocument(ctx, links, page, (event) => auditEventResource(event, origin));
          },
        ),
    },
    {
      method: 'get',
      path: '/v2/audit-events/{id}',
      pathParameters: [ID_PARAMETER],
      spec: {
        operationId: 'getAuditEvent',
        summary: 'Get an audit event',
        description: `${EXTENSION} ${ADMIN}`,
        tag: TAG,
        access: 'admin',
        extension: true,
        success: {
          '200': { description: 'The audit event.', content: jsonContent(dataDocument(schemaRef('AuditEvent'))) },
        },
        errors: { 404: NOT_FOUND },
      },
      handle: ({ get }, { links }) =>
        answer(
          (storeId, ctx) => get.execute(storeId, idParam(ctx)),
          (event, ctx) => ({ data: auditEventResource(event, links(ctx)) }),
        ),
    },
  ],
});
