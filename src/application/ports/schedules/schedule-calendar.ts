import type { ScheduleTiming } from '../../../domain/schedules/schedule-timing.js';

/** Reads cron specifications: whether one can fire at all, and when it fires next. */
export interface ScheduleCalendar {
  /** Why a five-field specification is not valid (a value out of range, a step of 0, 31 February), or undefined. */
  problemWith(specification: string): string | undefined;
  /**
   * The first instant strictly after `after` at which the schedule fires. Wall-clock times are read in the
   * schedule's time zone: a time skipped by a daylight-saving change fires once, shifted forward by the
   * change; a time repeated by one fires once, at its first occurrence.
   */
  nextFiringAfter(timing: ScheduleTiming, after: Date): Date;
}
