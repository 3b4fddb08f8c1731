import type Router from '@koa/router';
import * as E from 'fp-ts/lib/Either.js';
import type { AdvanceTestClock } from '../../../application/use-cases/test-clocks/advance-test-clock.js';
import type { GetTestClock } from '../../../application/use-cases/test-clocks/test-clock-use-cases.js';
import { testClockResource } from './test-clock-document.js';
import { principalOf, respondWithError, type HttpState } from '../http-state.js';
import type { RouteContext, UseCase } from '../routes/route-context.js';
import { bothPrefixes } from '../subscriptions/route-prefixes.js';

const PATH = '/subscriptions/test-clock';

export interface TestClockUseCases {
  readonly get: UseCase<GetTestClock>;
  readonly advance: UseCase<AdvanceTestClock>;
}

/** The store's test clock (an extension, `TEST_CLOCKS=on`; 404 otherwise): store administration, like its settings. */
export const testClockRoutes = (
  router: Router<HttpState>,
  { get, advance }: TestClockUseCases,
  { guard }: RouteContext,
): void => {
  router
    .get(bothPrefixes(PATH), guard('admin'), async (ctx) => {
      const now = await get.execute(principalOf(ctx).storeId);
      if (E.isLeft(now)) return respondWithError(ctx, now.left);
      ctx.body = { data: testClockResource(now.right) };
    })
    .put(bothPrefixes(PATH), guard('admin'), async (ctx) => {
      const now = await advance.execute(principalOf(ctx).storeId, ctx.request.body);
      if (E.isLeft(now)) return respondWithError(ctx, now.left);
      ctx.body = { data: testClockResource(now.right) };
    });
};
