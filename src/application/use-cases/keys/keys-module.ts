import { UseCaseModule } from '../use-case-module.js';
import * as KEYS_USE_CASES from './keys-use-cases.js';

/** Application keys: a store's client credentials and their rate-limit budgets. */
export const keysModule = new UseCaseModule(KEYS_USE_CASES);
