import type { Schedule, ScheduleAttributes } from '../../../domain/schedules/schedule.js';
import type { Uuid } from '../../../domain/shared/uuid.js';
import type { StoreRecordRepository } from '../store-record-repository.js';

/** A store's schedules, stored like its other records of a kind, and found by id alone when one fires. */
export interface ScheduleRepository extends StoreRecordRepository<ScheduleAttributes> {
  /** The schedule with this id in whichever store: a firing carries only the schedule's id. */
  findAnywhere(id: Uuid): Promise<Schedule | undefined>;
  /** Every store's schedules, oldest first, to hand to the job queue at start-up (a store keeps a few, not thousands). */
  listEveryStore(): Promise<readonly Schedule[]>;
}
