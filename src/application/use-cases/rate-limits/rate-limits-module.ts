import { UseCaseModule } from '../use-case-module.js';
import * as RATE_LIMITS_USE_CASES from './rate-limits-use-cases.js';

/** Admission of requests under a store's rate limits. */
export const rateLimitsModule = new UseCaseModule(RATE_LIMITS_USE_CASES);
