import { inject, injectable } from 'inversify';
import { type Schedule, timingOf } from '../../../domain/schedules/schedule.js';
import type { Uuid } from '../../../domain/shared/uuid.js';
import type { ScheduleCalendar } from '../../ports/schedules/schedule-calendar.js';
import type { StoreClock } from '../../ports/test-clocks/store-clock.js';
import { TOKENS } from '../../tokens.js';

/**
 * When a store's schedules fire next, on the clock that decides their firing: the store's. With its test
 * clock set, an instant fires when the clock is moved past it (AdvanceTestClock), so the next one is the
 * first after the time the clock holds; otherwise the first after real time, as the job queue fires it.
 */
@injectable()
export class NextFirings {
  constructor(
    @inject(TOKENS.StoreClock) private readonly storeClock: StoreClock,
    @inject(TOKENS.ScheduleCalendar) private readonly calendar: ScheduleCalendar,
  ) {}

  /** Reads the store's clock once; the function it gives answers for any of the store's schedules at that time. */
  async of(storeId: Uuid): Promise<(schedule: Schedule) => Date> {
    const now = await this.storeClock.now(storeId);
    return (schedule) => this.calendar.nextFiringAfter(timingOf(schedule), now);
  }
}
