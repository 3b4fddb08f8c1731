import type Router from '@koa/router';
import * as E from 'fp-ts/lib/Either.js';
import type { NextFirings } from '../../../application/use-cases/schedules/next-firings.js';
import type { Uuid } from '../../../domain/shared/uuid.js';
import type { DomainError } from '../../../domain/shared/errors.js';
import type { Schedule } from '../../../domain/schedules/schedule.js';
import { scheduleResource, type FiringSchedule } from './schedule-documents.js';
import type { HttpState } from '../http-state.js';
import { BILLING_ACCESS, recordRoutes, type RecordUseCases } from '../routes/record-routes.js';
import type { RouteContext } from '../routes/route-context.js';

/** Each schedule a use case answers with, beside the instant it fires next on its store's clock. */
const withNextFirings = (
  { create, list, get, update, remove }: RecordUseCases<Schedule>,
  nextFirings: NextFirings,
): RecordUseCases<FiringSchedule> => {
  const one = async (
    storeId: Uuid,
    result: E.Either<DomainError, Schedule>,
  ): Promise<E.Either<DomainError, FiringSchedule>> => {
    if (E.isLeft(result)) return result;
    const next = await nextFirings.of(storeId);
    return E.right({ schedule: result.right, nextFiring: next(result.right) });
  };
  return {
    create: { execute: async (storeId, data) => one(storeId, await create.execute(storeId, data)) },
    get: { execute: async (storeId, id) => one(storeId, await get.execute(storeId, id)) },
    update: { execute: async (storeId, id, data) => one(storeId, await update.execute(storeId, id, data)) },
    list: {
      execute: async (storeId, params) => {
        const page = await list.execute(storeId, params);
        if (E.isLeft(page)) return page;
        const next = await nextFirings.of(storeId);
        return E.right({
          ...page.right,
          items: page.right.items.map((schedule) => ({ schedule, nextFiring: next(schedule) })),
        });
      },
    },
    remove,
  };
};

/** `/subscriptions/schedules`: when the store's billing, tax and payment runs start, its own business like the runs themselves. */
export const scheduleRoutes = (
  router: Router<HttpState>,
  useCases: RecordUseCases<Schedule>,
  nextFirings: NextFirings,
  routes: RouteContext,
): void => {
  recordRoutes(
    router,
    routes,
    '/subscriptions/schedules',
    BILLING_ACCESS,
    withNextFirings(useCases, nextFirings),
    scheduleResource,
  );
};
