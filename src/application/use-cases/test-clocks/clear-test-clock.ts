import * as E from 'fp-ts/lib/Either.js';
import { inject, injectable } from 'inversify';
import { notFound, unprocessable } from '../../../domain/shared/errors.js';
import type { Uuid } from '../../../domain/shared/uuid.js';
import { clearOf, type StoreTimeReading } from '../../../domain/test-clocks/test-clock.js';
import type { Clock } from '../../ports/system.js';
import type { TestClockRepository, TestClockSettings } from '../../ports/test-clocks/store-clock.js';
import { TOKENS } from '../../tokens.js';
import { MOVE_ATTEMPTS, type Result, TEST_CLOCKS_OFF } from './test-clocks.js';

/**
 * `DELETE /v2/subscriptions/test-clock`: the store follows the system's time again, once that is no move
 * back (a clock set ahead is refused until the system's time reaches it). A clock never set stays so.
 */
@injectable()
export class ClearTestClock {
  constructor(
    @inject(TOKENS.TestClockSettings) private readonly settings: TestClockSettings,
    @inject(TOKENS.TestClockRepository) private readonly clocks: TestClockRepository,
    @inject(TOKENS.Clock) private readonly system: Clock,
  ) {}

  async execute(storeId: Uuid): Result<StoreTimeReading> {
    if (!this.settings.enabled) return E.left(notFound(TEST_CLOCKS_OFF));
    for (let attempt = 0; attempt < MOVE_ATTEMPTS; attempt += 1) {
      const now = this.system.now();
      const cleared = clearOf(await this.clocks.find(storeId), now);
      if (E.isLeft(cleared)) return E.left(unprocessable(cleared.left, 'test_clock_backwards'));
      if (cleared.right === undefined || (await this.clocks.clear(storeId, cleared.right)))
        return E.right({ now, set: false });
    }
    return E.left(
      unprocessable(
        'the test clock was moved by another request meanwhile; read it and try again',
        'test_clock_backwards',
      ),
    );
  }
}
