// The use cases of schedules, by the names the library exports them under: schedules-module.ts binds
// each of them, and src/index.ts re-exports this file whole. Use cases only (see UseCaseList).

export { CreateSchedule } from './create-schedule.js';
export { DeleteSchedule } from './delete-schedule.js';
export { FireSchedule } from './fire-schedule.js';
export { GetSchedule } from './get-schedule.js';
export { ListSchedules } from './list-schedules.js';
export { NextFirings } from './next-firings.js';
export { RegisterSchedules } from './register-schedules.js';
export { UpdateSchedule } from './update-schedule.js';
