import * as E from 'fp-ts/lib/Either.js';
import { inject, injectable } from 'inversify';
import { issues, type DomainError } from '../../../domain/shared/errors.js';
import type { Uuid } from '../../../domain/shared/uuid.js';
import type { ScheduleTiming } from '../../../domain/schedules/schedule-timing.js';
import {
  SCHEDULES,
  timingOf,
  type Schedule,
  type ScheduleAttributes,
  type ScheduleChanges,
} from '../../../domain/schedules/schedule.js';
import type { JobQueue } from '../../ports/jobs/job-queue.js';
import type { ScheduleCalendar } from '../../ports/schedules/schedule-calendar.js';
import type { ScheduleRepository } from '../../ports/schedules/schedule-repository.js';
import type { Clock, IdGenerator } from '../../ports/system.js';
import { TOKENS } from '../../tokens.js';
import { instantsBetween } from './schedule-instants.js';
import { createStoreRecord, type StoreRecordRules } from '../store-records.js';

/*
 * A schedule is stored first and handed to the job queue after, so the queue never fires a schedule the
 * database does not hold; a hand-over lost with a failing queue is made again when the service starts
 * (RegisterSchedules), and a firing of a schedule deleted in between finds nothing and starts nothing.
 */

/** The domain checks a specification's form; the calendar, which reads it, what its fields hold. */
export const rulesWith = (calendar: ScheduleCalendar): StoreRecordRules<ScheduleAttributes, ScheduleChanges> => ({
  kind: SCHEDULES,
  takenCode: 'external_ref_taken',
  check: (attributes) => {
    const problem = calendar.problemWith(attributes.specification);
    return problem === undefined ? E.right(attributes) : E.left(issues('data.attributes.specification', problem));
  },
});
/** Reads and deletes take the stored record as it is. */
export const RULES: StoreRecordRules<ScheduleAttributes, ScheduleChanges> = {
  kind: SCHEDULES,
  takenCode: 'external_ref_taken',
};

const MINUTE = 60_000;
/**
 * How far back from now the latest missed instant is looked for, window after window: the first window
 * holding an instant holds few (a minutely schedule's is found within a minute, a yearly one's within a
 * year), so the walk through it is short whatever the schedule and however long the service was down.
 */
const LOOKBACKS = [
  MINUTE,
  60 * MINUTE,
  24 * 60 * MINUTE,
  32 * 24 * 60 * MINUTE,
  367 * 24 * 60 * MINUTE,
  5 * 367 * 24 * 60 * MINUTE,
  Number.POSITIVE_INFINITY,
];
/** Instants walked, at most, within one window (a bound against a calendar that fires more often than it should). */
const MOST_INSTANTS_WALKED = 10_000;

/** The latest instant of the schedule after `from` and at or before `to`, if there is one. */
export const latestInstantBetween = (
  calendar: ScheduleCalendar,
  timing: ScheduleTiming,
  from: Date,
  to: Date,
): Date | undefined => {
  for (const lookback of LOOKBACKS) {
    const start = new Date(Math.max(from.getTime(), to.getTime() - lookback));
    let latest: Date | undefined;
    for (const instant of instantsBetween(calendar, timing, start, to, MOST_INSTANTS_WALKED)) latest = instant;
    if (latest !== undefined || start.getTime() <= from.getTime()) return latest;
  }
  return undefined;
};

@injectable()
export class CreateSchedule {
  constructor(
    @inject(TOKENS.ScheduleRepository) private readonly records: ScheduleRepository,
    @inject(TOKENS.JobQueue) private readonly queue: JobQueue,
    @inject(TOKENS.ScheduleCalendar) private readonly calendar: ScheduleCalendar,
    @inject(TOKENS.Clock) private readonly clock: Clock,
    @inject(TOKENS.IdGenerator) private readonly ids: IdGenerator,
  ) {}

  async execute(storeId: Uuid, data: unknown): Promise<E.Either<DomainError, Schedule>> {
    const created = await createStoreRecord(
      rulesWith(this.calendar),
      this.records,
      { clock: this.clock, ids: this.ids },
      storeId,
      data,
    );
    if (E.isRight(created)) await this.queue.upsertSchedule(created.right.id, timingOf(created.right));
    return created;
  }
}
