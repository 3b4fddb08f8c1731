import { UseCaseModule } from '../use-case-module.js';
import * as IDEMPOTENCY_USE_CASES from './idempotency-use-cases.js';

/** Idempotent requests: a write answered once per Idempotency-Key. */
export const idempotencyModule = new UseCaseModule(IDEMPOTENCY_USE_CASES);
