import type Router from '@koa/router';
import * as E from 'fp-ts/lib/Either.js';
import type { GetStoreSettings } from '../../../application/use-cases/settings/store-settings.js';
import type { ResetStoreSettings } from '../../../application/use-cases/settings/reset-store-settings.js';
import type { UpdateStoreSettings } from '../../../application/use-cases/settings/update-store-settings.js';
import { settingsResource } from './settings-document.js';
import { principalOf, respondWithError, type HttpState } from '../http-state.js';
import { requestData } from '../request-body.js';
import type { RouteContext, UseCase } from '../routes/route-context.js';

const PATH = '/v2/settings';

export interface SettingsUseCases {
  readonly get: UseCase<GetStoreSettings>;
  readonly update: UseCase<UpdateStoreSettings>;
  readonly reset: UseCase<ResetStoreSettings>;
}

export const settingsRoutes = (
  router: Router<HttpState>,
  { get, update, reset }: SettingsUseCases,
  { guard }: RouteContext,
): void => {
  router
    .get(PATH, guard('admin'), async (ctx) => {
      const settings = await get.execute(principalOf(ctx).storeId);
      if (E.isLeft(settings)) return respondWithError(ctx, settings.left);
      ctx.body = { data: settingsResource(settings.right) };
    })
    .put(PATH, guard('admin'), async (ctx) => {
      const data = requestData(ctx);
      const settings = E.isLeft(data) ? data : await update.execute(principalOf(ctx).storeId, data.right);
      if (E.isLeft(settings)) return respondWithError(ctx, settings.left);
      ctx.body = { data: settingsResource(settings.right) };
    })
    .delete(PATH, guard('admin'), async (ctx) => {
      const settings = await reset.execute(principalOf(ctx).storeId);
      if (E.isLeft(settings)) return respondWithError(ctx, settings.left);
      ctx.status = 204;
    });
};
