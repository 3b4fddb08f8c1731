import * as E from 'fp-ts/lib/Either.js';
import { inject, injectable } from 'inversify';
import { type Schedule, timingOf } from '../../../domain/schedules/schedule.js';
import type { DomainError } from '../../../domain/shared/errors.js';
import type { Uuid } from '../../../domain/shared/uuid.js';
import type { JobQueue } from '../../ports/jobs/job-queue.js';
import type { ScheduleCalendar } from '../../ports/schedules/schedule-calendar.js';
import type { ScheduleRepository } from '../../ports/schedules/schedule-repository.js';
import type { Clock } from '../../ports/system.js';
import { TOKENS } from '../../tokens.js';
import { updateStoreRecord } from '../store-records.js';
import { rulesWith } from './schedules.js';

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
