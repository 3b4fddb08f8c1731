import { type StoreTimeReading, TEST_CLOCK_TYPE } from '../../../domain/test-clocks/test-clock.js';
import { formatTimestamp } from '../timestamps.js';

/** `{"type":"subscription_test_clock","attributes":{"now":...,"set":...}}`: the store's time, and whether its clock holds it. */
export const testClockResource = ({ now, set }: StoreTimeReading) => ({
  type: TEST_CLOCK_TYPE,
  attributes: { now: formatTimestamp(now), set },
});
