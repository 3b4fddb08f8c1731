import type { Uuid } from '../../../domain/shared/uuid.js';

/**
 * A store's time: what everything its billing takes as "now" reads (creation and state timestamps,
 * periods, go-live, billing, tax and payment runs, dunning intervals, schedules). It is the system's
 * time, unless the store's test clock holds it. Tokens, rate limits, leases and timeouts keep real time.
 */
export interface StoreClock {
  now(storeId: Uuid): Promise<Date>;
  /** The time the store's test clock holds, when test clocks are on and the store's has been set. */
  heldAt(storeId: Uuid): Promise<Date | undefined>;
}

/** Whether the service runs with test clocks (`TEST_CLOCKS=on`); off, every store reads the system's time. */
export interface TestClockSettings {
  readonly enabled: boolean;
}

/** Where stores' test clocks are kept, shared by every instance. */
export interface TestClockRepository {
  /** The time the store's clock holds, or undefined while it has never been set. */
  find(storeId: Uuid): Promise<Date | undefined>;
  /**
   * Sets the store's clock to `to` if it still reads `from` (undefined: never set), atomically across
   * instances; says whether it did (another move got there first when it did not).
   */
  move(storeId: Uuid, from: Date | undefined, to: Date): Promise<boolean>;
  /**
   * Forgets the store's clock if it still reads `from`, atomically across instances, so that the store
   * reads the system's time again; says whether it did (another move got there first when it did not).
   */
  clear(storeId: Uuid, from: Date): Promise<boolean>;
}
