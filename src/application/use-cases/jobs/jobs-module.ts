import { UseCaseModule } from '../use-case-module.js';
import * as JOBS_USE_CASES from './jobs-use-cases.js';

/** Jobs: submitted, run lane by lane, resumed after a restart, listed and deleted. */
export const jobsModule = new UseCaseModule(JOBS_USE_CASES);
