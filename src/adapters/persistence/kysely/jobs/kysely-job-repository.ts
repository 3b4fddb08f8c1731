import * as E from 'fp-ts/lib/Either.js';
import { inject, injectable } from 'inversify';
import type { Selectable, Transaction } from 'kysely';
import type { ChangeEvent, ChangeEventsOf } from '../../../../application/ports/integrations/observed-payloads.js';
import {
  type Claim,
  type JobRepository,
  type Running,
  running,
} from '../../../../application/ports/jobs/job-repository.js';
import { type Missing, missing } from '../../../../application/ports/storage-outcomes.js';
import { JOB_STATUSES, JOB_TYPES, type Job, type JobReport, type JobType } from '../../../../domain/jobs/job.js';
import { taxesFromStorage } from '../../../../domain/jobs/job-input.js';
import type { JobOutcome, LaneRef } from '../../../../domain/jobs/job-lane.js';
import type { JobQuery } from '../../../../domain/jobs/job-query.js';
import { priceUpdateFromStorage, priceUpdateWire } from '../../../../domain/jobs/price-update.js';
import { type Page, pageOf } from '../../../../domain/query/page.js';
import type { Uuid } from '../../../../domain/shared/uuid.js';
import { isRecord } from '../../../../domain/shared/validation.js';
import { optionalLookupKey } from '../engine/lookup-key.js';
import type { DatabaseHandle } from '../engine/open-database.js';
import type { JobsTable, Tables } from '../engine/schema.js';
import { isUniqueViolation } from '../engine/sql-flavor.js';
import type { KyselyOutbox } from '../integrations/kysely-outbox.js';
import { PERSISTENCE } from '../persistence-tokens.js';
import { cappedCount, matching, oldestFirst, pageNewestFirst } from '../sql/kysely-list.js';
import { decodeStored, parseJson, storedUuid } from '../sql/stored-json.js';

const oneOfStored = <A extends string>(what: string, allowed: readonly A[], value: string): A => {
  if (!(allowed as readonly string[]).includes(value))
    throw new Error(`stored ${what} is not one of ${allowed.join(', ')}`);
  return value as A;
};

const reportFromStorage = (text: string): JobReport => {
  const value = parseJson('job report', text);
  if (!isRecord(value)) throw new Error('stored job report is not an object');
  return value;
};

const fromRow = (row: Selectable<JobsTable>): Job => ({
  id: storedUuid('job id', row.id),
  storeId: storedUuid('job store', row.store_id),
  jobType: oneOfStored('job type', JOB_TYPES, row.job_type),
  ...(row.external_ref === null ? {} : { externalRef: row.external_ref }),
  ...(row.taxes === null
    ? {}
    : { taxes: decodeStored('job taxes', taxesFromStorage(parseJson('job taxes', row.taxes))) }),
  ...(row.price_update === null
    ? {}
    : {
        priceUpdate: decodeStored(
          'job price update',
          priceUpdateFromStorage(parseJson('job price update', row.price_update)),
        ),
      }),
  status: oneOfStored('job status', JOB_STATUSES, row.status),
  ...(row.report === null ? {} : { report: reportFromStorage(row.report) }),
  ...(row.error === null ? {} : { error: row.error }),
  ...(row.schedule_id === null ? {} : { scheduleId: storedUuid('job schedule', row.schedule_id) }),
  ...(row.scheduled_for === null ? {} : { scheduledFor: row.scheduled_for }),
  createdAt: row.created_at,
  updatedAt: row.updated_at,
  ...(row.started_at === null ? {} : { startedAt: row.started_at }),
  ...(row.finished_at === null ? {} : { finishedAt: row.finished_at }),
});

const toRow = (job: Job): Selectable<JobsTable> => ({
  id: job.id,
  store_id: job.storeId,
  job_type: job.jobType,
  external_ref: job.externalRef ?? null,
  // Hashed: an external reference of 2048 characters is too long for an index key on MySQL.
  external_ref_key: optionalLookupKey(job.externalRef),
  taxes: job.taxes === undefined ? null : JSON.stringify(job.taxes),
  price_update: job.priceUpdate === undefined ? null : JSON.stringify(priceUpdateWire(job.priceUpdate)),
  status: job.status,
  report: job.report === undefined ? null : JSON.stringify(job.report),
  error: job.error ?? null,
  schedule_id: job.scheduleId ?? null,
  scheduled_for: job.scheduledFor ?? null,
  lease_until: null,
  created_at: job.createdAt,
  updated_at: job.updatedAt,
  started_at: job.startedAt ?? null,
  finished_at: job.finishedAt ?? null,
});

const later = (now: Date, ms: number): Date => new Date(now.getTime() + ms);

/**
 * Jobs in `subscription_jobs`. Every claim and finish of a lane first locks the lane's row in
 * `subscription_job_lanes`, so the claims of one lane are serialized across connections and instances;
 * they run at READ COMMITTED so that each statement after the lock sees what the previous holder committed.
 */
@injectable()
export class KyselyJobRepository implements JobRepository {
  constructor(
    @inject(PERSISTENCE.Database) private readonly handle: DatabaseHandle,
    @inject(PERSISTENCE.Outbox) private readonly outbox: KyselyOutbox,
  ) {}

  private get db() {
    return this.handle.db;
  }

  async insert(job: Job, events: readonly ChangeEvent[]): Promise<void> {
    await this.outbox.around(this.db, job.storeId, events, (db) =>
      db.insertInto('subscription_jobs').values(toRow(job)).execute(),
    );
  }

  async lastScheduledFor(scheduleId: Uuid): Promise<Date | undefined> {
    const row = await this.db
      .selectFrom('subscription_jobs')
      .select((eb) => eb.fn.max('scheduled_for').as('last'))
      .where('schedule_id', '=', scheduleId)
      .executeTakeFirst();
    return row?.last === null || row?.last === undefined ? undefined : new Date(row.last);
  }

  async insertScheduled(
    job: Job & { readonly scheduleId: Uuid; readonly scheduledFor: Date },
    events: readonly ChangeEvent[],
  ): Promise<Job> {
    try {
      await this.insert(job, events);
      return job;
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
      const row = await this.db
        .selectFrom('subscription_jobs')
        .selectAll()
        .where('schedule_id', '=', job.scheduleId)
        .where('scheduled_for', '=', job.scheduledFor)
        .executeTakeFirst();
      if (row === undefined)
        throw new Error(
          `the job of schedule ${job.scheduleId} at ${job.scheduledFor.toISOString()} was refused as a duplicate but is not stored`,
        );
      return fromRow(row);
    }
  }

  async findById(storeId: Uuid, id: Uuid): Promise<Job | undefined> {
    const row = await this.db
      .selectFrom('subscription_jobs')
      .selectAll()
      .where('store_id', '=', storeId)
      .where('id', '=', id)
      .executeTakeFirst();
    return row === undefined ? undefined : fromRow(row);
  }

  async list(storeId: Uuid, query: JobQuery, jobTypes: readonly JobType[]): Promise<Page<Job>> {
    const filtered = this.db
      .selectFrom('subscription_jobs')
      .where('store_id', '=', storeId)
      .where('job_type', 'in', [...jobTypes])
      .where(matching(query.filter, { external_ref: { column: 'external_ref', key: 'external_ref_key' } }));
    const [rows, counted] = await Promise.all([
      pageNewestFirst(filtered.selectAll(), query.page).execute(),
      cappedCount(this.db, filtered),
    ]);
    return pageOf(rows.map(fromRow), query.page, counted, 'capped');
  }

  async delete(
    storeId: Uuid,
    id: Uuid,
    now: Date,
    events: readonly ChangeEvent[],
  ): Promise<E.Either<Missing | Running, void>> {
    const deleted = await this.outbox.around(
      this.db,
      storeId,
      events,
      async (db) =>
        Number(
          (
            await db
              .deleteFrom('subscription_jobs')
              .where('store_id', '=', storeId)
              .where('id', '=', id)
              .where((eb) =>
                eb.or([eb('status', '!=', 'started'), eb('lease_until', 'is', null), eb('lease_until', '<=', now)]),
              )
              .executeTakeFirst()
          ).numDeletedRows,
        ) > 0,
      (found) => found,
    );
    if (deleted) return E.right(undefined);
    return (await this.findById(storeId, id)) === undefined ? E.left(missing) : E.left(running);
  }

  /** Creates the lane's row once, outside the claim's transaction: on MySQL a duplicate insert would hold a shared lock that two claimers' exclusive locks then deadlock on. */
  private async ensureLane({ storeId, lane }: LaneRef): Promise<void> {
    const insert = this.db.insertInto('subscription_job_lanes').values({ store_id: storeId, lane });
    await (this.handle.flavor === 'postgres'
      ? insert.onConflict((oc) => oc.columns(['store_id', 'lane']).doNothing())
      : insert.ignore()
    ).execute();
  }

  private inLane(trx: Transaction<Tables>, { storeId, lane }: LaneRef) {
    return trx.selectFrom('subscription_jobs').where('store_id', '=', storeId).where('job_type', '=', lane);
  }

  private underLaneLock<T>(lane: LaneRef, work: (trx: Transaction<Tables>) => Promise<T>): Promise<T> {
    return this.db
      .transaction()
      .setIsolationLevel('read committed')
      .execute(async (trx) => {
        await trx
          .selectFrom('subscription_job_lanes')
          .select('lane')
          .where('store_id', '=', lane.storeId)
          .where('lane', '=', lane.lane)
          .forUpdate()
          .executeTakeFirstOrThrow();
        return work(trx);
      });
  }

  private async claimWithin(
    trx: Transaction<Tables>,
    lane: LaneRef,
    now: Date,
    leaseMs: number,
  ): Promise<Job | undefined> {
    const live = await this.inLane(trx, lane)
      .select('id')
      .where('status', '=', 'started')
      .where('lease_until', '>', now)
      .limit(1)
      .executeTakeFirst();
    if (live !== undefined) return undefined;
    const next = await oldestFirst(this.inLane(trx, lane).selectAll().where('status', 'in', ['pending', 'started']))
      .limit(1)
      .executeTakeFirst();
    if (next === undefined) return undefined;
    const claimed = { ...next, status: 'started', started_at: now, updated_at: now, lease_until: later(now, leaseMs) };
    await trx
      .updateTable('subscription_jobs')
      .set({ status: 'started', started_at: now, updated_at: now, lease_until: claimed.lease_until })
      .where('id', '=', next.id)
      .execute();
    return fromRow(claimed);
  }

  async claimNext(lane: LaneRef, now: Date, leaseMs: number): Promise<Job | undefined> {
    await this.ensureLane(lane);
    return this.underLaneLock(lane, (trx) => this.claimWithin(trx, lane, now, leaseMs));
  }

  async renewLease(claim: Claim, now: Date, leaseMs: number): Promise<boolean> {
    const result = await this.db
      .updateTable('subscription_jobs')
      .set({ lease_until: later(now, leaseMs) })
      .where('id', '=', claim.id)
      .where('status', '=', 'started')
      .where('started_at', '=', claim.startedAt)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  async finish(
    claim: Claim,
    outcome: JobOutcome,
    now: Date,
    leaseMs: number,
    eventsOf: ChangeEventsOf<Job>,
  ): Promise<{ readonly finished: boolean; readonly next?: Job }> {
    const lane: LaneRef = { storeId: claim.storeId, lane: claim.jobType };
    await this.ensureLane(lane);
    return this.underLaneLock(lane, async (trx) => {
      const result = await trx
        .updateTable('subscription_jobs')
        .set({
          status: outcome.status,
          report: outcome.status === 'success' ? JSON.stringify(outcome.report) : null,
          error: outcome.status === 'failed' ? outcome.error : null,
          lease_until: null,
          updated_at: now,
          finished_at: now,
        })
        .where('id', '=', claim.id)
        .where('status', '=', 'started')
        .where('started_at', '=', claim.startedAt)
        .executeTakeFirst();
      if (Number(result.numUpdatedRows) === 0) return { finished: false };
      // Read back as stored, when an integration may observe it: the event names the job as its GET returns it.
      await this.outbox.record(trx, claim.storeId, async () =>
        eventsOf(
          fromRow(
            await trx.selectFrom('subscription_jobs').selectAll().where('id', '=', claim.id).executeTakeFirstOrThrow(),
          ),
        ),
      );
      const next = await this.claimWithin(trx, lane, now, leaseMs);
      return next === undefined ? { finished: true } : { finished: true, next };
    });
  }

  async listUnfinished(now: Date): Promise<readonly Job[]> {
    const unfinished = this.db
      .selectFrom('subscription_jobs')
      .selectAll()
      .where((eb) =>
        eb.or([
          eb('status', '=', 'pending'),
          eb.and([eb('status', '=', 'started'), eb.or([eb('lease_until', 'is', null), eb('lease_until', '<=', now)])]),
        ]),
      );
    const rows = await oldestFirst(unfinished).execute();
    return rows.map(fromRow);
  }
}
