import { TEST_CLOCK_TYPE } from '../../../domain/test-clocks/test-clock.js';
import { formatTimestamp } from '../timestamps.js';

/** `{"type":"subscription_test_clock","attributes":{"now":...}}`: the store's time. */
export const testClockResource = (now: Date) => ({ type: TEST_CLOCK_TYPE, attributes: { now: formatTimestamp(now) } });
