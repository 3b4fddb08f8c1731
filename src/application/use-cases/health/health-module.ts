import { UseCaseModule } from '../use-case-module.js';
import * as HEALTH_USE_CASES from './health-use-cases.js';

/** Health and readiness, as the service and its probes ask them. */
export const healthModule = new UseCaseModule(HEALTH_USE_CASES);
