import * as E from 'fp-ts/lib/Either.js';
import { inject, injectable } from 'inversify';
import { timingOf } from '../../../domain/schedules/schedule.js';
import { notFound, unprocessable, validationFailed } from '../../../domain/shared/errors.js';
import type { Uuid } from '../../../domain/shared/uuid.js';
import { MAX_INSTANTS_PER_MOVE, moveOf, parseTestClockMove } from '../../../domain/test-clocks/test-clock.js';
import type { ScheduleCalendar } from '../../ports/schedules/schedule-calendar.js';
import type { ScheduleRepository } from '../../ports/schedules/schedule-repository.js';
import type { StoreClock, TestClockRepository, TestClockSettings } from '../../ports/test-clocks/store-clock.js';
import { TOKENS } from '../../tokens.js';
import { SubmitScheduledJob } from '../jobs/submit-scheduled-job.js';
import { instantsBetween } from '../schedules/schedule-instants.js';
import { MOVE_ATTEMPTS, type Result, TEST_CLOCKS_OFF } from './test-clocks.js';

/**
 * `PUT /v2/subscriptions/test-clock`: moves the store's clock forward to a time and holds it there. Every
 * instant of the store's schedules that the move passes fires once, as it would have in real time (at
 * most `MAX_INSTANTS_PER_MOVE` per schedule); the jobs they start run at the clock's new time.
 */
@injectable()
export class AdvanceTestClock {
  constructor(
    @inject(TOKENS.TestClockSettings) private readonly settings: TestClockSettings,
    @inject(TOKENS.TestClockRepository) private readonly clocks: TestClockRepository,
    @inject(TOKENS.StoreClock) private readonly clock: StoreClock,
    @inject(TOKENS.ScheduleRepository) private readonly schedules: ScheduleRepository,
    @inject(TOKENS.ScheduleCalendar) private readonly calendar: ScheduleCalendar,
    @inject(SubmitScheduledJob) private readonly submit: SubmitScheduledJob,
  ) {}

  async execute(storeId: Uuid, body: unknown): Result<Date> {
    if (!this.settings.enabled) return E.left(notFound(TEST_CLOCKS_OFF));
    const to = parseTestClockMove(body);
    if (E.isLeft(to)) return E.left(validationFailed(to.left));
    for (let attempt = 0; attempt < MOVE_ATTEMPTS; attempt += 1) {
      const held = await this.clocks.find(storeId);
      const move = moveOf(held ?? (await this.clock.now(storeId)), to.right);
      if (E.isLeft(move)) return E.left(unprocessable(move.left, 'test_clock_backwards'));
      if (await this.clocks.move(storeId, held, move.right.to)) {
        await this.firePassedInstants(storeId, move.right.from, move.right.to);
        return E.right(move.right.to);
      }
    }
    return E.left(
      unprocessable(
        'the test clock was moved by another request meanwhile; read it and try again',
        'test_clock_backwards',
      ),
    );
  }

  private async firePassedInstants(storeId: Uuid, from: Date, to: Date): Promise<void> {
    const schedules = (await this.schedules.listEveryStore()).filter((s) => s.storeId === storeId);
    for (const schedule of schedules) {
      for (const instant of instantsBetween(this.calendar, timingOf(schedule), from, to, MAX_INSTANTS_PER_MOVE)) {
        await this.submit.execute(schedule.id, storeId, schedule.attributes.job.job_type, instant);
      }
    }
  }
}
