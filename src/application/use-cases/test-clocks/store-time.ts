import { inject, injectable } from 'inversify';
import type { Uuid } from '../../../domain/shared/uuid.js';
import type { Clock } from '../../ports/system.js';
import type { StoreClock, TestClockRepository, TestClockSettings } from '../../ports/test-clocks/store-clock.js';
import { TOKENS } from '../../tokens.js';

/** Every store on one clock, with no test clocks: what a use case built by hand over a `Clock` reads. */
export const everyStoreOn = (clock: Clock): StoreClock => ({
  now: async () => clock.now(),
  heldAt: async () => undefined,
});

/** A store's time: its test clock's when test clocks are on and its has been set, the system's otherwise. */
@injectable()
export class StoreTime implements StoreClock {
  constructor(
    @inject(TOKENS.Clock) private readonly clock: Clock,
    @inject(TOKENS.TestClockSettings) private readonly settings: TestClockSettings,
    @inject(TOKENS.TestClockRepository) private readonly clocks: TestClockRepository,
  ) {}

  async now(storeId: Uuid): Promise<Date> {
    return (await this.heldAt(storeId)) ?? this.clock.now();
  }

  heldAt(storeId: Uuid): Promise<Date | undefined> {
    // Off, no store has a test clock: no read at all.
    return this.settings.enabled ? this.clocks.find(storeId) : Promise.resolve(undefined);
  }
}
