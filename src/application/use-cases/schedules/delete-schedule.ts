import * as E from 'fp-ts/lib/Either.js';
import { inject, injectable } from 'inversify';
import type { DomainError } from '../../../domain/shared/errors.js';
import { parseUuid, type Uuid } from '../../../domain/shared/uuid.js';
import type { JobQueue } from '../../ports/jobs/job-queue.js';
import type { ScheduleRepository } from '../../ports/schedules/schedule-repository.js';
import { TOKENS } from '../../tokens.js';
import { deleteStoreRecord } from '../store-records.js';
import { RULES } from './schedules.js';

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
