import type * as E from 'fp-ts/lib/Either.js';
import { inject, injectable } from 'inversify';
import type { Schedule } from '../../../domain/schedules/schedule.js';
import type { DomainError } from '../../../domain/shared/errors.js';
import type { Uuid } from '../../../domain/shared/uuid.js';
import type { ScheduleRepository } from '../../ports/schedules/schedule-repository.js';
import { TOKENS } from '../../tokens.js';
import { getStoreRecord } from '../store-records.js';
import { RULES } from './schedules.js';

@injectable()
export class GetSchedule {
  constructor(@inject(TOKENS.ScheduleRepository) private readonly records: ScheduleRepository) {}

  execute(storeId: Uuid, id: string): Promise<E.Either<DomainError, Schedule>> {
    return getStoreRecord(RULES, this.records, storeId, id);
  }
}
