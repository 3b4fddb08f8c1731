import * as E from 'fp-ts/lib/Either.js';
import { inject, injectable, optional } from 'inversify';
import type { ChangeEvent, ChangeEventsOf } from '../../../../application/ports/integrations/observed-payloads.js';
import {
  type Claim,
  type JobRepository,
  type Running,
  running,
} from '../../../../application/ports/jobs/job-repository.js';
import { type Missing, missing } from '../../../../application/ports/storage-outcomes.js';
import type { Job, JobType } from '../../../../domain/jobs/job.js';
import type { JobOutcome, LaneRef } from '../../../../domain/jobs/job-lane.js';
import type { JobQuery } from '../../../../domain/jobs/job-query.js';
import { oldestFirst } from '../../../../domain/query/order.js';
import type { Page } from '../../../../domain/query/page.js';
import type { Uuid } from '../../../../domain/shared/uuid.js';
import { listOf } from '../in-memory-list.js';
import type { InMemoryState } from '../in-memory-state.js';
import { IN_MEMORY } from '../in-memory-tokens.js';
import type { InMemoryOutbox } from '../integrations/in-memory-outbox.js';

/** Jobs held in memory; every method reads and writes without awaiting in between, so each is atomic as a transaction is. */
@injectable()
export class InMemoryJobRepository implements JobRepository {
  constructor(
    @inject(IN_MEMORY.State) private readonly state: InMemoryState,
    @inject(IN_MEMORY.Outbox) @optional() private readonly outbox?: InMemoryOutbox,
  ) {}

  private live(job: Job, now: Date): boolean {
    const lease = this.state.jobLeases.get(job.id);
    return job.status === 'started' && lease !== undefined && lease.getTime() > now.getTime();
  }

  async insert(job: Job, events: readonly ChangeEvent[]): Promise<void> {
    if (this.state.jobs.has(job.id)) throw new Error(`duplicate job id ${job.id}`);
    this.state.jobs.set(job.id, job);
    this.outbox?.record(job.storeId, events);
  }

  async lastScheduledFor(scheduleId: Uuid): Promise<Date | undefined> {
    let last: Date | undefined;
    for (const job of this.state.jobs.values())
      if (
        job.scheduleId === scheduleId &&
        job.scheduledFor !== undefined &&
        (last === undefined || job.scheduledFor > last)
      )
        last = job.scheduledFor;
    return last;
  }

  async insertScheduled(
    job: Job & { readonly scheduleId: Uuid; readonly scheduledFor: Date },
    events: readonly ChangeEvent[],
  ): Promise<Job> {
    const existing = [...this.state.jobs.values()].find(
      (j) => j.scheduleId === job.scheduleId && j.scheduledFor?.getTime() === job.scheduledFor.getTime(),
    );
    if (existing !== undefined) return existing;
    await this.insert(job, events);
    return job;
  }

  async findById(storeId: Uuid, id: Uuid): Promise<Job | undefined> {
    const job = this.state.jobs.get(id);
    return job?.storeId === storeId ? job : undefined;
  }

  async list(storeId: Uuid, query: JobQuery, jobTypes: readonly JobType[]): Promise<Page<Job>> {
    const ofStore = [...this.state.jobs.values()].filter((j) => j.storeId === storeId && jobTypes.includes(j.jobType));
    return listOf(ofStore, query, {
      fields: { external_ref: (j) => j.externalRef },
      ordered: (j) => j,
      keepsRunningCount: false,
    });
  }

  async delete(
    storeId: Uuid,
    id: Uuid,
    now: Date,
    events: readonly ChangeEvent[],
  ): Promise<E.Either<Missing | Running, void>> {
    const job = await this.findById(storeId, id);
    if (job === undefined) return E.left(missing);
    if (this.live(job, now)) return E.left(running);
    this.state.jobs.delete(id);
    this.state.jobLeases.delete(id);
    this.outbox?.record(storeId, events);
    return E.right(undefined);
  }

  async claimNext(lane: LaneRef, now: Date, leaseMs: number): Promise<Job | undefined> {
    return this.claim(lane, now, leaseMs);
  }

  private claim({ storeId, lane }: LaneRef, now: Date, leaseMs: number): Job | undefined {
    const inLane = [...this.state.jobs.values()].filter((j) => j.storeId === storeId && j.jobType === lane);
    if (inLane.some((j) => this.live(j, now))) return undefined;
    const next = inLane.filter((j) => j.status === 'pending' || j.status === 'started').sort(oldestFirst)[0];
    if (next === undefined) return undefined;
    const claimed: Job = { ...next, status: 'started', startedAt: now, updatedAt: now };
    this.state.jobs.set(claimed.id, claimed);
    this.state.jobLeases.set(claimed.id, new Date(now.getTime() + leaseMs));
    return claimed;
  }

  private holds(claim: Claim): Job | undefined {
    const job = this.state.jobs.get(claim.id);
    return job?.status === 'started' && job.startedAt?.getTime() === claim.startedAt.getTime() ? job : undefined;
  }

  async renewLease(claim: Claim, now: Date, leaseMs: number): Promise<boolean> {
    if (this.holds(claim) === undefined) return false;
    this.state.jobLeases.set(claim.id, new Date(now.getTime() + leaseMs));
    return true;
  }

  async finish(
    claim: Claim,
    outcome: JobOutcome,
    now: Date,
    leaseMs: number,
    eventsOf: ChangeEventsOf<Job>,
  ): Promise<{ readonly finished: boolean; readonly next?: Job }> {
    const job = this.holds(claim);
    if (job === undefined) return { finished: false };
    const { report: _report, error: _error, ...rest } = job;
    const finished: Job = {
      ...rest,
      status: outcome.status,
      updatedAt: now,
      finishedAt: now,
      ...(outcome.status === 'success' ? { report: outcome.report } : { error: outcome.error }),
    };
    this.state.jobs.set(job.id, finished);
    this.state.jobLeases.delete(job.id);
    this.outbox?.record(job.storeId, eventsOf(finished));
    const next = this.claim({ storeId: job.storeId, lane: job.jobType }, now, leaseMs);
    return next === undefined ? { finished: true } : { finished: true, next };
  }

  async listUnfinished(now: Date): Promise<readonly Job[]> {
    return [...this.state.jobs.values()]
      .filter((j) => j.status === 'pending' || (j.status === 'started' && !this.live(j, now)))
      .sort(oldestFirst);
  }
}
