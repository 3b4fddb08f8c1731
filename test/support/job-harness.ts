import * as E from 'fp-ts/lib/Either.js';
import { pino } from 'pino';
import type { BackgroundJobQueue } from '../../src/adapters/jobs/background-job-queue.js';
import { type RunningJobs, startJobs } from '../../src/adapters/jobs/start-jobs.js';
import type { JobHandler, JobHandlers, JobRun } from '../../src/application/ports/jobs/job-handler.js';
import { TOKENS } from '../../src/application/tokens.js';
import { CreateStore } from '../../src/application/use-cases/stores/create-store.js';
import { buildContainer, type Persistence } from '../../src/container.js';
import type { Job, JobReport } from '../../src/domain/jobs/job.js';
import { jobTimingFor } from '../../src/domain/jobs/job-lane.js';
import type { DomainError } from '../../src/domain/shared/errors.js';
import type { Uuid } from '../../src/domain/shared/uuid.js';
import { LogCapture } from './test-api.js';

/** A promise resolved from outside: a handler waits on it, so a test decides when a job may end. */
export class Gate {
  readonly opened: Promise<void>;
  open!: () => void;
  constructor() {
    this.opened = new Promise((resolve) => (this.open = resolve));
  }
}

/** A handler that records its runs and waits for its gate (open unless a test holds it). */
export class RecordingHandler implements JobHandler {
  readonly runs: JobRun[] = [];
  readonly active = new Set<Uuid>();
  gate: Gate | undefined;
  private readonly waiters: (() => void)[] = [];
  constructor(
    private readonly result: (run: JobRun) => Promise<E.Either<DomainError, JobReport>> = async (run) =>
      E.right({ ran: run.job.id }),
  ) {}

  async run(run: JobRun): Promise<E.Either<DomainError, JobReport>> {
    this.runs.push(run);
    this.active.add(run.job.id);
    for (const wake of this.waiters.splice(0)) wake();
    try {
      await this.gate?.opened;
      return await this.result(run);
    } finally {
      this.active.delete(run.job.id);
    }
  }

  /** Resolves once `n` runs have started. */
  async started(n: number): Promise<void> {
    while (this.runs.length < n) await new Promise<void>((resolve) => this.waiters.push(resolve));
  }
}

/** Polls until `check` holds; a test that never sees it fails by its own timeout, not by a time limit here. */
export const eventually = async <A>(read: () => Promise<A>, check: (a: A) => boolean): Promise<A> => {
  for (;;) {
    const value = await read();
    if (check(value)) return value;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
};

export const isFinishedJob = (job: Job | undefined): boolean => job?.status === 'success' || job?.status === 'failed';

/** A core over `persistence` with the given handlers and queue, and its job workers started. */
export const startJobCore = async (
  persistence: Persistence,
  queue: BackgroundJobQueue,
  handlers: Partial<JobHandlers>,
  leaseMs = 60_000,
) => {
  const container = buildContainer(persistence, {
    jobQueue: queue,
    jobHandlers: handlers,
    jobSettings: jobTimingFor(leaseMs),
  });
  const logs = new LogCapture();
  const running: RunningJobs = await startJobs(container, queue, { log: pino({ level: 'info' }, logs) });
  const newStore = async (): Promise<Uuid> => {
    const created = await container.get(CreateStore).execute('Jobs store');
    if (E.isLeft(created)) throw new Error('store not created');
    return created.right.store.id;
  };
  const job = (storeId: Uuid, id: Uuid) => container.get(TOKENS.JobRepository).findById(storeId, id);
  return { container, logs, running, newStore, job };
};
