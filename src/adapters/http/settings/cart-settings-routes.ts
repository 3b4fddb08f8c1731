import type Router from '@koa/router';
import * as E from 'fp-ts/lib/Either.js';
import type { GetCartSettings } from '../../../application/use-cases/settings/cart-settings.js';
import type { UpdateCartSettings } from '../../../application/use-cases/settings/update-cart-settings.js';
import { cartSettingsResource } from './settings-document.js';
import { principalOf, respondWithError, type HttpState } from '../http-state.js';
import { requestData } from '../request-body.js';
import type { RouteContext, UseCase } from '../routes/route-context.js';

const PATH = '/v2/settings/cart';

export interface CartSettingsUseCases {
  readonly get: UseCase<GetCartSettings>;
  readonly update: UseCase<UpdateCartSettings>;
}

/** Store administration, as the other settings: implicit tokens get 403. */
export const cartSettingsRoutes = (
  router: Router<HttpState>,
  { get, update }: CartSettingsUseCases,
  { guard }: RouteContext,
): void => {
  router
    .get(PATH, guard('admin'), async (ctx) => {
      const settings = await get.execute(principalOf(ctx).storeId);
      if (E.isLeft(settings)) return respondWithError(ctx, settings.left);
      ctx.body = { data: cartSettingsResource(settings.right) };
    })
    .put(PATH, guard('admin'), async (ctx) => {
      const data = requestData(ctx);
      const settings = E.isLeft(data) ? data : await update.execute(principalOf(ctx).storeId, data.right);
      if (E.isLeft(settings)) return respondWithError(ctx, settings.left);
      ctx.body = { data: cartSettingsResource(settings.right) };
    });
};
