import type Router from '@koa/router';
import * as E from 'fp-ts/lib/Either.js';
import type { Container } from 'inversify';
import { GetMerchantRealmMapping } from '../../../application/use-cases/get-merchant-realm-mapping.js';
import { UpdateMerchantRealmPrefix } from '../../../application/use-cases/update-merchant-realm-prefix.js';
import { merchantRealmMappingResource } from '../documents/merchant-realm-mapping-document.js';
import { principalOf, respondWithError, type HttpState } from '../http-state.js';
import { requestData } from '../request-body.js';
import type { RouteContext } from './route-context.js';

const COLLECTION = '/v2/merchant-realm-mappings';

export const merchantRealmMappingRoutes = (router: Router<HttpState>, container: Container, { guard }: RouteContext): void => {
  const get = container.get(GetMerchantRealmMapping);
  const update = container.get(UpdateMerchantRealmPrefix);

  router
    .get(COLLECTION, guard('admin'), async (ctx) => {
      const found = await get.execute(principalOf(ctx).storeId);
      if (E.isLeft(found)) return respondWithError(ctx, found.left);
      ctx.body = { data: merchantRealmMappingResource(found.right) };
    })
    .get(`${COLLECTION}/:id`, guard('admin'), async (ctx) => {
      const found = await get.execute(principalOf(ctx).storeId, ctx.params['id'] ?? '');
      if (E.isLeft(found)) return respondWithError(ctx, found.left);
      ctx.body = { data: merchantRealmMappingResource(found.right) };
    })
    .put(`${COLLECTION}/:id`, guard('admin'), async (ctx) => {
      const data = requestData(ctx);
      const updated = E.isLeft(data) ? data : await update.execute(principalOf(ctx).storeId, ctx.params['id'] ?? '', data.right);
      if (E.isLeft(updated)) return respondWithError(ctx, updated.left);
      ctx.body = { data: merchantRealmMappingResource(updated.right) };
    });
};
