import { Queue, type Job as QueueJob, Worker } from 'bullmq';
import type { Job } from '../../domain/jobs/job.js';
import { JOB_TYPES } from '../../domain/jobs/job.js';
import type { LaneRef } from '../../domain/jobs/job-lane.js';
import type { ScheduleTiming } from '../../domain/schedules/schedule-timing.js';
import { parseUuid, type Uuid } from '../../domain/shared/uuid.js';
import { CircuitBreaker } from '../resilience/circuit-breaker.js';
import type { BackgroundJobQueue, JobLog, JobWorker } from './background-job-queue.js';
import { RedisLink } from './redis-link.js';

export interface BullMqJobQueueOptions {
  readonly redisUrl: string;
  /** The queue's name; instances that share work use the same one. */
  readonly name?: string;
  /** How many lanes this instance runs at once. */
  readonly concurrency?: number;
  readonly log?: JobLog;
}

/**
 * Requests made while serving an HTTP request (enqueue a job, add or remove a schedule) give up after this
 * long, and after three failures in a row are not tried for a second: a stored job is enqueued again by the
 * recovery sweep, so a frozen Redis must not hold the request that stored it.
 */
export const QUEUE_COMMAND_TIMEOUT_MS = 250;
const QUEUE_CIRCUIT = { failuresToOpen: 3, openMs: 1000 } as const;

/** Thrown instead of asking a Redis that the circuit knows is away. */
export class JobQueueUnavailable extends Error {
  constructor() {
    super('the job queue cannot reach Redis; the recovery sweep enqueues stored jobs once it is back');
  }
}

/**
 * A worker holds the lock of the BullMQ job it runs for this long, renewing it every half; every worker checks
 * for jobs whose lock ran out (their instance died) this often and puts them back to be taken. Short, so that
 * a dead instance's run request is free again well before its job's lease in the database runs out (8 s by
 * default): the database lease, not this lock, decides who runs a job, so a lock lost under load costs
 * nothing but a lane run that finds the lane busy.
 */
const LOCK_DURATION_MS = 5000;
const STALLED_INTERVAL_MS = 2500;

const RUN = 'run-lane';
const FIRE = 'schedule-due';

interface RunData {
  readonly storeId: string;
  readonly lane: string;
}

// Finished queue entries are removed, so that the recovery sweep can enqueue a job id again.
const DONE = { removeOnComplete: true, removeOnFail: true } as const;

/** A BullMQ scheduler names each job it makes `repeat:<scheduler id>:<instant in ms>`: the instant it fell due. */
const dueInstant = (job: QueueJob): Date | undefined => {
  const millis = Number(job.id?.split(':').pop());
  return Number.isSafeInteger(millis) && millis > 0 ? new Date(millis) : undefined;
};

const laneOfData = (data: unknown): LaneRef | undefined => {
  const { storeId, lane } = (data ?? {}) as Partial<RunData>;
  const store = parseUuid(storeId);
  const kind = JOB_TYPES.find((t) => t === lane);
  return store === undefined || kind === undefined ? undefined : { storeId: store, lane: kind };
};

/**
 * Jobs and schedules shared by every instance through BullMQ on Redis. Each request to run a job is one
 * BullMQ job whose id is the job's id, so asking twice while it waits queues it once; the worker that takes
 * it runs the job's lane (the database decides which job and whether the lane is free). A schedule is a
 * BullMQ job scheduler named by the schedule id: whichever instance upserts it, each instant becomes one
 * BullMQ job that one worker takes.
 */
export class BullMqJobQueue implements BackgroundJobQueue {
  readonly kind = 'redis';
  private readonly queue: Queue;
  private worker: Worker | undefined;
  private readonly link: RedisLink;
  private readonly circuit: CircuitBreaker;

  constructor(private readonly options: BullMqJobQueueOptions) {
    this.link = new RedisLink(options.log);
    this.circuit = new CircuitBreaker({
      ...QUEUE_CIRCUIT,
      onStateChange: (to) =>
        to === 'open'
          ? this.link.lost(new Error('queue commands time out'))
          : to === 'closed'
            ? this.link.back()
            : undefined,
    });
    // Fail fast while disconnected instead of queueing commands until Redis is back.
    const connection = { url: options.redisUrl, enableOfflineQueue: false, commandTimeout: QUEUE_COMMAND_TIMEOUT_MS };
    this.queue = new Queue(options.name ?? 'commerce-core-jobs', { connection });
    this.watch(this.queue);
  }

  async enqueue(job: Pick<Job, 'id' | 'storeId' | 'jobType'>): Promise<void> {
    const data: RunData = { storeId: job.storeId, lane: job.jobType };
    await this.guarded(() => this.queue.add(RUN, data, { jobId: job.id, ...DONE }));
  }

  async upsertSchedule(scheduleId: Uuid, timing: ScheduleTiming): Promise<void> {
    await this.guarded(() =>
      this.queue.upsertJobScheduler(
        scheduleId,
        { pattern: timing.specification, tz: timing.location },
        { name: FIRE, data: { scheduleId }, opts: DONE },
      ),
    );
  }

  async removeSchedule(scheduleId: Uuid): Promise<void> {
    await this.guarded(() => this.queue.removeJobScheduler(scheduleId));
  }

  private async guarded(call: () => Promise<unknown>): Promise<void> {
    await this.circuit.run(call, () => {
      throw new JobQueueUnavailable();
    });
  }

  /** Errors and reconnections of a BullMQ connection, as the link's two log lines instead of one per failed poll. */
  private watch(emitter: Queue | Worker): void {
    (emitter as Queue).on('error', (err: Error) => this.link.lost(err));
    emitter.getBackend().on('ready', () => this.link.back());
  }

  async start(worker: JobWorker): Promise<void> {
    if (this.worker !== undefined) return;
    this.worker = new Worker(
      this.queue.name,
      async (job: QueueJob) => {
        if (job.name === FIRE) {
          const scheduleId = parseUuid((job.data as { scheduleId?: unknown }).scheduleId);
          const instant = dueInstant(job);
          if (scheduleId === undefined || instant === undefined)
            throw new Error(`a schedule job without a schedule id or instant: ${job.id ?? ''}`);
          await worker.scheduleDue(scheduleId, instant);
          return;
        }
        const lane = laneOfData(job.data);
        if (lane === undefined) throw new Error(`a run request without a store or lane: ${job.id ?? ''}`);
        await worker.runLane(lane);
      },
      // BullMQ's worker blocks on Redis and must retry its commands for as long as it takes.
      {
        connection: { url: this.options.redisUrl, maxRetriesPerRequest: null },
        concurrency: this.options.concurrency ?? 4,
        autorun: true,
        lockDuration: LOCK_DURATION_MS,
        stalledInterval: STALLED_INTERVAL_MS,
      },
    );
    this.watch(this.worker);
    this.worker.on('failed', (job, err) =>
      this.options.log?.error(
        { err, queue_job: job?.id },
        'a queued job request failed; the recovery sweep tries again',
      ),
    );
    await this.worker.waitUntilReady();
  }

  /** Waits for the lane runs in progress, then closes both connections. */
  async stop(): Promise<void> {
    await this.worker?.close();
    this.worker = undefined;
    await this.queue.close();
  }
}
