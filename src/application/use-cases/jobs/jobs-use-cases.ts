// The use cases of jobs, by the names the library exports them under: jobs-module.ts binds
// each of them, and src/index.ts re-exports this file whole. Use cases only (see UseCaseList).
export { DeleteJob } from './delete-job.js';
export { GetJob } from './get-job.js';
export { ListJobs } from './list-jobs.js';
export { ResumeUnfinishedJobs } from './resume-unfinished-jobs.js';
export { RunLane } from './run-lane.js';
export { SubmitJob } from './submit-job.js';
export { SubmitScheduledJob } from './submit-scheduled-job.js';
