import * as E from 'fp-ts/lib/Either.js';
import { subscriptionsStored } from '../../../domain/billing/invoices/first-invoice-events.js';
import type { Offering } from '../../../domain/catalogue/offering.js';
import type { ImportLine } from '../../../domain/imports/import-line.js';
import type { Uuid } from '../../../domain/shared/uuid.js';
import type { OfferingRepository } from '../../ports/catalogue/offering-repository.js';
import type { SettledLine } from '../../ports/imports/import-line-repository.js';
import type { SubscriptionRepository } from '../../ports/subscriptions/subscription-repository.js';
import type { IdGenerator } from '../../ports/system.js';
import type { StoreClock } from '../../ports/test-clocks/store-clock.js';
import {
  type OfferingSource,
  type PreparedSubscription,
  prepareSubscription,
} from '../subscriptions/new-subscription.js';
import { importErrorDetail } from './import-error-detail.js';
import type { LineMarks } from './line-marks.js';
import { recordIdFirst, storedRecord } from './stored-record.js';

/** A line whose record has been decided and waits to be stored with the others of its run. */
interface Ready {
  readonly lineNumber: number;
  readonly prepared: PreparedSubscription;
}

/** A run of subscription lines decided: the records ready to be stored, and the lines already settled. */
export interface DecidedRun {
  readonly ready: readonly Ready[];
  readonly settled: SettledLine[];
}

/**
 * Imports a run of subscription lines at once, in two steps: `decide` judges every line by the rules of the
 * create endpoint, at one instant of the store's time; `store` stores the good ones together in one
 * transaction (the store's count raised once, their first invoices numbered in file order), then hands
 * every line to the marks, which write them behind the run (see LineMarks). The caller decides a run while
 * the one before it is being stored: deciding reads nothing a store writes but the records of refused lines,
 * which only an earlier run of the job can have stored. A subscription is unique by nothing but its id, and
 * no line can refer to one, so storing them together decides nothing that one at a time would not.
 *
 * Exactly once, as line by line: each line's record has the id chosen for it at upload, and a line whose
 * record already exists (stored by a run that stopped before marking its lines) is marked imported
 * without being stored again: the batch holding it fails whole on that id, and is stored again without
 * it. A line the storage refuses stops the run there, exactly as it would alone.
 */
export class ImportSubscriptionRun {
  constructor(
    private readonly subscriptions: SubscriptionRepository,
    private readonly offerings: OfferingRepository,
    private readonly clock: StoreClock,
    private readonly ids: IdGenerator,
  ) {}

  async decide(storeId: Uuid, run: readonly ImportLine[]): Promise<DecidedRun> {
    const ready: Ready[] = [];
    const settled: SettledLine[] = [];
    const refused: { readonly line: ImportLine & { readonly recordId: Uuid }; readonly error: string }[] = [];
    const source = this.cachedSource();
    const now = await this.clock.now(storeId);
    for (const line of run) {
      const { body, recordId } = line;
      if (body === undefined || recordId === undefined) {
        settled.push({ lineNumber: line.lineNumber, outcome: { status: 'failed', error: 'the line holds no record' } });
        continue;
      }
      const record = storedRecord(body);
      const prepared =
        'error' in record
          ? E.left(record.error)
          : E.mapLeft(importErrorDetail)(
              await prepareSubscription(storeId, record.data, source, now, recordIdFirst(recordId, this.ids)),
            );
      if (E.isLeft(prepared)) refused.push({ line: { ...line, recordId }, error: prepared.left });
      else ready.push({ lineNumber: line.lineNumber, prepared: prepared.right });
    }
    // A line refused now may have been stored by an earlier run, while its offering was still there.
    const stored =
      refused.length === 0
        ? new Set<Uuid>()
        : await this.subscriptions.existing(
            storeId,
            refused.map((r) => r.line.recordId),
          );
    for (const { line, error } of refused)
      settled.push({
        lineNumber: line.lineNumber,
        outcome: stored.has(line.recordId) ? { status: 'imported' } : { status: 'failed', error },
      });
    return { ready, settled };
  }

  /**
   * Stores a decided run once the marks of all but the run before it are written, and hands how each line
   * ended to `marks`. What was decided is handed over even when the storage failed: the next run starts
   * after it.
   */
  async store(storeId: Uuid, decided: DecidedRun, marks: LineMarks): Promise<void> {
    try {
      await marks.behindLast();
      await this.storeReady(storeId, decided.ready, decided.settled);
    } finally {
      marks.add(decided.settled);
    }
  }

  /**
   * Stores the batch as it is first: on a first run none of its records exists, and the batch is stored
   * without looking. When that fails (a run before this one stored some of them, or the storage refused
   * the batch), the records already stored are left out and the rest tried again; when that fails too,
   * they are stored one at a time.
   */
  private async storeReady(storeId: Uuid, ready: readonly Ready[], settled: SettledLine[]): Promise<void> {
    const imported = (lines: readonly Ready[]) => {
      for (const { lineNumber } of lines) settled.push({ lineNumber, outcome: { status: 'imported' } });
    };
    const attempt = (lines: readonly Ready[]) =>
      this.subscriptions
        .insertMany(
          storeId,
          lines.map((r) => r.prepared),
          subscriptionsStored,
        )
        .then(
          () => true,
          () => false,
        );
    if (ready.length === 0 || (await attempt(ready))) return imported(ready);
    const stored = await this.subscriptions.existing(
      storeId,
      ready.map((r) => r.prepared.subscription.id),
    );
    const [already, rest] = [
      ready.filter((r) => stored.has(r.prepared.subscription.id)),
      ready.filter((r) => !stored.has(r.prepared.subscription.id)),
    ];
    imported(already);
    if (rest.length === 0 || (await attempt(rest))) return imported(rest);
    for (const line of rest) {
      const { subscription, firstInvoice } = line.prepared;
      // The storage's failure here is the line's own, and stops the run at it, as it would alone.
      await this.subscriptions.insert(subscription, firstInvoice, subscriptionsStored);
      imported([line]);
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
      snapshot: (offering) =>
        once(snapshots, `${offering.id}:${offering.version}`, () => this.subscriptions.snapshotOffering(offering)),
    };
  }
}
