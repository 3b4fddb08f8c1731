import type Router from '@koa/router';
import * as E from 'fp-ts/lib/Either.js';
import type { SetOfferingProrationPolicy } from '../../../application/use-cases/billing/offering-proration-policy.js';
import { PRORATION_POLICY_TYPE } from '../../../domain/billing/proration-policy.js';
import { idParam, principalOf, respondWithError, type HttpState } from '../http-state.js';
import { requestDataOrNull } from '../request-body.js';
import type { RouteContext, UseCase } from '../routes/route-context.js';
import { bothPrefixes } from '../subscriptions/route-prefixes.js';

/** EPCC's answer: the relationship that now holds (200), or no body when it was removed (204). */
export const offeringProrationRoutes = (
  router: Router<HttpState>,
  use: UseCase<SetOfferingProrationPolicy>,
  { guard }: RouteContext,
): void => {
  router.put(
    bothPrefixes('/subscriptions/offerings/:id/relationships/proration-policies'),
    guard('write'),
    async (ctx) => {
      const data = requestDataOrNull(ctx);
      const used = E.isLeft(data) ? data : await use.execute(principalOf(ctx).storeId, idParam(ctx), data.right);
      if (E.isLeft(used)) return respondWithError(ctx, used.left);
      if (used.right === undefined) {
        ctx.status = 204;
        return;
      }
      ctx.body = { data: { type: PRORATION_POLICY_TYPE, id: used.right } };
    },
  );
};
