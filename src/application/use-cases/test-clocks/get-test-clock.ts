import * as E from 'fp-ts/lib/Either.js';
import { inject, injectable } from 'inversify';
import { notFound } from '../../../domain/shared/errors.js';
import type { Uuid } from '../../../domain/shared/uuid.js';
import type { StoreTimeReading } from '../../../domain/test-clocks/test-clock.js';
import type { Clock } from '../../ports/system.js';
import type { StoreClock, TestClockSettings } from '../../ports/test-clocks/store-clock.js';
import { TOKENS } from '../../tokens.js';
import { type Result, TEST_CLOCKS_OFF } from './test-clocks.js';

/** `GET /v2/subscriptions/test-clock`: the store's time (the system's until its clock is set), and whether it is set. */
@injectable()
export class GetTestClock {
  constructor(
    @inject(TOKENS.TestClockSettings) private readonly settings: TestClockSettings,
    @inject(TOKENS.StoreClock) private readonly clock: StoreClock,
    @inject(TOKENS.Clock) private readonly system: Clock,
  ) {}

  async execute(storeId: Uuid): Result<StoreTimeReading> {
    if (!this.settings.enabled) return E.left(notFound(TEST_CLOCKS_OFF));
    const held = await this.clock.heldAt(storeId);
    return E.right(held === undefined ? { now: this.system.now(), set: false } : { now: held, set: true });
  }
}
