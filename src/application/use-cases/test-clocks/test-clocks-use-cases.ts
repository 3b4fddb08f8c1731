// The use cases of test clocks, by the names the library exports them under: test-clocks-module.ts binds
// each of them, and src/index.ts re-exports this file whole. Use cases only (see UseCaseList).
export { AdvanceTestClock } from './advance-test-clock.js';
export { ClearTestClock } from './clear-test-clock.js';
export { GetTestClock } from './get-test-clock.js';
