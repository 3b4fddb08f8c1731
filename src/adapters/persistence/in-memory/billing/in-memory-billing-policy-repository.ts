import * as E from 'fp-ts/lib/Either.js';
import type { BillingPolicyRepository } from '../../../../application/ports/billing/billing-policy-repository.js';
import {
  inUse,
  missing,
  taken,
  type InUse,
  type Missing,
  type Taken,
} from '../../../../application/ports/storage-outcomes.js';
import type { Page } from '../../../../domain/query/page.js';
import type { Uuid } from '../../../../domain/shared/uuid.js';
import type {
  BillingPolicy,
  BillingPolicyKind,
  BillingPolicyQuery,
} from '../../../../domain/billing/billing-policy.js';
import { listOf } from '../in-memory-list.js';

import { goneNow, presentNow, type InMemoryOutbox } from '../integrations/in-memory-outbox.js';
import type { ObservedPayloads } from '../../../../application/ports/integrations/observed-payloads.js';

/** What a kind of record tells integrations (schedules do), in memory. */
export interface ObservedPolicies<A> {
  readonly outbox: InMemoryOutbox;
  readonly prefix: 'subscription-schedule';
  readonly type: string;
  readonly render: (payloads: ObservedPayloads, record: BillingPolicy<A>) => unknown;
}

/** Proration policies and dunning rules held in a map; `referredTo` says whether anything still refers to a record. */
export class InMemoryBillingPolicyRepository<A> implements BillingPolicyRepository<A> {
  constructor(
    protected readonly records: Map<string, BillingPolicy<A>>,
    private readonly kind: BillingPolicyKind<A, unknown>,
    private readonly referredTo: (id: Uuid) => boolean = () => false,
    private readonly observed?: ObservedPolicies<A>,
  ) {}

  /** Whether another record of the store holds the exclusive value `record` would hold. */
  private takenBy(record: BillingPolicy<A>): boolean {
    const value = this.kind.exclusiveValue(record.attributes);
    if (value === undefined) return false;
    return [...this.records.values()].some(
      (other) =>
        other.storeId === record.storeId &&
        other.id !== record.id &&
        this.kind.exclusiveValue(other.attributes) === value,
    );
  }

  async insert(record: BillingPolicy<A>): Promise<E.Either<Taken, void>> {
    if (this.records.has(record.id)) throw new Error(`duplicate id ${record.id}`);
    if (this.takenBy(record)) return E.left(taken);
    this.records.set(record.id, record);
    const observed = this.observed;
    observed?.outbox.record(record.storeId, [
      presentNow(`${observed.prefix}.created`, (p) => observed.render(p, record)),
    ]);
    return E.right(undefined);
  }

  async findById(storeId: Uuid, id: Uuid): Promise<BillingPolicy<A> | undefined> {
    const found = this.records.get(id);
    return found?.storeId === storeId ? found : undefined;
  }

  async findByExclusiveValue(storeId: Uuid, value: string): Promise<BillingPolicy<A> | undefined> {
    return [...this.records.values()].find(
      (record) => record.storeId === storeId && this.kind.exclusiveValue(record.attributes) === value,
    );
  }

  async update<R>(
    storeId: Uuid,
    id: Uuid,
    change: (current: BillingPolicy<A>) => E.Either<R, BillingPolicy<A>>,
  ): Promise<E.Either<Missing | Taken | R, BillingPolicy<A>>> {
    const current = this.records.get(id);
    if (current?.storeId !== storeId) return E.left(missing);
    const changed = change(current);
    if (E.isLeft(changed)) return changed;
    if (this.takenBy(changed.right)) return E.left(taken);
    this.records.set(id, changed.right);
    const observed = this.observed;
    const after = changed.right;
    observed?.outbox.record(storeId, [presentNow(`${observed.prefix}.updated`, (p) => observed.render(p, after))]);
    return changed;
  }

  async delete(storeId: Uuid, id: Uuid): Promise<E.Either<Missing | InUse, void>> {
    if (this.records.get(id)?.storeId !== storeId) return E.left(missing);
    if (this.referredTo(id)) return E.left(inUse);
    this.records.delete(id);
    const observed = this.observed;
    observed?.outbox.record(storeId, [goneNow(`${observed.prefix}.deleted`, observed.type, id)]);
    return E.right(undefined);
  }

  async list(storeId: Uuid, query: BillingPolicyQuery): Promise<Page<BillingPolicy<A>>> {
    const ofStore = [...this.records.values()].filter((r) => r.storeId === storeId);
    return listOf(ofStore, query, {
      fields: { external_ref: (r) => this.kind.exclusiveValue(r.attributes) },
      ordered: (r) => r,
      keepsRunningCount: false,
    });
  }
}
