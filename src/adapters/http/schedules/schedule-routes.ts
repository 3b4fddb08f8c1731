import type Router from '@koa/router';
import type { ScheduleCalendar } from '../../../application/ports/schedules/schedule-calendar.js';
import type { Clock } from '../../../application/ports/system.js';
import type { Schedule } from '../../../domain/schedules/schedule.js';
import { scheduleResource } from './schedule-documents.js';
import type { HttpState } from '../http-state.js';
import { BILLING_ACCESS, recordRoutes, type RecordUseCases } from '../routes/record-routes.js';
import type { RouteContext } from '../routes/route-context.js';

/** `/subscriptions/schedules`: when the store's billing, tax and payment runs start, its own business like the runs themselves. */
export const scheduleRoutes = (
  router: Router<HttpState>,
  useCases: RecordUseCases<Schedule>,
  time: { readonly clock: Clock; readonly calendar: ScheduleCalendar },
  routes: RouteContext,
): void => {
  recordRoutes(router, routes, '/subscriptions/schedules', BILLING_ACCESS, useCases, (schedule) =>
    scheduleResource(schedule, time.calendar, time.clock.now()),
  );
};
