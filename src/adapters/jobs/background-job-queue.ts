import type { JobQueue } from '../../application/ports/jobs/job-queue.js';
import type { LaneRef } from '../../domain/jobs/job-lane.js';
import type { Uuid } from '../../domain/shared/uuid.js';

/** What a queue calls back: run a store's lane, and a schedule fell due at an instant. */
export interface JobWorker {
  runLane(lane: LaneRef): Promise<void>;
  scheduleDue(scheduleId: Uuid, scheduledFor: Date): Promise<void>;
}

/** The log lines a queue writes; a pino logger is one. */
export interface JobLog {
  info(fields: object, message: string): void;
  warn(fields: object, message: string): void;
  error(fields: object, message: string): void;
}

/**
 * A JobQueue that also runs what it carries: `start` begins taking work (requests made before are kept),
 * `stop` stops taking work and waits for the lane runs in progress. A process that dies instead leaves its
 * job `started` until the lease runs out; the recovery sweep then has it run again.
 */
export interface BackgroundJobQueue extends JobQueue {
  readonly kind: 'in-process' | 'redis';
  start(worker: JobWorker): Promise<void>;
  stop(): Promise<void>;
}
