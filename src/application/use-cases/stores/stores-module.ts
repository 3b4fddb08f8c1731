import { UseCaseModule } from '../use-case-module.js';
import * as STORES_USE_CASES from './stores-use-cases.js';

/** Stores: made, listed, given a rate limit, and the default store ensured. */
export const storesModule = new UseCaseModule(STORES_USE_CASES);
