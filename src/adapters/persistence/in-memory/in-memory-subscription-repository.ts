import { randomUUID } from 'node:crypto';
import * as E from 'fp-ts/lib/Either.js';
import { inject, injectable } from 'inversify';
import type { StateChange, SubscriptionFilterField, SubscriptionPage, SubscriptionQuery, SubscriptionRepository } from '../../../application/ports/subscription-repository.js';
import type { DomainError } from '../../../domain/shared/errors.js';
import { parseUuid, type Uuid } from '../../../domain/shared/uuid.js';
import type { Offering } from '../../../domain/subscription/offering.js';
import type { SubscriptionStateRecord } from '../../../domain/subscription/subscription-state.js';
import type { Subscription } from '../../../domain/subscription/subscription.js';
import { pageOf } from './in-memory-list.js';
import type { InMemoryState } from './in-memory-state.js';
import { IN_MEMORY } from './in-memory-tokens.js';

const fieldOf = (s: Subscription, field: SubscriptionFilterField): string | undefined => {
  switch (field) {
    case 'account_id':
      return s.accountId;
    case 'name':
      return s.name;
    case 'email':
      return s.email;
    case 'external_ref':
      return s.externalRef;
  }
};

@injectable()
export class InMemorySubscriptionRepository implements SubscriptionRepository {
  constructor(@inject(IN_MEMORY.State) private readonly state: InMemoryState) {}

  private snapshot(versionId: Uuid): Offering {
    const offering = this.state.offeringVersions.get(versionId);
    if (offering === undefined) throw new Error(`offering version ${versionId} is missing`);
    return offering;
  }

  async snapshotOffering(offering: Offering): Promise<Uuid> {
    const key = `${offering.id}:${offering.version}`;
    const existing = parseUuid(this.state.offeringVersionIds.get(key));
    if (existing !== undefined) return existing;
    const id = parseUuid(randomUUID());
    if (id === undefined) throw new Error('randomUUID returned a malformed id');
    this.state.offeringVersionIds.set(key, id);
    this.state.offeringVersions.set(id, offering);
    return id;
  }

  async insert(subscription: Subscription): Promise<void> {
    if (this.state.subscriptions.has(subscription.id)) throw new Error(`duplicate id ${subscription.id}`);
    this.snapshot(subscription.offeringVersionId);
    this.state.subscriptions.set(subscription.id, subscription);
  }

  async findById(storeId: Uuid, id: Uuid): Promise<{ readonly subscription: Subscription; readonly offering: Offering } | undefined> {
    const subscription = this.state.subscriptions.get(id);
    return subscription?.storeId === storeId ? { subscription, offering: this.snapshot(subscription.offeringVersionId) } : undefined;
  }

  async list(storeId: Uuid, query: SubscriptionQuery): Promise<SubscriptionPage> {
    const ofStore = [...this.state.subscriptions.values()].filter((s) => s.storeId === storeId);
    const page = pageOf(ofStore, query, fieldOf, (s) => s.timestamps.createdAt, true);
    return { ...page, offerings: new Map(page.items.map((s) => [s.offeringVersionId, this.snapshot(s.offeringVersionId)])) };
  }

  async applyState(storeId: Uuid, id: Uuid, change: StateChange): Promise<E.Either<DomainError | 'not-found', SubscriptionStateRecord>> {
    const current = this.state.subscriptions.get(id);
    if (current?.storeId !== storeId) return E.left('not-found');
    const changed = change(current, this.snapshot(current.offeringVersionId));
    if (E.isLeft(changed)) return changed;
    this.state.subscriptions.set(id, changed.right.subscription);
    this.state.subscriptionStates.set(id, [...(this.state.subscriptionStates.get(id) ?? []), changed.right.state]);
    return E.right(changed.right.state);
  }

  async listStates(storeId: Uuid, id: Uuid): Promise<readonly SubscriptionStateRecord[] | undefined> {
    if (this.state.subscriptions.get(id)?.storeId !== storeId) return undefined;
    return this.state.subscriptionStates.get(id) ?? [];
  }
}
