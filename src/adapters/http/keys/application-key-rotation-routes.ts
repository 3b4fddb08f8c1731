import type Router from '@koa/router';
import * as E from 'fp-ts/lib/Either.js';
import type { RotateApplicationKeySecret } from '../../../application/use-cases/keys/rotate-application-key-secret.js';
import { applicationKeyPath, applicationKeyResource } from './application-key-document.js';
import { idParam, principalOf, respondWithError, type HttpState } from '../http-state.js';
import { requestData } from '../request-body.js';
import { answerShowingOnce } from '../shown-once.js';
import type { RouteContext, UseCase } from '../routes/route-context.js';

/** `POST /v2/application-keys/:id/rotate-secret`: the new secret once; an Idempotency-Key replay leaves it out. */
export const applicationKeyRotationRoutes = (
  router: Router<HttpState>,
  rotate: UseCase<RotateApplicationKeySecret>,
  { guard, links }: RouteContext,
): void => {
  router.post('/v2/application-keys/:id/rotate-secret', guard('admin'), async (ctx) => {
    const data = requestData(ctx);
    const rotated = E.isLeft(data) ? data : await rotate.execute(principalOf(ctx).storeId, idParam(ctx), data.right);
    if (E.isLeft(rotated)) return respondWithError(ctx, rotated.left);
    const { key, clientSecret } = rotated.right;
    ctx.set('Cache-Control', 'no-store');
    answerShowingOnce(
      ctx,
      200,
      {
        data: applicationKeyResource(key, clientSecret),
        links: { self: `${links(ctx)}${applicationKeyPath(key.id)}` },
      },
      ['data.client_secret'],
    );
  });
};
