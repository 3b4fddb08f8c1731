import type Router from '@koa/router';
import * as E from 'fp-ts/lib/Either.js';
import type { GetAccountMembershipSettings } from '../../../application/use-cases/settings/account-membership-settings.js';
import type { UpdateAccountMembershipSettings } from '../../../application/use-cases/settings/update-account-membership-settings.js';
import { accountMembershipSettingsResource } from './settings-document.js';
import { principalOf, respondWithError, type HttpState } from '../http-state.js';
import { requestData } from '../request-body.js';
import type { RouteContext, UseCase } from '../routes/route-context.js';

/** EPCC's spelling, and the plural one of 0.1, kept for its clients. */
const PATHS = ['/v2/settings/account-membership', '/v2/settings/account-memberships'];

export interface AccountMembershipSettingsUseCases {
  readonly get: UseCase<GetAccountMembershipSettings>;
  readonly update: UseCase<UpdateAccountMembershipSettings>;
}

/** Store administration, as the other settings: implicit tokens get 403. */
export const accountMembershipSettingsRoutes = (
  router: Router<HttpState>,
  { get, update }: AccountMembershipSettingsUseCases,
  { guard }: RouteContext,
): void => {
  router
    .get(PATHS, guard('admin'), async (ctx) => {
      const settings = await get.execute(principalOf(ctx).storeId);
      if (E.isLeft(settings)) return respondWithError(ctx, settings.left);
      ctx.body = { data: accountMembershipSettingsResource(settings.right) };
    })
    .put(PATHS, guard('admin'), async (ctx) => {
      const data = requestData(ctx);
      const settings = E.isLeft(data) ? data : await update.execute(principalOf(ctx).storeId, data.right);
      if (E.isLeft(settings)) return respondWithError(ctx, settings.left);
      ctx.body = { data: accountMembershipSettingsResource(settings.right) };
    });
};
