import type { ScheduleRepository } from '../../../../application/ports/schedules/schedule-repository.js';
import { SCHEDULES, type Schedule, type ScheduleAttributes } from '../../../../domain/schedules/schedule.js';
import type { Uuid } from '../../../../domain/shared/uuid.js';
import type { DatabaseHandle } from '../engine/open-database.js';
import type { KyselyOutbox } from '../integrations/kysely-outbox.js';
import { KyselyStoreRecordRepository } from '../kysely-store-record-repository.js';
import { oldestFirst } from '../sql/kysely-list.js';

export class KyselyScheduleRepository
  extends KyselyStoreRecordRepository<ScheduleAttributes>
  implements ScheduleRepository
{
  constructor(handle: DatabaseHandle, outbox?: KyselyOutbox) {
    super(handle, 'subscription_schedules', SCHEDULES, outbox);
  }

  async findAnywhere(id: Uuid): Promise<Schedule | undefined> {
    const row = await this.handle.db.selectFrom(this.table).selectAll().where('id', '=', id).executeTakeFirst();
    return row === undefined ? undefined : this.fromRow(row);
  }

  async listEveryStore(): Promise<readonly Schedule[]> {
    const rows = await oldestFirst(this.handle.db.selectFrom(this.table).selectAll()).execute();
    return rows.map((row) => this.fromRow(row));
  }
}
