import * as E from 'fp-ts/lib/Either.js';
import type { ImportLine } from '../../../domain/billing/import-line.js';
import type { Uuid } from '../../../domain/shared/uuid.js';
import type { Offering } from '../../../domain/subscription/offering.js';
import type { ImportLineRepository, SettledLine } from '../../ports/import-line-repository.js';
import type { OfferingRepository } from '../../ports/offering-repository.js';
import type { StoreClock } from '../../ports/store-clock.js';
import type { SubscriptionRepository } from '../../ports/subscription-repository.js';
import type { IdGenerator } from '../../ports/system.js';
import { prepareSubscription, type OfferingSource, type PreparedSubscription } from '../subscriptions/new-subscription.js';
import { importErrorDetail } from './import-error-detail.js';
import { recordIdFirst, storedRecord } from './stored-record.js';

/** A line whose record has been decided and waits to be stored with the others of its run. */
interface Ready {
  readonly lineNumber: number;
  readonly prepared: PreparedSubscription;
}

/**
 * Imports a run of subscription lines at once: every line is decided by the rules of the create endpoint,
 * at one instant of the store's time; the good ones are stored together in one transaction (the store's
 * count raised once, their first invoices numbered in file order), then every line is marked in a few
 * statements. A subscription is unique by nothing but its id, and no line can refer to one, so storing
 * them together decides nothing that one at a time would not.
 *
 * Exactly once, as line by line: each line's record has the id chosen for it at upload, and a line whose
 * record already exists (stored by a run that stopped before marking its lines) is marked imported
 * without being stored again. When the batch cannot be stored whole, its lines are stored one at a time,
 * so that a line the storage refuses stops the run there, exactly as it would alone.
 */
export class ImportSubscriptionRun {
  constructor(
    private readonly lines: ImportLineRepository,
    private readonly subscriptions: SubscriptionRepository,
    private readonly offerings: OfferingRepository,
    private readonly clock: StoreClock,
    private readonly ids: IdGenerator,
  ) {}

  async run(jobId: Uuid, storeId: Uuid, run: readonly ImportLine[]): Promise<void> {
    const settled: SettledLine[] = [];
    try {
      await this.importLines(storeId, run, settled);
    } finally {
      // What was decided is kept even when the storage failed: the next run starts after it.
      await this.lines.settleMany(jobId, settled);
    }
  }

  private async importLines(storeId: Uuid, run: readonly ImportLine[], settled: SettledLine[]): Promise<void> {
    const ready: Ready[] = [];
    const recordIds = run.flatMap((line) => (line.recordId === undefined ? [] : [line.recordId]));
    const existing = await this.subscriptions.existing(storeId, recordIds);
    const source = this.cachedSource();
    const now = await this.clock.now(storeId);
    for (const line of run) {
      if (line.body === undefined || line.recordId === undefined) {
        settled.push({ lineNumber: line.lineNumber, outcome: { status: 'failed', error: 'the line holds no record' } });
        continue;
      }
      if (existing.has(line.recordId)) {
        settled.push({ lineNumber: line.lineNumber, outcome: { status: 'imported' } });
        continue;
      }
      const record = storedRecord(line.body);
      if ('error' in record) {
        settled.push({ lineNumber: line.lineNumber, outcome: { status: 'failed', error: record.error } });
        continue;
      }
      const prepared = await prepareSubscription(storeId, record.data, source, now, recordIdFirst(line.recordId, this.ids));
      if (E.isLeft(prepared)) settled.push({ lineNumber: line.lineNumber, outcome: { status: 'failed', error: importErrorDetail(prepared.left) } });
      else ready.push({ lineNumber: line.lineNumber, prepared: prepared.right });
    }
    await this.store(storeId, ready, settled);
  }

  private async store(storeId: Uuid, ready: readonly Ready[], settled: SettledLine[]): Promise<void> {
    try {
      await this.subscriptions.insertMany(storeId, ready.map((r) => r.prepared));
      for (const { lineNumber } of ready) settled.push({ lineNumber, outcome: { status: 'imported' } });
      return;
    } catch {
      // Stored one at a time below: a record stored meanwhile is found, and a failure is the line's own.
    }
    for (const { lineNumber, prepared } of ready) {
      const { subscription, firstInvoice } = prepared;
      const stored = await this.subscriptions.existing(storeId, [subscription.id]);
      if (!stored.has(subscription.id)) await this.subscriptions.insert(subscription, firstInvoice);
      settled.push({ lineNumber, outcome: { status: 'imported' } });
    }
  }

  /** Each offering and its snapshot are read once per run, however many lines subscribe to it. */
  private cachedSource(): OfferingSource {
    const offerings = new Map<string, Promise<Offering | undefined>>();
    const snapshots = new Map<string, Promise<Uuid>>();
    const once = <A>(cache: Map<string, Promise<A>>, key: string, load: () => Promise<A>): Promise<A> => {
      const found = cache.get(key);
      if (found !== undefined) return found;
      const loading = load();
      cache.set(key, loading);
      return loading;
    };
    return {
      offering: (storeId, id) => once(offerings, id, () => this.offerings.findById(storeId, id)),
      snapshot: (offering) => once(snapshots, `${offering.id}:${offering.version}`, () => this.subscriptions.snapshotOffering(offering)),
    };
  }
}
