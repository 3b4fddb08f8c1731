import { CronExpressionParser } from 'cron-parser';
import type { ScheduleCalendar } from '../../application/ports/schedules/schedule-calendar.js';
import type { ScheduleTiming } from '../../domain/schedules/schedule-timing.js';

/**
 * cron-parser at the version BullMQ's job schedulers use, so that `meta.scheduled_for`, the in-process
 * queue and BullMQ agree on every instant, daylight-saving changes included.
 */
export const cronScheduleCalendar: ScheduleCalendar = {
  problemWith(specification: string): string | undefined {
    try {
      CronExpressionParser.parse(specification, { tz: 'UTC' });
      return undefined;
    } catch (error) {
      return `is not a valid cron specification: ${error instanceof Error ? error.message : String(error)}`;
    }
  },
  nextFiringAfter(timing: ScheduleTiming, after: Date): Date {
    return CronExpressionParser.parse(timing.specification, { currentDate: after, tz: timing.location })
      .next()
      .toDate();
  },
};
