import type Router from '@koa/router';
import * as E from 'fp-ts/lib/Either.js';
import type { Container } from 'inversify';
import { GetStoreSettings, ResetStoreSettings, UpdateStoreSettings } from '../../../application/use-cases/store-settings.js';
import { settingsResource } from '../documents/settings-document.js';
import { principalOf, respondWithError, type HttpState } from '../http-state.js';
import { requestData } from '../request-body.js';
import type { RouteContext } from './route-context.js';

const PATH = '/v2/settings';

export const settingsRoutes = (router: Router<HttpState>, container: Container, { guard }: RouteContext): void => {
  const get = container.get(GetStoreSettings);
  const update = container.get(UpdateStoreSettings);
  const reset = container.get(ResetStoreSettings);

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
