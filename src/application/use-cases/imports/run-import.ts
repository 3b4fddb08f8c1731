import * as E from 'fp-ts/lib/Either.js';
import { inject, injectable } from 'inversify';
import type { ImportLine, ImportRecordType } from '../../../domain/imports/import-line.js';
import type { JobReport } from '../../../domain/jobs/job.js';
import type { DomainError } from '../../../domain/shared/errors.js';
import type { Uuid } from '../../../domain/shared/uuid.js';
import type { PlanRepository, ProductRepository } from '../../ports/catalogue/catalogue-repository.js';
import type { OfferingRepository } from '../../ports/catalogue/offering-repository.js';
import type { ImportLineRepository, LineOutcome } from '../../ports/imports/import-line-repository.js';
import type { JobHandler, JobRun } from '../../ports/jobs/job-handler.js';
import type { FeatureRepository } from '../../ports/store-record-repository.js';
import type { SubscriberRepository } from '../../ports/subscriptions/subscriber-repository.js';
import type { SubscriptionRepository } from '../../ports/subscriptions/subscription-repository.js';
import type { Clock, IdGenerator } from '../../ports/system.js';
import type { StoreClock } from '../../ports/test-clocks/store-clock.js';
import { TOKENS } from '../../tokens.js';
import { CreateOffering } from '../catalogue/create-offering.js';
import { CreateSubscriptionPlan } from '../catalogue/subscription-plans.js';
import { CreateSubscriptionProduct } from '../catalogue/subscription-products.js';
import { CreateFeature } from '../features/features.js';
import { CreateSubscriber } from '../subscriptions/subscribers.js';
import { importErrorDetail } from './import-error-detail.js';
import { type DecidedRun, ImportSubscriptionRun } from './import-subscription-run.js';
import { LineMarks } from './line-marks.js';
import { recordIdFirst, storedRecord } from './stored-record.js';

/**
 * Lines read per query, and the most subscription lines stored in one transaction; the claim on the job is
 * renewed after each batch. A batch's transaction holds the store's row (its running count) for the
 * few tens of milliseconds it takes: a thousand rows in one array-bound insert per table take about what
 * five hundred took as VALUES lists, and each batch pays its fixed round trips and commits half as often.
 */
export const IMPORT_BATCH = 1000;

/** A store of subscription lines still in flight (a promise inside an object, not flattened by `await`). */
interface InFlight {
  readonly stored: Promise<void>;
}

/** The record types imported one line at a time. */
type OtherRecordType = Exclude<ImportRecordType, 'subscription'>;

/** How one type of record is found and created. */
interface RecordKind {
  exists(storeId: Uuid, id: Uuid): Promise<boolean>;
  create(storeId: Uuid, data: unknown, ids: IdGenerator): Promise<E.Either<DomainError, unknown>>;
}

/**
 * Runs an import job: creates the record of each pending line, in file order, with the use case its
 * create endpoint uses (for subscriptions, its rules: see ImportSubscriptionRun), so every rule of that
 * endpoint applies. A bad line neither stops the others nor leaves part of a record.
 *
 * Running it again creates nothing twice: a line's record gets the id chosen for it at upload, and a line
 * whose record already exists (created by a run that stopped before marking the line) is marked imported
 * without creating it again. This holds on every storage without one transaction spanning the record and
 * the line, which the repositories do not share.
 */
@injectable()
export class RunImport implements JobHandler {
  private readonly kinds: Readonly<Record<OtherRecordType, RecordKind>>;
  private readonly subscriptionRuns: ImportSubscriptionRun;

  constructor(
    @inject(TOKENS.ImportLineRepository) private readonly lines: ImportLineRepository,
    @inject(TOKENS.ProductRepository) products: ProductRepository,
    @inject(TOKENS.PlanRepository) plans: PlanRepository,
    @inject(TOKENS.SubscriberRepository) subscribers: SubscriberRepository,
    @inject(TOKENS.FeatureRepository) features: FeatureRepository,
    @inject(TOKENS.OfferingRepository) offerings: OfferingRepository,
    @inject(TOKENS.SubscriptionRepository) subscriptions: SubscriptionRepository,
    @inject(TOKENS.Clock) clock: Clock,
    @inject(TOKENS.StoreClock) storeClock: StoreClock,
    @inject(TOKENS.IdGenerator) private readonly ids: IdGenerator,
  ) {
    this.subscriptionRuns = new ImportSubscriptionRun(subscriptions, offerings, storeClock, ids);
    const found = (lookup: Promise<unknown>): Promise<boolean> => lookup.then((r) => r !== undefined);
    this.kinds = {
      subscription_product: {
        exists: (storeId, id) => found(products.findById(storeId, id)),
        create: (storeId, data, ids) => new CreateSubscriptionProduct(products, clock, ids).execute(storeId, data),
      },
      subscription_plan: {
        exists: (storeId, id) => found(plans.findById(storeId, id)),
        create: (storeId, data, ids) => new CreateSubscriptionPlan(plans, clock, ids).execute(storeId, data),
      },
      subscription_subscriber: {
        exists: (storeId, id) => found(subscribers.findById(storeId, id)),
        create: (storeId, data, ids) => new CreateSubscriber(subscribers, clock, ids).execute(storeId, data),
      },
      subscription_feature: {
        exists: (storeId, id) => found(features.findById(storeId, id)),
        create: (storeId, data, ids) => new CreateFeature(features, clock, ids).execute(storeId, data),
      },
      subscription_offering: {
        exists: (storeId, id) => found(offerings.findById(storeId, id)),
        create: (storeId, data, ids) =>
          new CreateOffering(offerings, products, plans, clock, ids).execute(storeId, data),
      },
    };
  }

  async run({ job, heartbeat }: JobRun): Promise<E.Either<DomainError, JobReport>> {
    const marks = new LineMarks(this.lines, job.id);
    try {
      await this.importAll(job.id, job.storeId, marks, heartbeat);
    } catch (error) {
      // The marks of the batches before the failure are still written: the next run starts after them.
      await marks.done().catch(() => undefined);
      throw error;
    }
    await marks.done();
    return E.right({ ...(await this.lines.report(job.id)) });
  }

  /**
   * Batch after batch, each read while the one before is imported, and decided while the one before is
   * stored: the pending lines after a batch are not touched by importing it. A batch shorter than
   * IMPORT_BATCH is the last one. Nothing is left in flight when the run ends or fails.
   */
  private async importAll(jobId: Uuid, storeId: Uuid, marks: LineMarks, heartbeat: () => Promise<void>) {
    let reading = this.lines.pending(jobId, 0, IMPORT_BATCH);
    let storing: Promise<void> = Promise.resolve();
    try {
      for (;;) {
        const batch = await reading;
        const last = batch[batch.length - 1];
        if (last === undefined) break;
        const more = batch.length === IMPORT_BATCH;
        if (more) {
          reading = this.lines.pending(jobId, last.lineNumber, IMPORT_BATCH);
          // Awaited in the next turn; kept from being reported unhandled if this batch fails first.
          reading.catch(() => undefined);
        }
        storing = (await this.importBatch(jobId, storeId, batch, marks, storing)).stored;
        if (!more) break;
        await heartbeat();
      }
    } catch (error) {
      await storing.catch(() => undefined);
      throw error;
    }
    await storing;
  }

  /**
   * Lines in file order, except that a run of subscription lines is imported together: a subscription is
   * unique by nothing but its id, and no line can refer to one, so their order among themselves decides
   * nothing but their invoices' numbers, which follow file order. Any other line waits for those before it.
   * Returns the store of the batch's last run of subscription lines, still in flight.
   */
  private async importBatch(
    jobId: Uuid,
    storeId: Uuid,
    batch: readonly ImportLine[],
    marks: LineMarks,
    storingBefore: Promise<void>,
  ): Promise<InFlight> {
    let storing = storingBefore;
    let run: ImportLine[] = [];
    for (const line of batch) {
      const type = line.recordType;
      if (type === 'subscription') {
        run.push(line);
        continue;
      }
      if (run.length > 0) storing = (await this.storeAfter(storing, storeId, run, marks)).stored;
      run = [];
      await storing;
      await this.lines.settle(jobId, line.lineNumber, await this.importLine(storeId, line, type));
    }
    if (run.length > 0) return this.storeAfter(storing, storeId, run, marks);
    return { stored: storing };
  }

  /**
   * Decides a run of subscription lines while the run before it is stored, then starts storing it once that
   * one is stored: one store in flight at a time, and no batch decided further ahead than the next.
   */
  private async storeAfter(
    before: Promise<void>,
    storeId: Uuid,
    run: readonly ImportLine[],
    marks: LineMarks,
  ): Promise<InFlight> {
    let decided: DecidedRun;
    try {
      decided = await this.subscriptionRuns.decide(storeId, run);
    } finally {
      await before;
    }
    const stored = this.subscriptionRuns.store(storeId, decided, marks);
    // Awaited by the caller later; kept from being reported unhandled while the next batch is decided.
    stored.catch(() => undefined);
    return { stored };
  }

  private async importLine(storeId: Uuid, line: ImportLine, type: OtherRecordType | undefined): Promise<LineOutcome> {
    if (type === undefined || line.body === undefined || line.recordId === undefined)
      return { status: 'failed', error: 'the line holds no record' };
    const kind = this.kinds[type];
    if (await kind.exists(storeId, line.recordId)) return { status: 'imported' };
    const record = storedRecord(line.body);
    if ('error' in record) return { status: 'failed', error: record.error };
    const created = await kind.create(storeId, record.data, recordIdFirst(line.recordId, this.ids));
    return E.isRight(created) ? { status: 'imported' } : { status: 'failed', error: importErrorDetail(created.left) };
  }
}
