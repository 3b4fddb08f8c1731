import * as E from 'fp-ts/lib/Either.js';
import { inject, injectable } from 'inversify';
import { type Schedule, timingOf } from '../../../domain/schedules/schedule.js';
import type { DomainError } from '../../../domain/shared/errors.js';
import type { Uuid } from '../../../domain/shared/uuid.js';
import type { JobQueue } from '../../ports/jobs/job-queue.js';
import type { ScheduleCalendar } from '../../ports/schedules/schedule-calendar.js';
import type { ScheduleRepository } from '../../ports/schedules/schedule-repository.js';
import type { Clock, IdGenerator } from '../../ports/system.js';
import { TOKENS } from '../../tokens.js';
import { createStoreRecord } from '../store-records.js';
import { rulesWith } from './schedules.js';

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
