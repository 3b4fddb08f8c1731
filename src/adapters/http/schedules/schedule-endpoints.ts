import * as E from 'fp-ts/lib/Either.js';
import { CreateSchedule } from '../../../application/use-cases/schedules/create-schedule.js';
import { DeleteSchedule } from '../../../application/use-cases/schedules/delete-schedule.js';
import { GetSchedule } from '../../../application/use-cases/schedules/get-schedule.js';
import { ListSchedules } from '../../../application/use-cases/schedules/list-schedules.js';
import { NextFirings } from '../../../application/use-cases/schedules/next-firings.js';
import { UpdateSchedule } from '../../../application/use-cases/schedules/update-schedule.js';
import type { Schedule } from '../../../domain/schedules/schedule.js';
import type { DomainError } from '../../../domain/shared/errors.js';
import type { Uuid } from '../../../domain/shared/uuid.js';
import { BY_EXTERNAL_REF_LIST } from '../../../domain/store-records/store-record.js';
import { SCHEDULE_OPERATIONS } from '../billing/billing-policy-operations.js';
import { concept } from '../endpoints/endpoint.js';
import { filterParameter } from '../openapi/shared-components.js';
import { type RecordUseCases, recordEndpoints } from '../routes/record-endpoints.js';
import { type FiringSchedule, scheduleResource } from './schedule-documents.js';

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
export const SCHEDULE_ENDPOINTS = concept<RecordUseCases<FiringSchedule>>({
  useCases: ({ use }) =>
    withNextFirings(
      {
        create: use(CreateSchedule),
        list: use(ListSchedules),
        get: use(GetSchedule),
        update: use(UpdateSchedule),
        remove: use(DeleteSchedule),
      },
      use(NextFirings),
    ),
  parameters: { ScheduleFilter: filterParameter(BY_EXTERNAL_REF_LIST) },
  endpoints: recordEndpoints(SCHEDULE_OPERATIONS, (u: RecordUseCases<FiringSchedule>) => u, scheduleResource),
});
