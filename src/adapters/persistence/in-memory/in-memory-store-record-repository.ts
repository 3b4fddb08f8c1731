import * as E from 'fp-ts/lib/Either.js';
import type {
  ChangeEvent,
  ChangeEventsOf,
  ObservedSubject,
} from '../../../application/ports/integrations/observed-payloads.js';
import {
  type InUse,
  inUse,
  type Missing,
  missing,
  type Taken,
  taken,
} from '../../../application/ports/storage-outcomes.js';
import type { StoreRecordRepository } from '../../../application/ports/store-record-repository.js';
import type { Page } from '../../../domain/query/page.js';
import type { Uuid } from '../../../domain/shared/uuid.js';
import type { StoreRecord, StoreRecordKind, StoreRecordQuery } from '../../../domain/store-records/store-record.js';
import { listOf } from './in-memory-list.js';
import type { InMemoryOutbox } from './integrations/in-memory-outbox.js';

/** Proration policies, dunning rules and schedules held in a map; `referredTo` says whether anything still refers to a record. */
export class InMemoryStoreRecordRepository<A> implements StoreRecordRepository<A> {
  constructor(
    protected readonly records: Map<string, StoreRecord<A>>,
    private readonly kind: StoreRecordKind<A, unknown, ObservedSubject>,
    private readonly referredTo: (id: Uuid) => boolean = () => false,
    private readonly outbox?: InMemoryOutbox,
  ) {}

  /** Whether another record of the store holds the exclusive value `record` would hold. */
  private takenBy(record: StoreRecord<A>): boolean {
    const value = this.kind.exclusiveValue(record.attributes);
    if (value === undefined) return false;
    return [...this.records.values()].some(
      (other) =>
        other.storeId === record.storeId &&
        other.id !== record.id &&
        this.kind.exclusiveValue(other.attributes) === value,
    );
  }

  async insert(record: StoreRecord<A>, events: readonly ChangeEvent[]): Promise<E.Either<Taken, void>> {
    if (this.records.has(record.id)) throw new Error(`duplicate id ${record.id}`);
    if (this.takenBy(record)) return E.left(taken);
    this.records.set(record.id, record);
    this.outbox?.record(record.storeId, events);
    return E.right(undefined);
  }

  async findById(storeId: Uuid, id: Uuid): Promise<StoreRecord<A> | undefined> {
    const found = this.records.get(id);
    return found?.storeId === storeId ? found : undefined;
  }

  async findByExclusiveValue(storeId: Uuid, value: string): Promise<StoreRecord<A> | undefined> {
    return [...this.records.values()].find(
      (record) => record.storeId === storeId && this.kind.exclusiveValue(record.attributes) === value,
    );
  }

  async update<R>(
    storeId: Uuid,
    id: Uuid,
    change: (current: StoreRecord<A>) => E.Either<R, StoreRecord<A>>,
    eventsOf: ChangeEventsOf<StoreRecord<A>>,
  ): Promise<E.Either<Missing | Taken | R, StoreRecord<A>>> {
    const current = this.records.get(id);
    if (current?.storeId !== storeId) return E.left(missing);
    const changed = change(current);
    if (E.isLeft(changed)) return changed;
    if (this.takenBy(changed.right)) return E.left(taken);
    this.records.set(id, changed.right);
    this.outbox?.record(storeId, eventsOf(changed.right));
    return changed;
  }

  async delete(storeId: Uuid, id: Uuid, events: readonly ChangeEvent[]): Promise<E.Either<Missing | InUse, void>> {
    if (this.records.get(id)?.storeId !== storeId) return E.left(missing);
    if (this.referredTo(id)) return E.left(inUse);
    this.records.delete(id);
    this.outbox?.record(storeId, events);
    return E.right(undefined);
  }

  async list(storeId: Uuid, query: StoreRecordQuery): Promise<Page<StoreRecord<A>>> {
    const ofStore = [...this.records.values()].filter((r) => r.storeId === storeId);
    return listOf(ofStore, query, {
      fields: { external_ref: (r) => this.kind.exclusiveValue(r.attributes) },
      ordered: (r) => r,
      keepsRunningCount: false,
    });
  }
}
