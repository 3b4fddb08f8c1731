import type { ScheduleRepository } from '../../../../application/ports/schedules/schedule-repository.js';
import { oldestFirst } from '../../../../domain/query/order.js';
import { SCHEDULES, type Schedule, type ScheduleAttributes } from '../../../../domain/schedules/schedule.js';
import type { Uuid } from '../../../../domain/shared/uuid.js';
import { InMemoryStoreRecordRepository } from '../in-memory-store-record-repository.js';
import type { InMemoryOutbox } from '../integrations/in-memory-outbox.js';

export class InMemoryScheduleRepository
  extends InMemoryStoreRecordRepository<ScheduleAttributes>
  implements ScheduleRepository
{
  constructor(records: Map<string, Schedule>, outbox?: InMemoryOutbox) {
    super(records, SCHEDULES, undefined, outbox);
  }

  async findAnywhere(id: Uuid): Promise<Schedule | undefined> {
    return this.records.get(id);
  }

  async listEveryStore(): Promise<readonly Schedule[]> {
    return [...this.records.values()].sort(oldestFirst);
  }
}
