import { inject, injectable } from 'inversify';
import { type Schedule, timingOf } from '../../../domain/schedules/schedule.js';
import type { JobQueue } from '../../ports/jobs/job-queue.js';
import type { JobRepository } from '../../ports/jobs/job-repository.js';
import type { ScheduleCalendar } from '../../ports/schedules/schedule-calendar.js';
import type { ScheduleRepository } from '../../ports/schedules/schedule-repository.js';
import type { StoreClock } from '../../ports/test-clocks/store-clock.js';
import { TOKENS } from '../../tokens.js';
import { FireSchedule } from './fire-schedule.js';
import { latestInstantBetween } from './schedules.js';

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
