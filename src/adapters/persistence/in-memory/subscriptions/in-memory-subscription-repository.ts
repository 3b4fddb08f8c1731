import * as E from 'fp-ts/lib/Either.js';
import { inject, injectable, optional } from 'inversify';
import type { ChangeEventsOf } from '../../../../application/ports/integrations/observed-payloads.js';
import { type InUse, inUse, type Missing, missing } from '../../../../application/ports/storage-outcomes.js';
import type { SubscriptionDocuments } from '../../../../application/ports/subscriptions/subscription-documents.js';
import type {
  AppliedState,
  NewSubscription,
  StateChange,
  StateChangeOptions,
  StoredSubscription,
  SubscriptionChange,
  SubscriptionDocumentPage,
  SubscriptionPage,
  SubscriptionRepository,
  SubscriptionWithOffering,
  UpdatedSubscription,
  WithdrawsProForma,
} from '../../../../application/ports/subscriptions/subscription-repository.js';
import type { IdGenerator } from '../../../../application/ports/system.js';
import { TOKENS } from '../../../../application/tokens.js';
import type { Invoice, InvoiceDraft } from '../../../../domain/billing/invoices/invoice.js';
import { isProForma, withdrawnFrom } from '../../../../domain/billing/invoices/pro-forma.js';
import type { Offering } from '../../../../domain/catalogue/offering.js';
import { firesNothing } from '../../../../domain/events/domain-event.js';
import { type Page, type PageRequest, pageOfAll } from '../../../../domain/query/page.js';
import type { DomainError } from '../../../../domain/shared/errors.js';
import { parseUuid, type Uuid } from '../../../../domain/shared/uuid.js';
import type { Subscription, SubscriptionStateRecord } from '../../../../domain/subscriptions/subscription.js';
import type {
  SubscriptionFilterField,
  SubscriptionQuery,
} from '../../../../domain/subscriptions/subscription-query.js';
import { storeNumberedInvoices } from '../billing/numbered-invoices.js';
import { type ListedFields, listOf } from '../in-memory-list.js';
import type { InMemoryState } from '../in-memory-state.js';
import { IN_MEMORY } from '../in-memory-tokens.js';
import type { InMemoryOutbox } from '../integrations/in-memory-outbox.js';
import { subscriptionReached } from './subscription-reach.js';

const SUBSCRIPTION_FIELDS: ListedFields<Subscription, SubscriptionFilterField> = {
  fields: {
    account_id: (s) => s.accountId,
    name: (s) => s.name,
    email: (s) => s.email,
    external_ref: (s) => s.externalRef,
  },
  ordered: (s) => ({ id: s.id, createdAt: s.timestamps.createdAt }),
  keepsRunningCount: true,
};

@injectable()
export class InMemorySubscriptionRepository implements SubscriptionRepository {
  constructor(
    @inject(IN_MEMORY.State) private readonly state: InMemoryState,
    @inject(TOKENS.IdGenerator) private readonly ids: IdGenerator,
    @inject(TOKENS.SubscriptionDocuments) private readonly documents: SubscriptionDocuments,
    @inject(IN_MEMORY.Outbox) @optional() private readonly outbox?: InMemoryOutbox,
  ) {}

  /**
   * Each stored subscription's document, made once: a change stores a new object (and a billing run's
   * `invoiceAfter` or status one too), so a document is never older than the subscription it was made of.
   */
  private readonly rendered = new WeakMap<Subscription, string>();

  private documentOf(subscription: Subscription, offering: Offering): string {
    let document = this.rendered.get(subscription);
    if (document === undefined) {
      document = this.documents.render(subscription, offering);
      this.rendered.set(subscription, document);
    }
    return document;
  }

  private snapshot(versionId: Uuid): Offering {
    const offering = this.state.offeringVersions.get(versionId);
    if (offering === undefined) throw new Error(`offering version ${versionId} is missing`);
    return offering;
  }

  async snapshotOffering(offering: Offering): Promise<Uuid> {
    const key = `${offering.id}:${offering.version}`;
    const existing = parseUuid(this.state.offeringVersionIds.get(key));
    if (existing !== undefined) return existing;
    const id = this.ids.uuid();
    this.state.offeringVersionIds.set(key, id);
    this.state.offeringVersions.set(id, offering);
    return id;
  }

  async insert(
    subscription: Subscription,
    firstInvoice: InvoiceDraft | undefined,
    eventsOf: ChangeEventsOf<readonly StoredSubscription[]>,
  ): Promise<void> {
    this.store(subscription, firstInvoice, eventsOf);
  }

  private store(
    subscription: Subscription,
    firstInvoice: InvoiceDraft | undefined,
    eventsOf: ChangeEventsOf<readonly StoredSubscription[]>,
  ): void {
    if (this.state.subscriptions.has(subscription.id)) throw new Error(`duplicate id ${subscription.id}`);
    const offering = this.snapshot(subscription.offeringVersionId);
    this.state.subscriptions.set(subscription.id, subscription);
    const {
      invoices: [invoice],
    } = storeNumberedInvoices(this.state, subscription.storeId, firstInvoice === undefined ? [] : [firstInvoice]);
    this.outbox?.record(
      subscription.storeId,
      eventsOf([
        invoice === undefined ? { subscription, offering } : { subscription, offering, firstInvoice: invoice },
      ]),
    );
  }

  async insertMany(
    storeId: Uuid,
    created: readonly NewSubscription[],
    eventsOf: ChangeEventsOf<readonly StoredSubscription[]>,
  ): Promise<void> {
    // All or nothing, as one transaction: every check before the first write.
    const ids = new Set(created.map((c) => c.subscription.id));
    if (ids.size < created.length) throw new Error('duplicate id among the subscriptions to store');
    for (const { subscription } of created) {
      if (subscription.storeId !== storeId)
        throw new Error(`subscription ${subscription.id} is not of store ${storeId}`);
      if (this.state.subscriptions.has(subscription.id)) throw new Error(`duplicate id ${subscription.id}`);
      this.snapshot(subscription.offeringVersionId);
    }
    for (const { subscription, firstInvoice } of created) this.store(subscription, firstInvoice, eventsOf);
  }

  async idsOfOffering(storeId: Uuid, offeringId: Uuid): Promise<readonly Uuid[]> {
    return [...this.state.subscriptions.values()]
      .filter((s) => s.storeId === storeId && s.offeringId === offeringId)
      .sort(
        (a, b) =>
          a.timestamps.createdAt.getTime() - b.timestamps.createdAt.getTime() ||
          (a.id < b.id ? -1 : a.id > b.id ? 1 : 0),
      )
      .map((s) => s.id);
  }

  async existing(storeId: Uuid, ids: readonly Uuid[]): Promise<ReadonlySet<Uuid>> {
    return new Set(ids.filter((id) => this.state.subscriptions.get(id)?.storeId === storeId));
  }

  async setInactive(storeId: Uuid, ids: readonly Uuid[], inactive: boolean): Promise<void> {
    for (const id of ids) {
      const found = this.state.subscriptions.get(id);
      if (found?.storeId !== storeId) continue;
      const { inactive: _was, ...rest } = found;
      this.state.subscriptions.set(id, inactive ? { ...rest, inactive: true } : rest);
    }
  }

  async findById(storeId: Uuid, id: Uuid, accountId?: string): Promise<SubscriptionWithOffering | undefined> {
    const subscription = subscriptionReached(this.state, storeId, id, accountId);
    return subscription === undefined
      ? undefined
      : { subscription, offering: this.snapshot(subscription.offeringVersionId) };
  }

  async ofAccounts(storeId: Uuid, accountIds: readonly string[]): Promise<readonly SubscriptionWithOffering[]> {
    const accounts = new Set(accountIds);
    return [...this.state.subscriptions.values()]
      .filter((s) => s.storeId === storeId && accounts.has(s.accountId))
      .map((subscription) => ({ subscription, offering: this.snapshot(subscription.offeringVersionId) }));
  }

  async list(storeId: Uuid, query: SubscriptionQuery): Promise<SubscriptionPage> {
    const ofStore = [...this.state.subscriptions.values()].filter((s) => s.storeId === storeId);
    const page = listOf(ofStore, query, SUBSCRIPTION_FIELDS);
    return {
      ...page,
      offerings: new Map(page.items.map((s) => [s.offeringVersionId, this.snapshot(s.offeringVersionId)])),
    };
  }

  async listDocuments(storeId: Uuid, query: SubscriptionQuery): Promise<SubscriptionDocumentPage> {
    const { items, offerings, ...page } = await this.list(storeId, query);
    return {
      ...page,
      offerings,
      items: items.map((subscription) => ({
        id: subscription.id,
        createdAt: subscription.timestamps.createdAt,
        offeringVersionId: subscription.offeringVersionId,
        document: this.documentOf(subscription, this.snapshot(subscription.offeringVersionId)),
        inactive: subscription.inactive === true,
        invoiceAfter: subscription.invoiceAfter,
      })),
    };
  }

  /** Every stored subscription's document is made of it when first read: none is ever left behind. */
  async keepDocuments(): Promise<{ readonly made: number }> {
    return { made: 0 };
  }

  async update(
    storeId: Uuid,
    id: Uuid,
    change: SubscriptionChange,
    eventsOf: ChangeEventsOf<UpdatedSubscription> = firesNothing,
    options: WithdrawsProForma = {},
  ): Promise<E.Either<DomainError | Missing, SubscriptionWithOffering>> {
    const found = this.state.subscriptions.get(id);
    if (found?.storeId !== storeId) return E.left(missing);
    const offering = this.snapshot(found.offeringVersionId);
    const { current, kept, withdraw } = this.withoutProForma(found, options.withdrawProFormaAt);
    let latest: Invoice['billingPeriod'] | undefined;
    for (const invoice of kept) {
      if (latest === undefined || invoice.billingPeriod.start > latest.start) latest = invoice.billingPeriod;
    }
    const changed = change(current, offering, latest);
    if (E.isLeft(changed)) return changed;
    withdraw();
    const { id: _id, storeId: _store, offeringId, offeringVersionId, timestamps } = current;
    this.state.subscriptions.set(id, {
      ...changed.right,
      id,
      storeId,
      offeringId,
      offeringVersionId,
      timestamps: { ...changed.right.timestamps, createdAt: timestamps.createdAt },
    });
    const stored = this.state.subscriptions.get(id) ?? changed.right;
    this.outbox?.record(storeId, eventsOf({ previous: current, subscription: stored, offering }));
    return E.right({ subscription: stored, offering });
  }

  /**
   * The subscription's invoices a change at `at` keeps, the subscription as the change sees it (its
   * `invoiceAfter` back where withdrawn pro-forma invoices began), and the withdrawal, run once the change is made.
   */
  private withoutProForma(
    subscription: Subscription,
    at: Date | undefined,
  ): { current: Subscription; kept: readonly Invoice[]; withdraw: () => void } {
    const invoices = [...this.state.invoices.values()].filter((i) => i.subscriptionId === subscription.id);
    const from = at === undefined ? undefined : withdrawnFrom(invoices, at);
    if (at === undefined || from === undefined) return { current: subscription, kept: invoices, withdraw: () => {} };
    const gone = invoices.filter((i) => isProForma(i, at));
    return {
      current: { ...subscription, invoiceAfter: from },
      kept: invoices.filter((i) => !gone.includes(i)),
      withdraw: () => {
        for (const invoice of gone) this.state.invoices.delete(invoice.id);
      },
    };
  }

  async applyState(
    storeId: Uuid,
    id: Uuid,
    change: StateChange,
    eventsOf: ChangeEventsOf<AppliedState>,
    options: StateChangeOptions = {},
  ): Promise<E.Either<DomainError | Missing, SubscriptionStateRecord>> {
    const found = subscriptionReached(this.state, storeId, id, options.accountId);
    if (found === undefined) return E.left(missing);
    const { current, kept, withdraw } = this.withoutProForma(found, options.withdrawProFormaAt);
    let invoicedThrough: Date | undefined;
    for (const invoice of kept) {
      if (invoicedThrough === undefined || invoice.billingPeriod.end > invoicedThrough)
        invoicedThrough = invoice.billingPeriod.end;
    }
    const offering = this.snapshot(current.offeringVersionId);
    const changed = change(current, offering, invoicedThrough);
    if (E.isLeft(changed)) return changed;
    withdraw();
    this.state.subscriptions.set(id, changed.right.subscription);
    this.state.subscriptionStates.set(id, [...(this.state.subscriptionStates.get(id) ?? []), changed.right.state]);
    const { subscription: after, state, firstInvoice } = changed.right;
    const {
      invoices: [invoice],
    } = storeNumberedInvoices(this.state, storeId, firstInvoice === undefined ? [] : [firstInvoice]);
    this.outbox?.record(
      storeId,
      eventsOf(
        invoice === undefined
          ? { state, previous: current, subscription: after, offering }
          : { state, previous: current, subscription: after, offering, firstInvoice: invoice },
      ),
    );
    return E.right(changed.right.state);
  }

  async delete(storeId: Uuid, id: Uuid): Promise<E.Either<Missing | InUse, void>> {
    if (this.state.subscriptions.get(id)?.storeId !== storeId) return E.left(missing);
    if ([...this.state.invoicePayments.values()].some((payment) => payment.subscriptionId === id)) return E.left(inUse);
    for (const [invoiceId, invoice] of this.state.invoices)
      if (invoice.subscriptionId === id) this.state.invoices.delete(invoiceId);
    this.state.subscriptions.delete(id);
    this.state.subscriptionStates.delete(id);
    return E.right(undefined);
  }

  async findState(
    storeId: Uuid,
    id: Uuid,
    stateId: Uuid,
    accountId?: string,
  ): Promise<SubscriptionStateRecord | undefined> {
    if (subscriptionReached(this.state, storeId, id, accountId) === undefined) return undefined;
    return this.state.subscriptionStates.get(id)?.find((state) => state.id === stateId);
  }

  async listStates(
    storeId: Uuid,
    id: Uuid,
    page: PageRequest,
    accountId?: string,
  ): Promise<Page<SubscriptionStateRecord> | undefined> {
    if (subscriptionReached(this.state, storeId, id, accountId) === undefined) return undefined;
    const history = this.state.subscriptionStates.get(id) ?? [];
    return pageOfAll(history, page);
  }
}
