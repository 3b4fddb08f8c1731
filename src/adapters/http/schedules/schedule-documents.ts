import { SCHEDULE_TYPE, timingOf, type Schedule } from '../../../domain/schedules/schedule.js';
import type { ScheduleCalendar } from '../../../application/ports/schedules/schedule-calendar.js';
import { formatTimestamp } from '../timestamps.js';

/** EPCC's shape: the timestamps in the attributes and in `meta`, and `meta.scheduled_for`, the next instant it fires after `now`. */
export const scheduleResource = (schedule: Schedule, calendar: ScheduleCalendar, now: Date) => {
  const timestamps = {
    created_at: formatTimestamp(schedule.createdAt),
    updated_at: formatTimestamp(schedule.updatedAt),
  };
  return {
    id: schedule.id,
    type: SCHEDULE_TYPE,
    attributes: { ...schedule.attributes, ...timestamps },
    meta: {
      owner: 'store',
      timestamps,
      scheduled_for: formatTimestamp(calendar.nextFiringAfter(timingOf(schedule), now)),
    },
  };
};
