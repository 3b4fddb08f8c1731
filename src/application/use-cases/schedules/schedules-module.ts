import { UseCaseModule } from '../use-case-module.js';
import * as SCHEDULES_USE_CASES from './schedules-use-cases.js';

/** Schedules: jobs submitted on a cron calendar. */
export const schedulesModule = new UseCaseModule(SCHEDULES_USE_CASES);
