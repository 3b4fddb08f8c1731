import type Router from '@koa/router';
import * as E from 'fp-ts/lib/Either.js';
import type { GetMerchantRealmMapping } from '../../../application/use-cases/realm-mappings/get-merchant-realm-mapping.js';
import type { UpdateMerchantRealmPrefix } from '../../../application/use-cases/realm-mappings/update-merchant-realm-prefix.js';
import { merchantRealmMappingResource } from './merchant-realm-mapping-document.js';
import { idParam, principalOf, respondWithError, type HttpState } from '../http-state.js';
import { requestData } from '../request-body.js';
import type { RouteContext, UseCase } from '../routes/route-context.js';

const COLLECTION = '/v2/merchant-realm-mappings';

export interface MerchantRealmMappingUseCases {
  readonly get: UseCase<GetMerchantRealmMapping>;
  readonly update: UseCase<UpdateMerchantRealmPrefix>;
}

export const merchantRealmMappingRoutes = (
  router: Router<HttpState>,
  { get, update }: MerchantRealmMappingUseCases,
  { guard }: RouteContext,
): void => {
  router
    .get(COLLECTION, guard('admin'), async (ctx) => {
      const found = await get.execute(principalOf(ctx).storeId);
      if (E.isLeft(found)) return respondWithError(ctx, found.left);
      ctx.body = { data: merchantRealmMappingResource(found.right) };
    })
    .get(`${COLLECTION}/:id`, guard('admin'), async (ctx) => {
      const found = await get.execute(principalOf(ctx).storeId, idParam(ctx));
      if (E.isLeft(found)) return respondWithError(ctx, found.left);
      ctx.body = { data: merchantRealmMappingResource(found.right) };
    })
    .put(`${COLLECTION}/:id`, guard('admin'), async (ctx) => {
      const data = requestData(ctx);
      const updated = E.isLeft(data) ? data : await update.execute(principalOf(ctx).storeId, idParam(ctx), data.right);
      if (E.isLeft(updated)) return respondWithError(ctx, updated.left);
      ctx.body = { data: merchantRealmMappingResource(updated.right) };
    });
};
