import type Router from '@koa/router';
import * as E from 'fp-ts/lib/Either.js';
import type { Container } from 'inversify';
import { CreateApplicationKey } from '../../../application/use-cases/create-application-key.js';
import { DeleteApplicationKey } from '../../../application/use-cases/delete-application-key.js';
import { GetApplicationKey } from '../../../application/use-cases/get-application-key.js';
import { ListApplicationKeys } from '../../../application/use-cases/list-application-keys.js';
import { UpdateApplicationKey } from '../../../application/use-cases/update-application-key.js';
import { queryParams } from '../../../domain/query/query-params.js';
import { applicationKeyPath, applicationKeyResource } from '../documents/application-key-document.js';
import { listMeta } from '../documents/list-meta.js';
import { baseUrlOf, principalOf, respondWithError, type HttpContext, type HttpState } from '../http-state.js';
import { listLinks } from '../list-links.js';
import { requestData } from '../request-body.js';
import type { RouteContext } from './route-context.js';

const COLLECTION = '/v2/application-keys';

export const applicationKeyRoutes = (router: Router<HttpState>, container: Container, { guard, baseUrl }: RouteContext): void => {
  const create = container.get(CreateApplicationKey);
  const list = container.get(ListApplicationKeys);
  const get = container.get(GetApplicationKey);
  const update = container.get(UpdateApplicationKey);
  const remove = container.get(DeleteApplicationKey);
  const self = (ctx: HttpContext, id: string) => ({ self: `${baseUrlOf(ctx, baseUrl)}${applicationKeyPath(id)}` });

  router
    .post(COLLECTION, guard('admin'), async (ctx) => {
      const data = requestData(ctx);
      const created = E.isLeft(data) ? data : await create.execute(principalOf(ctx).storeId, data.right);
      if (E.isLeft(created)) return respondWithError(ctx, created.left);
      ctx.status = 201;
      ctx.body = { data: applicationKeyResource(created.right.key, created.right.clientSecret), links: self(ctx, created.right.key.id) };
    })
    .get(COLLECTION, guard('admin'), async (ctx) => {
      const found = await list.execute(principalOf(ctx).storeId, queryParams(new URLSearchParams(ctx.querystring)));
      if (E.isLeft(found)) return respondWithError(ctx, found.left);
      const { items, total, page, totalReservedRateLimit } = found.right;
      ctx.body = {
        data: items.map((key) => applicationKeyResource(key)),
        links: listLinks(baseUrlOf(ctx, baseUrl), COLLECTION, new URLSearchParams(ctx.querystring), page, total),
        meta: { ...listMeta(page, total), total_reserved_rate_limit: totalReservedRateLimit },
      };
    })
    .get(`${COLLECTION}/:id`, guard('admin'), async (ctx) => {
      const found = await get.execute(principalOf(ctx).storeId, ctx.params['id'] ?? '');
      if (E.isLeft(found)) return respondWithError(ctx, found.left);
      ctx.body = { data: applicationKeyResource(found.right), links: self(ctx, found.right.id) };
    })
    .put(`${COLLECTION}/:id`, guard('admin'), async (ctx) => {
      const data = requestData(ctx);
      const updated = E.isLeft(data) ? data : await update.execute(principalOf(ctx).storeId, ctx.params['id'] ?? '', data.right);
      if (E.isLeft(updated)) return respondWithError(ctx, updated.left);
      ctx.body = { data: applicationKeyResource(updated.right), links: self(ctx, updated.right.id) };
    })
    .delete(`${COLLECTION}/:id`, guard('admin'), async (ctx) => {
      const deleted = await remove.execute(principalOf(ctx).storeId, ctx.params['id'] ?? '');
      if (E.isLeft(deleted)) return respondWithError(ctx, deleted.left);
      ctx.status = 204;
    });
};
