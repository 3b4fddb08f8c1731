import * as E from 'fp-ts/lib/Either.js';
import { inject, injectable, optional } from 'inversify';
import type { OfferingRepository } from '../../../../application/ports/catalogue/offering-repository.js';
import type { ChangeEvent, ChangeEventsOf } from '../../../../application/ports/integrations/observed-payloads.js';
import {
  type Missing,
  missing,
  type OriginalGone,
  originalGone,
} from '../../../../application/ports/storage-outcomes.js';
import { externalProductRefs, type Offering } from '../../../../domain/catalogue/offering.js';
import type { OfferingQuery } from '../../../../domain/catalogue/offering-query.js';
import type { Page } from '../../../../domain/query/page.js';
import type { Uuid } from '../../../../domain/shared/uuid.js';
import { prorationPolicyOf } from '../billing/offering-proration-policies.js';
import { listOf } from '../in-memory-list.js';
import type { InMemoryState } from '../in-memory-state.js';
import { IN_MEMORY } from '../in-memory-tokens.js';
import type { InMemoryOutbox } from '../integrations/in-memory-outbox.js';
import { catalogueFields } from './in-memory-catalogue-repository.js';

@injectable()
export class InMemoryOfferingRepository implements OfferingRepository {
  constructor(
    @inject(IN_MEMORY.State) private readonly state: InMemoryState,
    @inject(IN_MEMORY.Outbox) @optional() private readonly outbox?: InMemoryOutbox,
  ) {}

  /** The database refuses copies of deleted originals through foreign keys; this is the same rule. */
  private originalsExist(offering: Offering): boolean {
    return (
      offering.products.every((p) => p.originId === undefined || this.state.products.has(p.originId)) &&
      offering.plans.every((p) => p.originId === undefined || this.state.plans.has(p.originId))
    );
  }

  async insert(offering: Offering, events: readonly ChangeEvent[]): Promise<E.Either<OriginalGone, void>> {
    if (this.state.offerings.has(offering.id)) throw new Error(`duplicate id ${offering.id}`);
    if (!this.originalsExist(offering)) return E.left(originalGone);
    this.state.offerings.set(offering.id, offering);
    this.outbox?.record(offering.storeId, events);
    return E.right(undefined);
  }

  async findById(storeId: Uuid, id: Uuid): Promise<Offering | undefined> {
    const offering = this.state.offerings.get(id);
    return offering?.storeId === storeId ? offering : undefined;
  }

  async update(
    storeId: Uuid,
    id: Uuid,
    change: (current: Offering) => Offering,
    eventsOf: ChangeEventsOf<Offering>,
  ): Promise<E.Either<Missing | OriginalGone, Offering>> {
    const current = this.state.offerings.get(id);
    if (current?.storeId !== storeId) return E.left(missing);
    const updated = change(current);
    if (!this.originalsExist(updated)) return E.left(originalGone);
    this.state.offerings.set(id, updated);
    this.outbox?.record(storeId, eventsOf(updated));
    return E.right(updated);
  }

  async delete(storeId: Uuid, id: Uuid, events: readonly ChangeEvent[]): Promise<boolean> {
    if (this.state.offerings.get(id)?.storeId !== storeId) return false;
    this.state.offerings.delete(id);
    this.outbox?.record(storeId, events);
    return true;
  }

  async list(storeId: Uuid, query: OfferingQuery): Promise<Page<Offering>> {
    const ofStore = [...this.state.offerings.values()].filter((o) => o.storeId === storeId);
    const catalogue = catalogueFields<Offering>();
    return listOf(ofStore, query, {
      ...catalogue,
      fields: {
        ...catalogue.fields,
        external_product_refs: externalProductRefs,
        'plans.external_ref': externalProductRefs,
        proration_policy_id: (o) => prorationPolicyOf(this.state, o.id),
      },
    });
  }
}
