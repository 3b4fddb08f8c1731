import type { ScheduleTiming } from '../../../domain/schedules/schedule-timing.js';
import type { ScheduleCalendar } from '../../ports/schedules/schedule-calendar.js';

/** The instants of a schedule after `from` and at or before `to`, oldest first, at most `most` of them. */
export function* instantsBetween(
  calendar: ScheduleCalendar,
  timing: ScheduleTiming,
  from: Date,
  to: Date,
  most: number,
): Generator<Date> {
  let after = from;
  for (let walked = 0; walked < most; walked += 1) {
    const next = calendar.nextFiringAfter(timing, after);
    if (next.getTime() > to.getTime()) return;
    yield next;
    after = next;
  }
}
