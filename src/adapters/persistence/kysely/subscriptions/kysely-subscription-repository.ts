import * as E from 'fp-ts/lib/Either.js';
import { inject, injectable } from 'inversify';
import { type Kysely, sql } from 'kysely';
import type { ChangeEventsOf } from '../../../../application/ports/integrations/observed-payloads.js';
import { type InUse, inUse, type Missing, missing } from '../../../../application/ports/storage-outcomes.js';
import type { SubscriptionDocuments } from '../../../../application/ports/subscriptions/subscription-documents.js';
import type {
  AppliedState,
  ListedSubscription,
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
import type { InvoiceDraft } from '../../../../domain/billing/invoices/invoice.js';
import type { Offering } from '../../../../domain/catalogue/offering.js';
import { firesNothing } from '../../../../domain/events/domain-event.js';
import type { Ordered } from '../../../../domain/query/order.js';
import { type Counting, countingOf, type Page, type PageRequest, pageOf } from '../../../../domain/query/page.js';
import type { DomainError } from '../../../../domain/shared/errors.js';
import type { Uuid } from '../../../../domain/shared/uuid.js';
import type { Subscription, SubscriptionStateRecord } from '../../../../domain/subscriptions/subscription.js';
import type {
  SubscriptionFilterField,
  SubscriptionQuery,
} from '../../../../domain/subscriptions/subscription-query.js';
import { ensureInvoiceCounter, lockInvoiceCounter } from '../billing/invoice-counter.js';
import { bool } from '../billing/invoice-rows.js';
import { storeNumberedInvoices } from '../billing/numbered-invoices.js';
import { kept, type ProFormaFound, proFormaAt, withdraw } from '../billing/pro-forma-withdrawal.js';
import { offeringToJson } from '../catalogue/offering-json.js';
import { SnapshotCache } from '../catalogue/snapshot-cache.js';
import { retryingDeadlocks } from '../engine/database-faults.js';
import type { DatabaseHandle } from '../engine/open-database.js';
import type { Tables } from '../engine/schema.js';
import { isUniqueViolation, toNumber } from '../engine/sql-flavor.js';
import type { KyselyOutbox } from '../integrations/kysely-outbox.js';
import { PERSISTENCE } from '../persistence-tokens.js';
import { insertRows } from '../sql/bulk-insert.js';
import { chunks } from '../sql/chunks.js';
import { CompiledStatements, type Slot } from '../sql/compiled-statements.js';
import {
  afterNewestFirst,
  cappedTotal,
  type FilterColumn,
  type FilterTerm,
  filterTerms,
  matchingTerms,
  newestFirst,
} from '../sql/kysely-list.js';
import { storedUuid } from '../sql/stored-json.js';
import { DOCUMENTED_BODY, subscriptionBody } from './subscription-json.js';
import {
  appendState,
  changedColumns,
  loadOfferings,
  SUBSCRIPTION_COLUMNS,
  stateFromRow,
  storedInvoiceAfter,
  subscriptionColumnsOf,
  subscriptionFromRow,
  subscriptionToRow,
} from './subscription-rows.js';

/** The subscription as a change sees it: its `invoice_after` back where withdrawn pro-forma invoices began. */
const withdrawnFromRow = (row: Parameters<typeof subscriptionFromRow>[0], found: ProFormaFound): Subscription => {
  const subscription = subscriptionFromRow(row);
  return found.from === undefined ? subscription : { ...subscription, invoiceAfter: found.from };
};

const FILTER_COLUMNS: Readonly<Record<SubscriptionFilterField, FilterColumn>> = {
  account_id: { column: 'account_id' },
  name: { column: 'name', key: 'name_key' },
  email: { column: 'email', key: 'email_key' },
  external_ref: { column: 'external_ref', key: 'external_ref_key' },
};

/** Ids per status update: well under every server's limit on bound parameters. */
const STATUS_CHUNK = 1000;

interface PageInput {
  readonly storeId: string;
  readonly terms: readonly FilterTerm[];
  readonly counting: Counting;
  /** Rows to read: a cursor page reads one more than it shows. */
  readonly limit: number;
  readonly offset: number;
  readonly kind: 'first' | 'deep' | 'cursor';
  /** Where a cursor page starts, past the first. */
  readonly after?: Ordered;
}

const bindPage = (input: PageInput, slot: Slot): PageInput => ({
  storeId: slot(input.storeId),
  terms: input.terms.map((term) =>
    'like' in term
      ? { column: term.column, like: slot(term.like) }
      : 'compare' in term
        ? { column: term.column, compare: term.compare, value: slot(term.value) }
        : { column: term.column, values: term.values.map(slot) },
  ),
  counting: input.counting,
  limit: slot(input.limit),
  offset: slot(input.offset),
  kind: input.kind,
  ...(input.after === undefined ? {} : { after: { createdAt: slot(input.after.createdAt), id: slot(input.after.id) } }),
});

const filteredOf = (db: Kysely<Tables>, input: PageInput) =>
  db.selectFrom('subscriptions').where('store_id', '=', input.storeId).where(matchingTerms(input.terms));

/** Each store keeps a running count of its subscriptions, written in the insert's transaction. */
const totalOf = (db: Kysely<Tables>, input: PageInput) =>
  input.counting === 'exact'
    ? db.selectFrom('stores').select('subscription_count as n').where('id', '=', input.storeId)
    : cappedTotal(db, filteredOf(db, input));

/** Past the first page, the page's ids, picked in the list index alone (a cursor page: a range after its position). */
const idsOfPage = (filtered: ReturnType<typeof filteredOf>, input: PageInput) =>
  input.kind === 'cursor'
    ? newestFirst(
        (input.after === undefined ? filtered : filtered.where(afterNewestFirst(input.after))).select('id'),
      ).limit(input.limit)
    : newestFirst(filtered.select('id')).limit(input.limit).offset(input.offset);

/**
 * One page, with the count beside every row as an uncorrelated subquery, which the database evaluates
 * once: one round trip instead of two. Past the first page, the skipped rows are walked in the index alone
 * and only the page's rows are read whole: MySQL would otherwise read every skipped row. A cursor page is a
 * range of the list index after the cursor's position, so it costs the same at any depth; its ids, too,
 * are picked in the index alone and joined back: asked for whole rows, MariaDB walks the index from the
 * top instead (100,026 rows read for a page at depth 100,000 of a million).
 */
const pageStatement = (db: Kysely<Tables>, input: PageInput) => {
  const filtered = filteredOf(db, input);
  const total = totalOf(db, input);
  if (input.kind === 'first')
    return newestFirst(filtered.select(SUBSCRIPTION_COLUMNS).select(total.as('matched_total')))
      .limit(input.limit)
      .offset(input.offset);
  return newestFirst(
    db
      .selectFrom('subscriptions as s')
      .innerJoin(idsOfPage(filtered, input).as('p'), 'p.id', 's.id')
      .select(subscriptionColumnsOf('s'))
      .select(total.as('matched_total')),
    's',
  );
};

/** What a page of documents reads of each row, besides the document: what the document leaves out. */
const DOCUMENT_COLUMNS = ['id', 'created_at', 'offering_version_id', 'inactive', 'invoice_after'] as const;

/** The row's document, or NULL when its body was written without it since (`DOCUMENTED_BODY`). */
const documentOf = (table: string) =>
  sql<string | null>`case when substr(${sql.ref(`${table}.body`)}, 1, ${sql.lit(DOCUMENTED_BODY.length)}) = ${sql.lit(
    DOCUMENTED_BODY,
  )} then ${sql.ref(`${table}.document`)} end`.as('document');

/** `pageStatement`'s page, each row's document columns alone: a page of 25 reads no body. */
const documentPageStatement = (db: Kysely<Tables>, input: PageInput) => {
  const filtered = filteredOf(db, input);
  const total = totalOf(db, input);
  if (input.kind === 'first')
    return newestFirst(
      filtered.select(DOCUMENT_COLUMNS).select(documentOf('subscriptions')).select(total.as('matched_total')),
    )
      .limit(input.limit)
      .offset(input.offset);
  return newestFirst(
    db
      .selectFrom('subscriptions as s')
      .innerJoin(idsOfPage(filtered, input).as('p'), 'p.id', 's.id')
      .select(DOCUMENT_COLUMNS.map((column) => `s.${column}` as const))
      .select(documentOf('s'))
      .select(total.as('matched_total')),
    's',
  );
};

@injectable()
export class KyselySubscriptionRepository implements SubscriptionRepository {
  private readonly snapshots = new SnapshotCache();
  private readonly pages = new CompiledStatements(bindPage, pageStatement);
  private readonly documentPages = new CompiledStatements(bindPage, documentPageStatement);

  constructor(
    @inject(PERSISTENCE.Database) private readonly handle: DatabaseHandle,
    @inject(TOKENS.IdGenerator) private readonly ids: IdGenerator,
    @inject(PERSISTENCE.Outbox) private readonly outbox: KyselyOutbox,
    @inject(TOKENS.SubscriptionDocuments) private readonly documents: SubscriptionDocuments,
  ) {}

  private async versionId(offering: Offering): Promise<Uuid | undefined> {
    const row = await this.handle.db
      .selectFrom('subscription_offering_versions')
      .select('id')
      .where('offering_id', '=', offering.id)
      .where('version', '=', offering.version)
      .executeTakeFirst();
    return row === undefined ? undefined : storedUuid('offering version', row.id);
  }

  async snapshotOffering(offering: Offering): Promise<Uuid> {
    const existing = await this.versionId(offering);
    if (existing !== undefined) return existing;
    const id = this.ids.uuid();
    try {
      await this.handle.db
        .insertInto('subscription_offering_versions')
        .values({
          id,
          store_id: offering.storeId,
          offering_id: offering.id,
          version: offering.version,
          snapshot: offeringToJson(offering),
          created_at: offering.updatedAt,
        })
        .execute();
      return id;
    } catch (error) {
      // Another request stored this version first: use its snapshot.
      const stored = isUniqueViolation(error) ? await this.versionId(offering) : undefined;
      if (stored === undefined) throw error;
      return stored;
    }
  }

  async insert(
    subscription: Subscription,
    firstInvoice: InvoiceDraft | undefined,
    eventsOf: ChangeEventsOf<readonly StoredSubscription[]>,
  ): Promise<void> {
    await this.store(
      subscription.storeId,
      [{ subscription, ...(firstInvoice === undefined ? {} : { firstInvoice }) }],
      eventsOf,
    );
  }

  async insertMany(
    storeId: Uuid,
    created: readonly NewSubscription[],
    eventsOf: ChangeEventsOf<readonly StoredSubscription[]>,
  ): Promise<void> {
    await this.store(storeId, created, eventsOf);
  }

  private async store(
    storeId: Uuid,
    created: readonly NewSubscription[],
    eventsOf: ChangeEventsOf<readonly StoredSubscription[]>,
  ): Promise<void> {
    if (created.length === 0) return;
    const stranger = created.find((c) => c.subscription.storeId !== storeId);
    if (stranger !== undefined) throw new Error(`subscription ${stranger.subscription.id} is not of store ${storeId}`);
    const invoiced = created.some((c) => c.firstInvoice !== undefined);
    if (invoiced) await ensureInvoiceCounter(this.handle, storeId);
    // Creates and deletes of one store meet on its row; MariaDB may still end one as a deadlock's victim,
    // rolled back whole, so it is run again.
    await retryingDeadlocks(() => this.insertAll(storeId, created, invoiced, eventsOf));
  }

  private async insertAll(
    storeId: Uuid,
    created: readonly NewSubscription[],
    invoiced: boolean,
    eventsOf: ChangeEventsOf<readonly StoredSubscription[]>,
  ): Promise<void> {
    await this.handle.db.transaction().execute(async (trx) => {
      // The store's invoice counter before anything else, as a billing run takes it: its invoices' foreign
      // keys then wait on the store's row this insert holds, and the two never wait on each other.
      const last = invoiced ? await lockInvoiceCounter(trx, storeId) : 0;
      // The store's row first: inserting the subscriptions first would take a shared lock on it (InnoDB's
      // foreign-key check) that two concurrent creates, or a create and a delete, then both try to
      // upgrade, and MariaDB would end one of them as a deadlock. Raised once for the whole batch.
      await trx
        .updateTable('stores')
        .set({ subscription_count: sql`subscription_count + ${created.length}` })
        .where('id', '=', storeId)
        .execute();
      const offerings = await loadOfferings(
        trx,
        this.snapshots,
        created.map((c) => c.subscription.offeringVersionId),
      );
      const offeringOf = (subscription: Subscription): Offering => {
        const offering = offerings.get(subscription.offeringVersionId);
        if (offering === undefined) throw new Error(`offering version ${subscription.offeringVersionId} is missing`);
        return offering;
      };
      await insertRows(
        trx,
        this.handle.flavor,
        'subscriptions',
        created.map(({ subscription }) =>
          subscriptionToRow(subscription, this.documents.render(subscription, offeringOf(subscription))),
        ),
      );
      const { invoices } = await storeNumberedInvoices(
        trx,
        this.handle.flavor,
        storeId,
        last,
        created.flatMap((c) => (c.firstInvoice === undefined ? [] : [c.firstInvoice])),
      );
      const firstInvoices = new Map(invoices.map((invoice) => [invoice.subscriptionId, invoice]));
      // Each subscription's events, and its first invoice's, in the transaction that stores them.
      await this.outbox.record(trx, storeId, async () => {
        const stored = created.map(({ subscription }): StoredSubscription => {
          const offering = offeringOf(subscription);
          const firstInvoice = firstInvoices.get(subscription.id);
          return firstInvoice === undefined ? { subscription, offering } : { subscription, offering, firstInvoice };
        });
        return eventsOf(stored);
      });
    });
  }

  async idsOfOffering(storeId: Uuid, offeringId: Uuid): Promise<readonly Uuid[]> {
    const rows = await this.handle.db
      .selectFrom('subscriptions')
      .select('id')
      .where('store_id', '=', storeId)
      .where('offering_id', '=', offeringId)
      .orderBy('created_at')
      .orderBy('id')
      .execute();
    return rows.map((row) => storedUuid('subscription id', row.id));
  }

  async existing(storeId: Uuid, ids: readonly Uuid[]): Promise<ReadonlySet<Uuid>> {
    const found = new Set<Uuid>();
    for (const part of chunks(ids, STATUS_CHUNK)) {
      const rows = await this.handle.db
        .selectFrom('subscriptions')
        .select('id')
        .where('store_id', '=', storeId)
        .where('id', 'in', part)
        .execute();
      for (const row of rows) found.add(storedUuid('subscription id', row.id));
    }
    return found;
  }

  async setInactive(storeId: Uuid, ids: readonly Uuid[], inactive: boolean): Promise<void> {
    for (const part of chunks(ids, STATUS_CHUNK)) {
      await this.handle.db
        .updateTable('subscriptions')
        .set({ inactive })
        .where('store_id', '=', storeId)
        .where('id', 'in', part)
        .where('inactive', '=', !inactive)
        .execute();
    }
  }

  async findById(storeId: Uuid, id: Uuid, accountId?: string): Promise<SubscriptionWithOffering | undefined> {
    const row = await this.handle.db
      .selectFrom('subscriptions')
      .select(SUBSCRIPTION_COLUMNS)
      .where('store_id', '=', storeId)
      .where('id', '=', id)
      .$if(accountId !== undefined, (q) => q.where('account_id', '=', accountId ?? ''))
      .executeTakeFirst();
    if (row === undefined) return undefined;
    return {
      subscription: subscriptionFromRow(row),
      offering: await this.snapshotOf(this.handle.db, row.offering_version_id),
    };
  }

  async ofAccounts(storeId: Uuid, accountIds: readonly string[]): Promise<readonly SubscriptionWithOffering[]> {
    if (accountIds.length === 0) return [];
    const db = this.handle.db;
    const rows = await db
      .selectFrom('subscriptions')
      .select(SUBSCRIPTION_COLUMNS)
      .where('store_id', '=', storeId)
      .where('account_id', 'in', [...new Set(accountIds)])
      .execute();
    const offerings = await loadOfferings(
      db,
      this.snapshots,
      rows.map((row) => row.offering_version_id),
    );
    return rows.map((row) => {
      const subscription = subscriptionFromRow(row);
      const offering = offerings.get(subscription.offeringVersionId);
      if (offering === undefined) throw new Error(`offering version ${subscription.offeringVersionId} is missing`);
      return { subscription, offering };
    });
  }

  async list(storeId: Uuid, query: SubscriptionQuery): Promise<SubscriptionPage> {
    const { page, rows } = await this.pageOf(this.pages, storeId, query);
    return { ...page, items: rows.map(subscriptionFromRow) };
  }

  async listDocuments(storeId: Uuid, query: SubscriptionQuery): Promise<SubscriptionDocumentPage> {
    const { page, rows } = await this.pageOf(this.documentPages, storeId, query);
    const listed = (
      row: {
        readonly id: string;
        readonly created_at: Date;
        readonly offering_version_id: string;
        readonly inactive: number | boolean;
        readonly invoice_after: Date | null;
      },
      document: string,
    ): ListedSubscription => ({
      id: storedUuid('subscription id', row.id),
      createdAt: row.created_at,
      offeringVersionId: storedUuid('offering version', row.offering_version_id),
      document,
      inactive: bool(row.inactive),
      invoiceAfter: storedInvoiceAfter(row.invoice_after),
    });
    const stale = rows.filter((row) => row.document === null || !this.documents.isCurrent(row.document));
    // Rows written before documents were kept, in an older format, or by an older version since: each is read
    // whole and listed as it is now, its document made afresh; one deleted since is left out.
    const remade = new Map<string, ListedSubscription>();
    if (stale.length > 0) {
      const whole = await this.handle.db
        .selectFrom('subscriptions')
        .select(SUBSCRIPTION_COLUMNS)
        .where(
          'id',
          'in',
          stale.map((row) => row.id),
        )
        .execute();
      for (const row of whole) {
        const subscription = subscriptionFromRow(row);
        const offering = page.offerings.get(subscription.offeringVersionId);
        if (offering === undefined) throw new Error(`offering version ${subscription.offeringVersionId} is missing`);
        remade.set(row.id, listed(row, this.documents.render(subscription, offering)));
      }
    }
    return {
      ...page,
      items: rows.flatMap((row) => {
        const { document } = row;
        if (document !== null && this.documents.isCurrent(document)) return [listed(row, document)];
        const item = remade.get(row.id);
        return item === undefined ? [] : [item];
      }),
    };
  }

  async keepDocuments(
    after: Uuid | undefined,
    limit: number,
  ): Promise<{ readonly made: number; readonly next?: Uuid }> {
    // The rows whose document is not current, found by the database: with none, one pass over the table.
    const { format } = this.documents;
    const rows = await this.handle.db
      .selectFrom('subscriptions')
      .select('id')
      .$if(after !== undefined, (q) => q.where('id', '>', after ?? ''))
      .where((eb) =>
        eb.or([
          eb('document', 'is', null),
          eb(sql`substr(document, 1, ${sql.lit(format.length)})`, '<>', format),
          eb(sql`substr(body, 1, ${sql.lit(DOCUMENTED_BODY.length)})`, '<>', DOCUMENTED_BODY),
        ]),
      )
      .orderBy('id')
      .limit(limit)
      .execute();
    const stale = rows.map((row) => row.id);
    let made = 0;
    if (stale.length > 0)
      await this.handle.db.transaction().execute(async (trx) => {
        // Read again under the lock: a change since the walk read the row has written a current document.
        const locked = await trx
          .selectFrom('subscriptions')
          .select(SUBSCRIPTION_COLUMNS)
          .where('id', 'in', stale)
          .forUpdate()
          .execute();
        const offerings = await loadOfferings(
          trx,
          this.snapshots,
          locked.map((row) => row.offering_version_id),
        );
        for (const row of locked) {
          const subscription = subscriptionFromRow(row);
          const offering = offerings.get(subscription.offeringVersionId);
          if (offering === undefined) throw new Error(`offering version ${subscription.offeringVersionId} is missing`);
          await trx
            .updateTable('subscriptions')
            .set({ body: subscriptionBody(subscription), document: this.documents.render(subscription, offering) })
            .where('id', '=', row.id)
            .execute();
          made += 1;
        }
      });
    const last = rows.at(-1);
    return rows.length < limit || last === undefined
      ? { made }
      : { made, next: storedUuid('subscription id', last.id) };
  }

  /** A page's rows by `statements`, with its count, paging and the offering versions of its rows. */
  private async pageOf<R extends { readonly offering_version_id: string; readonly matched_total: unknown }>(
    statements: CompiledStatements<Tables, PageInput, R>,
    storeId: Uuid,
    query: SubscriptionQuery,
  ): Promise<{ readonly page: Omit<SubscriptionPage, 'items'>; readonly rows: readonly R[] }> {
    const db = this.handle.db;
    const counting = countingOf(query.filter, true);
    const after = query.after;
    const input: PageInput = {
      storeId,
      terms: filterTerms(query.filter, FILTER_COLUMNS),
      counting,
      // A cursor page reads one row more than the page, to know whether another follows.
      limit: after === undefined ? query.page.limit : query.page.limit + 1,
      offset: query.page.offset,
      kind: after !== undefined ? 'cursor' : query.page.offset === 0 ? 'first' : 'deep',
      ...(after?.kind === 'after' ? { after: after.position } : {}),
    };
    const rows = await statements.execute(db, input);
    // A page past the end has no row to carry the count: ask for it alone.
    const counted = toNumber(
      rows[0] === undefined ? (await totalOf(db, input).executeTakeFirst())?.n : rows[0].matched_total,
    );
    const kept = after === undefined ? rows : rows.slice(0, query.page.limit);
    const offerings = await loadOfferings(
      db,
      this.snapshots,
      kept.map((row) => row.offering_version_id),
    );
    const { items: _items, ...page } = pageOf(kept, query.page, counted, counting);
    return {
      page: after === undefined ? { ...page, offerings } : { ...page, more: rows.length > query.page.limit, offerings },
      rows: kept,
    };
  }

  async update(
    storeId: Uuid,
    id: Uuid,
    change: SubscriptionChange,
    eventsOf: ChangeEventsOf<UpdatedSubscription> = firesNothing,
    options: WithdrawsProForma = {},
  ): Promise<E.Either<DomainError | Missing, SubscriptionWithOffering>> {
    return this.handle.db.transaction().execute(async (trx) => {
      const row = await trx
        .selectFrom('subscriptions')
        .select(SUBSCRIPTION_COLUMNS)
        .where('store_id', '=', storeId)
        .where('id', '=', id)
        .forUpdate()
        .executeTakeFirst();
      if (row === undefined) return E.left(missing);
      const offering = await this.snapshotOf(trx, row.offering_version_id);
      // Invoices of the subscription are made under its row lock (share-locked by a billing run): this read sees them all.
      const proForma = await proFormaAt(trx, id, options.withdrawProFormaAt);
      const latest = await kept(
        trx.selectFrom('subscription_invoices').select(['billing_period_start', 'billing_period_end']),
        proForma,
      )
        .where('subscription_id', '=', id)
        .orderBy('billing_period_start', 'desc')
        .limit(1)
        .executeTakeFirst();
      const previous = withdrawnFromRow(row, proForma);
      const changed = change(
        previous,
        offering,
        latest === undefined
          ? undefined
          : { start: new Date(latest.billing_period_start), end: new Date(latest.billing_period_end) },
      );
      if (E.isLeft(changed)) return changed;
      await withdraw(trx, proForma);
      await trx
        .updateTable('subscriptions')
        .set(changedColumns(changed.right, this.documents.render(changed.right, offering)))
        .where('id', '=', id)
        .execute();
      await this.outbox.record(trx, storeId, eventsOf({ previous, subscription: changed.right, offering }));
      return E.right({ subscription: changed.right, offering });
    });
  }

  private async snapshotOf(db: Kysely<Tables>, versionId: string): Promise<Offering> {
    const offering = (await loadOfferings(db, this.snapshots, [versionId])).get(storedUuid('version', versionId));
    if (offering === undefined) throw new Error(`offering version ${versionId} is missing`);
    return offering;
  }

  async applyState(
    storeId: Uuid,
    id: Uuid,
    change: StateChange,
    eventsOf: ChangeEventsOf<AppliedState>,
    options: StateChangeOptions = {},
  ): Promise<E.Either<DomainError | Missing, SubscriptionStateRecord>> {
    const at = options.withdrawProFormaAt;
    const reach = options.accountId;
    if (options.mayInvoice !== true) return this.applyStateOnce(storeId, id, change, eventsOf, false, at, reach);
    await ensureInvoiceCounter(this.handle, storeId);
    return retryingDeadlocks(() => this.applyStateOnce(storeId, id, change, eventsOf, true, at, reach));
  }

  private async applyStateOnce(
    storeId: Uuid,
    id: Uuid,
    change: StateChange,
    eventsOf: ChangeEventsOf<AppliedState>,
    mayInvoice: boolean,
    withdrawAt: Date | undefined,
    accountId: string | undefined,
  ): Promise<E.Either<DomainError | Missing, SubscriptionStateRecord>> {
    return this.handle.db.transaction().execute(async (trx) => {
      // The counter before the subscription, as a billing run (counter, then its batch's rows) takes them.
      const last = mayInvoice ? await lockInvoiceCounter(trx, storeId) : undefined;
      const row = await trx
        .selectFrom('subscriptions')
        .select(SUBSCRIPTION_COLUMNS)
        .where('store_id', '=', storeId)
        .where('id', '=', id)
        .$if(accountId !== undefined, (q) => q.where('account_id', '=', accountId ?? ''))
        .forUpdate()
        .executeTakeFirst();
      if (row === undefined) return E.left(missing);
      const proForma = await proFormaAt(trx, id, withdrawAt);
      // Invoices of the subscription are made under its row lock (share-locked by a billing run): this read sees them all.
      const latest = await kept(
        trx.selectFrom('subscription_invoices').select((eb) => eb.fn.max('billing_period_end').as('end')),
        proForma,
      )
        .where('subscription_id', '=', id)
        .executeTakeFirst();
      const invoicedThrough = latest?.end === null || latest?.end === undefined ? undefined : new Date(latest.end);
      const offering = await this.snapshotOf(trx, row.offering_version_id);
      const previous = withdrawnFromRow(row, proForma);
      const changed = change(previous, offering, invoicedThrough);
      if (E.isLeft(changed)) return changed;
      await withdraw(trx, proForma);
      const { state, firstInvoice } = changed.right;
      await trx
        .updateTable('subscriptions')
        .set({
          body: subscriptionBody(changed.right.subscription),
          document: this.documents.render(changed.right.subscription, offering),
          invoice_after: changed.right.subscription.invoiceAfter,
          // A resume of a subscription dunning closed moves it: the time it stood closed is never billed.
          billable_from: changed.right.subscription.billableFrom ?? null,
          // Read under the lock with the row: a cancel before going live sets it, nothing else changes it here.
          inactive: changed.right.subscription.inactive === true,
        })
        .where('id', '=', id)
        .execute();
      await appendState(trx, state);
      if (firstInvoice !== undefined && last === undefined)
        throw new Error('a state change gave an invoice without taking the invoice counter');
      const {
        invoices: [invoice],
      } = await storeNumberedInvoices(
        trx,
        this.handle.flavor,
        storeId,
        last ?? 0,
        firstInvoice === undefined ? [] : [firstInvoice],
      );
      const subscription = changed.right.subscription;
      await this.outbox.record(
        trx,
        storeId,
        eventsOf(
          invoice === undefined
            ? { state, previous, subscription, offering }
            : { state, previous, subscription, offering, firstInvoice: invoice },
        ),
      );
      return E.right(state);
    });
  }

  delete(storeId: Uuid, id: Uuid): Promise<E.Either<Missing | InUse, void>> {
    return retryingDeadlocks(() => this.deleteOnce(storeId, id));
  }

  private async deleteOnce(storeId: Uuid, id: Uuid): Promise<E.Either<Missing | InUse, void>> {
    return this.handle.db.transaction().execute(async (trx): Promise<E.Either<Missing | InUse, void>> => {
      // The lock makes a concurrent delete, state change or update wait, then find the subscription gone.
      const row = await trx
        .selectFrom('subscriptions')
        .select('id')
        .where('store_id', '=', storeId)
        .where('id', '=', id)
        .forUpdate()
        .executeTakeFirst();
      if (row === undefined) return E.left(missing);
      // A billing run share-locks its batch's subscriptions (in id order) before it inserts, then the store's
      // row (its foreign-key check); this takes the subscription, then the store's row: the orders never
      // cross. A run that locked this subscription first has committed its invoices by now, and they are
      // read here; a run that comes later finds the subscription gone and leaves it out.
      // Its invoices locked as a payment attempt locks one, so an attempt begun meanwhile is seen (by a
      // locking read, which reads the latest rows on every server) and keeps the subscription.
      await trx
        .selectFrom('subscription_invoices')
        .select('id')
        .where('subscription_id', '=', id)
        .forUpdate()
        .execute();
      const payments = trx
        .selectFrom('subscription_invoice_payments')
        .select('id')
        .where('subscription_id', '=', id)
        .limit(1);
      const paid = await (this.handle.flavor === 'mysql'
        ? payments.modifyEnd(sql`lock in share mode`)
        : payments.forShare()
      ).executeTakeFirst();
      if (paid !== undefined) return E.left(inUse);
      // Invoices no payment was ever attempted on go with it, as EPCC deletes them (subscription-invoice.deleted).
      await trx.deleteFrom('subscription_invoices').where('subscription_id', '=', id).execute();
      await trx.deleteFrom('subscription_states').where('subscription_id', '=', id).execute();
      await trx.deleteFrom('subscriptions').where('id', '=', id).execute();
      await trx
        .updateTable('stores')
        .set({ subscription_count: sql`subscription_count - 1` })
        .where('id', '=', storeId)
        .execute();
      return E.right(undefined);
    });
  }

  async findState(
    storeId: Uuid,
    id: Uuid,
    stateId: Uuid,
    accountId?: string,
  ): Promise<SubscriptionStateRecord | undefined> {
    const row = await this.handle.db
      .selectFrom('subscription_states as st')
      .innerJoin('subscriptions as s', 's.id', 'st.subscription_id')
      .selectAll('st')
      .where('s.store_id', '=', storeId)
      .where('s.id', '=', id)
      .$if(accountId !== undefined, (q) => q.where('s.account_id', '=', accountId ?? ''))
      .where('st.id', '=', stateId)
      .executeTakeFirst();
    return row === undefined ? undefined : stateFromRow(row);
  }

  async listStates(
    storeId: Uuid,
    id: Uuid,
    page: PageRequest,
    accountId?: string,
  ): Promise<Page<SubscriptionStateRecord> | undefined> {
    const owner = await this.handle.db
      .selectFrom('subscriptions')
      .select('id')
      .where('store_id', '=', storeId)
      .where('id', '=', id)
      .$if(accountId !== undefined, (q) => q.where('account_id', '=', accountId ?? ''))
      .executeTakeFirst();
    if (owner === undefined) return undefined;
    const history = this.handle.db.selectFrom('subscription_states').where('subscription_id', '=', id);
    const [rows, counted] = await Promise.all([
      history.selectAll().orderBy('sequence').limit(page.limit).offset(page.offset).execute(),
      history.select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow(),
    ]);
    return pageOf(rows.map(stateFromRow), page, toNumber(counted.n), 'exact');
  }
}
