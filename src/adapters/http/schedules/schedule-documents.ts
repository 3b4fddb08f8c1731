import { SCHEDULE_TYPE, type Schedule } from '../../../domain/schedules/schedule.js';
import { formatTimestamp } from '../timestamps.js';

/** A schedule as it is shown: with the instant it fires next, on its store's clock (NextFirings). */
export interface FiringSchedule {
  readonly schedule: Schedule;
  readonly nextFiring: Date;
}

/** EPCC's shape: the timestamps in the attributes and in `meta`, and `meta.scheduled_for`, the next instant it fires. */
export const scheduleResource = ({ schedule, nextFiring }: FiringSchedule) => {
  const timestamps = {
    created_at: formatTimestamp(schedule.createdAt),
    updated_at: formatTimestamp(schedule.updatedAt),
  };
  return {
    id: schedule.id,
    type: SCHEDULE_TYPE,
    attributes: { ...schedule.attributes, ...timestamps },
    meta: { owner: 'store', timestamps, scheduled_for: formatTimestamp(nextFiring) },
  };
};
