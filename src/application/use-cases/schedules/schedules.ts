import * as E from 'fp-ts/lib/Either.js';
import { inject, injectable } from 'inversify';
import type { Page } from '../../../domain/query/page.js';
import type { QueryParams } from '../../../domain/query/query-params.js';
import { issues, type DomainError } from '../../../domain/shared/errors.js';
import { parseUuid, type Uuid } from '../../../domain/shared/uuid.js';
import type { Job } from '../../../domain/jobs/job.js';
import type { ScheduleTiming } from '../../../domain/schedules/schedule-timing.js';
import { SubmitScheduledJob } from '../jobs/job-use-cases.js';
import {
  SCHEDULES,
  timingOf,
  type Schedule,
  type ScheduleAttributes,
  type ScheduleChanges,
} from '../../../domain/schedules/schedule.js';
import type { JobQueue } from '../../ports/jobs/job-queue.js';
import type { JobRepository } from '../../ports/jobs/job-repository.js';
import type { ScheduleCalendar } from '../../ports/schedules/schedule-calendar.js';
import type { ScheduleRepository } from '../../ports/schedules/schedule-repository.js';
import type { StoreRepository } from '../../ports/stores/store-repository.js';
import type { Clock, IdGenerator } from '../../ports/system.js';
import type { StoreClock } from '../../ports/test-clocks/store-clock.js';
import { TOKENS } from '../../tokens.js';
import { instantsBetween } from './schedule-instants.js';
import {
  createStoreRecord,
  deleteStoreRecord,
  getStoreRecord,
  listStoreRecords,
  updateStoreRecord,
  type StoreRecordRules,
} from '../store-records.js';

/*
 * A schedule is stored first and handed to the job queue after, so the queue never fires a schedule the
 * database does not hold; a hand-over lost with a failing queue is made again when the service starts
 * (RegisterSchedules), and a firing of a schedule deleted in between finds nothing and starts nothing.
 */

/** The domain checks a specification's form; the calendar, which reads it, what its fields hold. */
const rulesWith = (calendar: ScheduleCalendar): StoreRecordRules<ScheduleAttributes, ScheduleChanges> => ({
  kind: SCHEDULES,
  takenCode: 'external_ref_taken',
  check: (attributes) => {
    const problem = calendar.problemWith(attributes.specification);
    return problem === undefined ? E.right(attributes) : E.left(issues('data.attributes.specification', problem));
  },
});
/** Reads and deletes take the stored record as it is. */
const RULES: StoreRecordRules<ScheduleAttributes, ScheduleChanges> = {
  kind: SCHEDULES,
  takenCode: 'external_ref_taken',
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

@injectable()
export class GetSchedule {
  constructor(@inject(TOKENS.ScheduleRepository) private readonly records: ScheduleRepository) {}

  execute(storeId: Uuid, id: string): Promise<E.Either<DomainError, Schedule>> {
    return getStoreRecord(RULES, this.records, storeId, id);
  }
}

@injectable()
export class ListSchedules {
  constructor(
    @inject(TOKENS.ScheduleRepository) private readonly records: ScheduleRepository,
    @inject(TOKENS.StoreRepository) private readonly stores: StoreRepository,
  ) {}

  execute(storeId: Uuid, params: QueryParams): Promise<E.Either<DomainError, Page<Schedule>>> {
    return listStoreRecords(RULES, this.records, this.stores, storeId, params);
  }
}

/** A changed specification or time zone applies from the next instant on; a firing already due is not taken back. */
@injectable()
export class UpdateSchedule {
  constructor(
    @inject(TOKENS.ScheduleRepository) private readonly records: ScheduleRepository,
    @inject(TOKENS.JobQueue) private readonly queue: JobQueue,
    @inject(TOKENS.ScheduleCalendar) private readonly calendar: ScheduleCalendar,
    @inject(TOKENS.Clock) private readonly clock: Clock,
  ) {}

  async execute(storeId: Uuid, id: string, data: unknown): Promise<E.Either<DomainError, Schedule>> {
    const updated = await updateStoreRecord(rulesWith(this.calendar), this.records, this.clock, storeId, id, data);
    if (E.isRight(updated)) await this.queue.upsertSchedule(updated.right.id, timingOf(updated.right));
    return updated;
  }
}

@injectable()
export class DeleteSchedule {
  constructor(
    @inject(TOKENS.ScheduleRepository) private readonly records: ScheduleRepository,
    @inject(TOKENS.JobQueue) private readonly queue: JobQueue,
  ) {}

  async execute(storeId: Uuid, id: string): Promise<E.Either<DomainError, void>> {
    const deleted = await deleteStoreRecord(RULES, this.records, storeId, id);
    const scheduleId = parseUuid(id);
    if (E.isRight(deleted) && scheduleId !== undefined) await this.queue.removeSchedule(scheduleId);
    return deleted;
  }
}

/**
 * What a schedule does at one of its instants: start its job, once for that instant however many instances
 * saw it fire. A schedule deleted in the meantime starts nothing, and the queue is told to forget it; nor
 * does one of a store whose test clock is set (moving that clock fires its instants).
 */
@injectable()
export class FireSchedule {
  constructor(
    @inject(TOKENS.ScheduleRepository) private readonly records: ScheduleRepository,
    @inject(SubmitScheduledJob) private readonly submit: SubmitScheduledJob,
    @inject(TOKENS.JobQueue) private readonly queue: JobQueue,
    @inject(TOKENS.StoreClock) private readonly storeClock: StoreClock,
  ) {}

  async execute(scheduleId: Uuid, scheduledFor: Date): Promise<Job | undefined> {
    const schedule = await this.records.findAnywhere(scheduleId);
    if (schedule === undefined) {
      await this.queue.removeSchedule(scheduleId);
      return undefined;
    }
    // A store on a test clock lives on its own time: its schedules fire when its clock moves past them.
    if ((await this.storeClock.heldAt(schedule.storeId)) !== undefined) return undefined;
    return this.submit.execute(schedule.id, schedule.storeId, schedule.attributes.job.job_type, scheduledFor);
  }
}

/**
 * Hands every stored schedule to the job queue: at start-up, so schedules made on other instances or before
 * a restart fire here too. An instant a schedule missed while no instance ran (after its last job, and
 * after its last edit) fires once now: its latest one, as the run it starts catches up whatever the
 * instants before it would have.
 */
@injectable()
export class RegisterSchedules {
  constructor(
    @inject(TOKENS.ScheduleRepository) private readonly records: ScheduleRepository,
    @inject(TOKENS.JobQueue) private readonly queue: JobQueue,
    @inject(TOKENS.JobRepository) private readonly jobs: JobRepository,
    @inject(TOKENS.ScheduleCalendar) private readonly calendar: ScheduleCalendar,
    @inject(TOKENS.StoreClock) private readonly storeClock: StoreClock,
    @inject(FireSchedule) private readonly fire: FireSchedule,
  ) {}

  async execute(): Promise<number> {
    const schedules = await this.records.listEveryStore();
    for (const schedule of schedules) {
      await this.queue.upsertSchedule(schedule.id, timingOf(schedule));
      await this.catchUp(schedule);
    }
    return schedules.length;
  }

  private async catchUp(schedule: Schedule): Promise<void> {
    // A store on a test clock fires its instants when its clock moves.
    if ((await this.storeClock.heldAt(schedule.storeId)) !== undefined) return;
    const now = await this.storeClock.now(schedule.storeId);
    const last = await this.jobs.lastScheduledFor(schedule.id);
    const from = last === undefined || last < schedule.updatedAt ? schedule.updatedAt : last;
    const missed = latestInstantBetween(this.calendar, timingOf(schedule), from, now);
    if (missed !== undefined) await this.fire.execute(schedule.id, missed);
  }
}

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
const latestInstantBetween = (
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
