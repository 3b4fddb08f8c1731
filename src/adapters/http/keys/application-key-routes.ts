import type Router from '@koa/router';
import * as E from 'fp-ts/lib/Either.js';
import type { CreateApplicationKey } from '../../../application/use-cases/keys/create-application-key.js';
import type { DeleteApplicationKey } from '../../../application/use-cases/keys/delete-application-key.js';
import type { GetApplicationKey } from '../../../application/use-cases/keys/get-application-key.js';
import type { ListApplicationKeys } from '../../../application/use-cases/keys/list-application-keys.js';
import type { UpdateApplicationKey } from '../../../application/use-cases/keys/update-application-key.js';
import { applicationKeyPath, applicationKeyResource } from './application-key-document.js';
import { idParam, principalOf, queryOf, respondWithError, type HttpContext, type HttpState } from '../http-state.js';
import { requestData } from '../request-body.js';
import { answerShowingOnce } from '../shown-once.js';
import { listDocument } from '../routes/list-response.js';
import type { RouteContext, UseCase } from '../routes/route-context.js';

const COLLECTION = '/v2/application-keys';
/** A replay of the create (Idempotency-Key) leaves the secret out: it is never stored, not even for a day. */
const SHOWN_ONCE_SECRET = 'data.client_secret';

export interface ApplicationKeyUseCases {
  readonly create: UseCase<CreateApplicationKey>;
  readonly list: UseCase<ListApplicationKeys>;
  readonly get: UseCase<GetApplicationKey>;
  readonly update: UseCase<UpdateApplicationKey>;
  readonly remove: UseCase<DeleteApplicationKey>;
}

export const applicationKeyRoutes = (
  router: Router<HttpState>,
  { create, list, get, update, remove }: ApplicationKeyUseCases,
  { guard, links }: RouteContext,
): void => {
  const self = (ctx: HttpContext, id: string) => ({ self: `${links(ctx)}${applicationKeyPath(id)}` });

  router
    .post(COLLECTION, guard('admin'), async (ctx) => {
      const data = requestData(ctx);
      const created = E.isLeft(data) ? data : await create.execute(principalOf(ctx).storeId, data.right);
      if (E.isLeft(created)) return respondWithError(ctx, created.left);
      const document = {
        data: applicationKeyResource(created.right.key, created.right.clientSecret),
        links: self(ctx, created.right.key.id),
      };
      answerShowingOnce(ctx, 201, document, [SHOWN_ONCE_SECRET]);
    })
    .get(COLLECTION, guard('admin'), async (ctx) => {
      const found = await list.execute(principalOf(ctx).storeId, queryOf(ctx));
      if (E.isLeft(found)) return respondWithError(ctx, found.left);
      ctx.body = listDocument(ctx, links, found.right, (key) => applicationKeyResource(key), {
        total_reserved_rate_limit: found.right.totalReservedRateLimit,
      });
    })
    .get(`${COLLECTION}/:id`, guard('admin'), async (ctx) => {
      const found = await get.execute(principalOf(ctx).storeId, idParam(ctx));
      if (E.isLeft(found)) return respondWithError(ctx, found.left);
      ctx.body = { data: applicationKeyResource(found.right), links: self(ctx, found.right.id) };
    })
    .put(`${COLLECTION}/:id`, guard('admin'), async (ctx) => {
      const data = requestData(ctx);
      const updated = E.isLeft(data) ? data : await update.execute(principalOf(ctx).storeId, idParam(ctx), data.right);
      if (E.isLeft(updated)) return respondWithError(ctx, updated.left);
      ctx.body = { data: applicationKeyResource(updated.right), links: self(ctx, updated.right.id) };
    })
    .delete(`${COLLECTION}/:id`, guard('admin'), async (ctx) => {
      const deleted = await remove.execute(principalOf(ctx).storeId, idParam(ctx));
      if (E.isLeft(deleted)) return respondWithError(ctx, deleted.left);
      ctx.status = 204;
    });
};
