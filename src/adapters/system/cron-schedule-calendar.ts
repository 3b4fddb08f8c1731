import { createRequire } from 'node:module';
import type { ScheduleCalendar } from '../../application/ports/schedules/schedule-calendar.js';
import type { ScheduleTiming } from '../../domain/schedules/schedule-timing.js';

const require = createRequire(import.meta.url);

/**
 * cron-parser, loaded when a schedule is first checked or timed rather than at every start: with the `luxon` it
 * brings, about 0.9 MiB of heap that a service without job schedules never uses.
 */
const cron = () => (require('cron-parser') as typeof import('cron-parser')).CronExpressionParser;

/**
 * cron-parser at the version BullMQ's job schedulers use, so that `meta.scheduled_for`, the in-process
 * queue and BullMQ agree on every instant, daylight-saving changes included.
 */
export const cronScheduleCalendar: ScheduleCalendar = {
  problemWith(specification: string): string | undefined {
    try {
      cron().parse(specification, { tz: 'UTC' });
      return undefined;
    } catch (error) {
      return `is not a valid cron specification: ${error instanceof Error ? error.message : String(error)}`;
    }
  },
  nextFiringAfter(timing: ScheduleTiming, after: Date): Date {
    return cron().parse(timing.specification, { currentDate: after, tz: timing.location }).next().toDate();
  },
};
