import { TOKENS } from '../../tokens.js';
import { UseCaseModule } from '../use-case-module.js';
import { StoreTime } from './store-time.js';
import * as TEST_CLOCKS_USE_CASES from './test-clocks-use-cases.js';

/** Stores' test clocks, and the clock billing asks: a store's own, when test clocks are on. */
export const testClocksModule = new UseCaseModule(TEST_CLOCKS_USE_CASES, ({ bind }) => {
  bind(TOKENS.StoreClock).to(StoreTime).inSingletonScope();
});
