import type Router from '@koa/router';
import * as E from 'fp-ts/lib/Either.js';
import type { ListIntegrationJobs } from '../../../application/use-cases/integrations/list-integration-jobs.js';
import type { ListIntegrationLogs } from '../../../application/use-cases/integrations/integration-logs.js';
import type { CreateIntegration } from '../../../application/use-cases/integrations/integrations.js';
import type { DeleteIntegration } from '../../../application/use-cases/integrations/delete-integration.js';
import type { GetIntegration } from '../../../application/use-cases/integrations/get-integration.js';
import type { ListIntegrations } from '../../../application/use-cases/integrations/list-integrations.js';
import type { UpdateIntegration } from '../../../application/use-cases/integrations/update-integration.js';
import { INTEGRATION_ATTRIBUTES } from '../../../domain/integrations/integration-attributes.js';
import type { Page } from '../../../domain/query/page.js';
import {
  INTEGRATIONS_PATH,
  integrationJobResource,
  integrationLogResource,
  integrationResource,
} from './integration-documents.js';
import { idParam, principalOf, queryOf, respondWithError, type HttpContext, type HttpState } from '../http-state.js';
import { requestData } from '../request-body.js';
import { listDocument } from '../routes/list-response.js';
import type { RouteContext, UseCase } from '../routes/route-context.js';

export interface IntegrationUseCases {
  readonly create: UseCase<CreateIntegration>;
  readonly list: UseCase<ListIntegrations>;
  readonly get: UseCase<GetIntegration>;
  readonly update: UseCase<UpdateIntegration>;
  readonly remove: UseCase<DeleteIntegration>;
  readonly logs: Pick<ListIntegrationLogs, 'ofStore' | 'ofIntegration' | 'ofJob'>;
  readonly jobs: UseCase<ListIntegrationJobs>;
}

/**
 * `/v2/integrations`: EPCC's Integrations API. An integration sends the store's data to a URL of its
 * choosing with a secret of its own, so every operation needs full access, as application keys do.
 * Create answers 200 and delete 200 with no body, as EPCC documents them.
 */
export const integrationRoutes = (
  router: Router<HttpState>,
  useCases: IntegrationUseCases,
  { guard, links }: RouteContext,
): void => {
  const item = `${INTEGRATIONS_PATH}/:id`;
  const logList = (ctx: HttpContext, found: Page<Parameters<typeof integrationLogResource>[0]>) => {
    const document = listDocument(ctx, links, found, integrationLogResource);
    // EPCC's log lists put the paging in `meta` itself and the count in `results`, beside our `meta.page`.
    return { ...document, meta: { ...document.meta, ...document.meta.page }, results: { total: found.total } };
  };
  router
    .post(INTEGRATIONS_PATH, guard('admin'), async (ctx) => {
      const data = requestData(ctx);
      const created = E.isLeft(data) ? data : await useCases.create.execute(principalOf(ctx).storeId, data.right);
      if (E.isLeft(created)) return respondWithError(ctx, created.left);
      ctx.status = 200;
      ctx.body = { data: integrationResource(created.right, links(ctx)) };
    })
    .get(INTEGRATIONS_PATH, guard('admin'), async (ctx) => {
      const found = await useCases.list.execute(principalOf(ctx).storeId, queryOf(ctx));
      if (E.isLeft(found)) return respondWithError(ctx, found.left);
      const origin = links(ctx);
      ctx.body = listDocument(ctx, links, found.right, (i) => integrationResource(i, origin));
    })
    // Before `/:id`, which would take `attributes` or `logs` for an id.
    .get(`${INTEGRATIONS_PATH}/attributes`, guard('admin'), (ctx) => {
      ctx.body = { data: INTEGRATION_ATTRIBUTES };
    })
    .get(`${INTEGRATIONS_PATH}/logs`, guard('admin'), async (ctx) => {
      const found = await useCases.logs.ofStore(principalOf(ctx).storeId, queryOf(ctx));
      if (E.isLeft(found)) return respondWithError(ctx, found.left);
      ctx.body = logList(ctx, found.right);
    })
    .get(item, guard('admin'), async (ctx) => {
      const found = await useCases.get.execute(principalOf(ctx).storeId, idParam(ctx));
      if (E.isLeft(found)) return respondWithError(ctx, found.left);
      ctx.body = { data: integrationResource(found.right, links(ctx)) };
    })
    .put(item, guard('admin'), async (ctx) => {
      const data = requestData(ctx);
      const updated = E.isLeft(data)
        ? data
        : await useCases.update.execute(principalOf(ctx).storeId, idParam(ctx), data.right);
      if (E.isLeft(updated)) return respondWithError(ctx, updated.left);
      ctx.body = { data: integrationResource(updated.right, links(ctx)) };
    })
    .delete(item, guard('admin'), async (ctx) => {
      const deleted = await useCases.remove.execute(principalOf(ctx).storeId, idParam(ctx));
      if (E.isLeft(deleted)) return respondWithError(ctx, deleted.left);
      ctx.status = 200;
      ctx.body = '';
    })
    .get(`${item}/logs`, guard('admin'), async (ctx) => {
      const found = await useCases.logs.ofIntegration(principalOf(ctx).storeId, idParam(ctx), queryOf(ctx));
      if (E.isLeft(found)) return respondWithError(ctx, found.left);
      ctx.body = logList(ctx, found.right);
    })
    .get(`${item}/jobs`, guard('admin'), async (ctx) => {
      const found = await useCases.jobs.execute(principalOf(ctx).storeId, idParam(ctx), queryOf(ctx));
      if (E.isLeft(found)) return respondWithError(ctx, found.left);
      ctx.body = listDocument(ctx, links, found.right, integrationJobResource);
    })
    .get(`${item}/jobs/:job_id/logs`, guard('admin'), async (ctx) => {
      const found = await useCases.logs.ofJob(
        principalOf(ctx).storeId,
        idParam(ctx),
        ctx.params['job_id'] ?? '',
        queryOf(ctx),
      );
      if (E.isLeft(found)) return respondWithError(ctx, found.left);
      ctx.body = logList(ctx, found.right);
    });
};
