import type Router from '@koa/router';
import * as E from 'fp-ts/lib/Either.js';
import type { DeleteJob } from '../../../application/use-cases/jobs/delete-job.js';
import type { GetJob } from '../../../application/use-cases/jobs/get-job.js';
import type { ListJobs } from '../../../application/use-cases/jobs/list-jobs.js';
import type { SubmitJob } from '../../../application/use-cases/jobs/job-use-cases.js';
import { jobResource } from './job-document.js';
import { idParam, principalOf, queryOf, respondWithError, type HttpState } from '../http-state.js';
import { requestData } from '../request-body.js';
import { listDocument } from '../routes/list-response.js';
import type { RouteContext } from '../routes/route-context.js';
import { bothPrefixes } from '../subscriptions/route-prefixes.js';

const COLLECTION = '/subscriptions/jobs';

/** `/subscriptions/jobs`: billing, tax and payment runs are the store's business, so reading them needs a client-credentials token too. */
export const jobRoutes = (
  router: Router<HttpState>,
  useCases: { readonly submit: SubmitJob; readonly list: ListJobs; readonly get: GetJob; readonly remove: DeleteJob },
  { guard, links }: RouteContext,
): void => {
  const item = `${COLLECTION}/:id`;
  router
    .post(bothPrefixes(COLLECTION), guard('write'), async (ctx) => {
      const data = requestData(ctx);
      const created = E.isLeft(data) ? data : await useCases.submit.execute(principalOf(ctx).storeId, data.right);
      if (E.isLeft(created)) return respondWithError(ctx, created.left);
      ctx.status = 201;
      ctx.body = { data: jobResource(created.right) };
    })
    .get(bothPrefixes(COLLECTION), guard('read'), async (ctx) => {
      const found = await useCases.list.execute(principalOf(ctx).storeId, queryOf(ctx));
      if (E.isLeft(found)) return respondWithError(ctx, found.left);
      ctx.body = listDocument(ctx, links, found.right, jobResource);
    })
    .get(bothPrefixes(item), guard('read'), async (ctx) => {
      const found = await useCases.get.execute(principalOf(ctx).storeId, idParam(ctx));
      if (E.isLeft(found)) return respondWithError(ctx, found.left);
      ctx.body = { data: jobResource(found.right) };
    })
    .delete(bothPrefixes(item), guard('write'), async (ctx) => {
      const deleted = await useCases.remove.execute(principalOf(ctx).storeId, idParam(ctx));
      if (E.isLeft(deleted)) return respondWithError(ctx, deleted.left);
      ctx.status = 204;
    });
};
