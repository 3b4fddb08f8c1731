import * as E from 'fp-ts/lib/Either.js';
import { inject, injectable } from 'inversify';
import type { ImportLine, ImportRecordType } from '../../../domain/billing/import-line.js';
import { jsonTooDeep, withinJsonDepth } from '../../../domain/shared/json-depth.js';
import type { JobReport } from '../../../domain/billing/job.js';
import type { DomainError } from '../../../domain/shared/errors.js';
import type { Uuid } from '../../../domain/shared/uuid.js';
import type { PlanRepository, ProductRepository } from '../../ports/catalogue-repository.js';
import type { ImportLineRepository, LineOutcome } from '../../ports/import-line-repository.js';
import type { JobHandler, JobRun } from '../../ports/job-handler.js';
import type { OfferingRepository } from '../../ports/offering-repository.js';
import type { SubscriberRepository } from '../../ports/subscriber-repository.js';
import type { SubscriptionRepository } from '../../ports/subscription-repository.js';
import type { Clock, IdGenerator } from '../../ports/system.js';
import type { StoreClock } from '../../ports/store-clock.js';
import { TOKENS } from '../../tokens.js';
import { CreateOffering } from '../subscriptions/create-offering.js';
import { CreateSubscription } from '../subscriptions/create-subscription.js';
import { CreateSubscriber } from '../subscriptions/subscribers.js';
import { CreateSubscriptionPlan } from '../subscriptions/subscription-plans.js';
import { CreateSubscriptionProduct } from '../subscriptions/subscription-products.js';
import { importErrorDetail } from './import-error-detail.js';

/** Lines read per query; the claim on the job is renewed after each batch. */
export const IMPORT_BATCH = 200;

/** Subscription lines created at once: enough to overlap their round trips, few enough to leave the pool to requests. */
export const SUBSCRIPTIONS_AT_ONCE = 4;

/** How one type of record is found and created. */
interface RecordKind {
  exists(storeId: Uuid, id: Uuid): Promise<boolean>;
  create(storeId: Uuid, data: unknown, ids: IdGenerator): Promise<E.Either<DomainError, unknown>>;
}

/**
 * A stored line's record, parsed again. The upload stored it only after reading it, but a line stored by a
 * version that checked less (or edited in the table) must fail alone, never throw and stop the whole import.
 */
const storedRecord = (body: string): { readonly data: unknown } | { readonly error: string } => {
  if (!withinJsonDepth(body)) return { error: jsonTooDeep() };
  try {
    return { data: JSON.parse(body) as unknown };
  } catch {
    return { error: 'the stored line is not valid JSON' };
  }
};

/** Hands out the line's own record id first (the record's id), then fresh ones (for the copies an offering holds). */
const recordIdFirst = (recordId: Uuid, ids: IdGenerator): IdGenerator => {
  let given = false;
  return {
    uuid: () => {
      if (given) return ids.uuid();
      given = true;
      return recordId;
    },
  };
};

/**
 * Runs an import job: creates the record of each pending line, in file order, with the use case its
 * create endpoint uses, so every rule of that endpoint applies. Each record is created in its own write,
 * so a bad line neither stops the others nor leaves part of a record.
 *
 * Running it again creates nothing twice: a line's record gets the id chosen for it at upload, and a line
 * whose record already exists (created by a run that stopped before marking the line) is marked imported
 * without creating it again. This holds on every storage without one transaction spanning the record and
 * the line, which the repositories do not share.
 */
@injectable()
export class RunImport implements JobHandler {
  private readonly kinds: Readonly<Record<ImportRecordType, RecordKind>>;

  constructor(
    @inject(TOKENS.ImportLineRepository) private readonly lines: ImportLineRepository,
    @inject(TOKENS.ProductRepository) products: ProductRepository,
    @inject(TOKENS.PlanRepository) plans: PlanRepository,
    @inject(TOKENS.SubscriberRepository) subscribers: SubscriberRepository,
    @inject(TOKENS.OfferingRepository) offerings: OfferingRepository,
    @inject(TOKENS.SubscriptionRepository) subscriptions: SubscriptionRepository,
    @inject(TOKENS.Clock) clock: Clock,
    @inject(TOKENS.StoreClock) storeClock: StoreClock,
    @inject(TOKENS.IdGenerator) private readonly ids: IdGenerator,
  ) {
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
      subscription_offering: {
        exists: (storeId, id) => found(offerings.findById(storeId, id)),
        create: (storeId, data, ids) => new CreateOffering(offerings, products, plans, clock, ids).execute(storeId, data),
      },
      subscription: {
        exists: (storeId, id) => found(subscriptions.findById(storeId, id)),
        create: (storeId, data, ids) => new CreateSubscription(subscriptions, offerings, storeClock, ids).execute(storeId, data),
      },
    };
  }

  async run({ job, heartbeat }: JobRun): Promise<JobReport> {
    let after = 0;
    for (;;) {
      const batch = await this.lines.pending(job.id, after, IMPORT_BATCH);
      await this.importBatch(job.id, job.storeId, batch);
      const last = batch[batch.length - 1];
      if (last === undefined) break;
      after = last.lineNumber;
      await heartbeat();
    }
    return { ...(await this.lines.report(job.id)) };
  }

  /**
   * Lines in file order, except that a run of subscription lines is created a few at a time: a
   * subscription is unique by nothing but its id, and no line can refer to one, so their order decides
   * nothing, while each one waits on several round trips. Any other line waits for those before it.
   */
  private async importBatch(jobId: Uuid, storeId: Uuid, batch: readonly ImportLine[]): Promise<void> {
    const inFlight = new Set<Promise<void>>();
    // The first failure of the storage stops the batch once the lines already started have ended, so that
    // none of them is left running, or failing, unobserved.
    let failure: { readonly error: unknown } | undefined;
    const settle = (line: ImportLine): Promise<void> => this.importLine(storeId, line).then((outcome) => this.lines.settle(jobId, line.lineNumber, outcome));
    for (const line of batch) {
      if (failure !== undefined) break;
      if (line.recordType !== 'subscription') {
        await Promise.all(inFlight);
        if (failure !== undefined) break;
        await settle(line);
        continue;
      }
      const running: Promise<void> = settle(line)
        .catch((error: unknown) => void (failure ??= { error }))
        .finally(() => inFlight.delete(running));
      inFlight.add(running);
      if (inFlight.size >= SUBSCRIPTIONS_AT_ONCE) await Promise.race(inFlight);
    }
    await Promise.all(inFlight);
    if (failure !== undefined) throw failure.error;
  }

  private async importLine(storeId: Uuid, line: ImportLine): Promise<LineOutcome> {
    if (line.recordType === undefined || line.body === undefined || line.recordId === undefined) return { status: 'failed', error: 'the line holds no record' };
    const kind = this.kinds[line.recordType];
    if (await kind.exists(storeId, line.recordId)) return { status: 'imported' };
    const record = storedRecord(line.body);
    if ('error' in record) return { status: 'failed', error: record.error };
    const created = await kind.create(storeId, record.data, recordIdFirst(line.recordId, this.ids));
    return E.isRight(created) ? { status: 'imported' } : { status: 'failed', error: importErrorDetail(created.left) };
  }
}
