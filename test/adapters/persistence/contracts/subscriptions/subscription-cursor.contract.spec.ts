import { expect } from 'chai';
import type { SubscriptionRepository } from '../../../../../src/application/ports/subscriptions/subscription-repository.js';
import { subscriptionsStored } from '../../../../../src/domain/billing/invoices/first-invoice-events.js';
import type { Offering } from '../../../../../src/domain/catalogue/offering.js';
import { NO_EVENTS } from '../../../../../src/domain/events/domain-event.js';
import { cursorBinding, cursorToken } from '../../../../../src/domain/query/cursor.js';
import type { FilterCondition } from '../../../../../src/domain/query/filter.js';
import { newestFirst } from '../../../../../src/domain/query/order.js';
import type { Uuid } from '../../../../../src/domain/shared/uuid.js';
import type { Subscription } from '../../../../../src/domain/subscriptions/subscription.js';
import {
  SUBSCRIPTION_LIST,
  type SubscriptionFilterField,
} from '../../../../../src/domain/subscriptions/subscription-query.js';
import { forEachBackend } from '../../../../support/backends.js';
import { aStore, storeRecords } from '../../../../support/builders.js';
import { listQuery } from '../../../../support/list-queries.js';
import { portsOf } from '../../../../support/ports.js';
import { anOffering, aPlan, aProduct, aSubscription } from '../../../../support/subscription-builders.js';

type Field = SubscriptionFilterField;

/** Enough rows for twenty-odd pages, with many sharing a created_at so that the id must break ties. */
const STORE_SIZE = 2_400;
const BASE = Date.UTC(2026, 0, 1);
const EMAILS = ['ada@example.com', 'bob@example.com', 'cy@example.com'];
const NAMES = ['Ada', 'Bob', 'Cy', 'Dee', 'Eve'];

const subscriptionAt = (offering: Offering, versionId: Uuid, n: number, millis: number): Subscription =>
  aSubscription(offering, versionId, {
    email: EMAILS[n % EMAILS.length]!,
    name: NAMES[n % NAMES.length]!,
    timestamps: { createdAt: new Date(millis), updatedAt: new Date(millis) },
  });

const ordered = (subs: readonly Subscription[]): string[] =>
  [...subs]
    .sort((a, b) =>
      newestFirst({ createdAt: a.timestamps.createdAt, id: a.id }, { createdAt: b.timestamps.createdAt, id: b.id }),
    )
    .map((s) => s.id);

const matches = (s: Subscription, filter: readonly FilterCondition<Field>[]): boolean =>
  filter.every((c) => {
    const value =
      c.field === 'email'
        ? s.email
        : c.field === 'name'
          ? s.name
          : c.field === 'account_id'
            ? s.accountId
            : (s.externalRef ?? '');
    return c.op === 'in' ? c.values.includes(value) : value === c.value;
  });

/**
 * Walks the list by cursor as a client following `links.next` does, calling `between` after each page;
 * the ids in the order read, and how many pages it took.
 */
const walk = async (
  subscriptions: SubscriptionRepository,
  storeId: Uuid,
  filter: readonly FilterCondition<Field>[],
  limit: number,
  between: (page: number, read: ReadonlySet<string>) => Promise<void> = async () => undefined,
): Promise<{ ids: string[]; pages: number; totals: number[] }> => {
  const ids: string[] = [];
  const totals: number[] = [];
  const first = listQuery(SUBSCRIPTION_LIST, { filter, limit, after: '' });
  const binding = cursorBinding(first.filter, first.include);
  let query = first;
  for (let pages = 1; ; pages++) {
    const page = await subscriptions.list(storeId, query);
    expect(page.items.length, 'a page is never longer than asked').to.be.at.most(limit);
    ids.push(...page.items.map((s) => s.id));
    totals.push(page.total);
    const last = page.items.at(-1);
    if (page.more !== true || last === undefined) return { ids, pages, totals };
    expect(page.items.length, 'only the last page is short').to.equal(limit);
    await between(pages, new Set(ids));
    query = listQuery(SUBSCRIPTION_LIST, {
      filter,
      limit,
      after: cursorToken({ createdAt: last.timestamps.createdAt, id: last.id }, binding),
    });
  }
};

forEachBackend('SubscriptionRepository cursor pages', (_backend, persistence) => {
  const setup = async () => {
    const ports = portsOf(persistence());
    const [store, other] = [aStore(), aStore()];
    await ports.stores.create(storeRecords(store));
    await ports.stores.create(storeRecords(other));
    const product = aProduct(store.id);
    const plan = aPlan(store.id);
    await ports.products.insert(product, NO_EVENTS);
    await ports.plans.insert(plan, NO_EVENTS);
    const offering = anOffering(store.id, [product], [plan]);
    await ports.offerings.insert(offering, NO_EVENTS);
    const versionId = await ports.subscriptions.snapshotOffering(offering);
    // Seven subscriptions a millisecond: every page boundary falls inside a tie of created_at.
    const subs = Array.from({ length: STORE_SIZE }, (_, n) =>
      subscriptionAt(offering, versionId, n, BASE + Math.floor(n / 7)),
    );
    for (let i = 0; i < subs.length; i += 500)
      await ports.subscriptions.insertMany(
        store.id,
        subs.slice(i, i + 500).map((subscription) => ({ subscription })),
        subscriptionsStored,
      );
    const otherOffering = { ...offering, storeId: other.id };
    await ports.subscriptions.insertMany(
      other.id,
      [{ subscription: subscriptionAt(otherOffering, versionId, 0, BASE + 5) }],
      subscriptionsStored,
    );
    return { ...ports, store, offering, versionId, subs };
  };

  it('walks every row of a store once, newest first, with and without filters, and counts as offset pages do', async function () {
    this.timeout(120_000);
    const { subscriptions, store, subs } = await setup();
    const filters: FilterCondition<Field>[][] = [
      [],
      [{ op: 'eq', field: 'email', value: 'bob@example.com' }],
      [
        { op: 'in', field: 'name', values: ['Ada', 'Eve'] },
        { op: 'eq', field: 'email', value: 'ada@example.com' },
      ],
      [{ op: 'eq', field: 'email', value: 'nobody@example.com' }],
    ];
    for (const filter of filters) {
      const expected = ordered(subs.filter((s) => matches(s, filter)));
      const { ids, pages, totals } = await walk(subscriptions, store.id, filter, 100);
      expect(ids, JSON.stringify(filter)).to.deep.equal(expected);
      expect(pages).to.equal(Math.max(1, Math.ceil(expected.length / 100)));
      const offsetTotal = (await subscriptions.list(store.id, listQuery(SUBSCRIPTION_LIST, { filter, limit: 100 })))
        .total;
      expect(new Set(totals), 'each page counts the same as an offset page').to.deep.equal(new Set([offsetTotal]));
    }
  });

  it('neither repeats nor skips a row that exists throughout while rows are created and deleted during the walk', async function () {
    this.timeout(120_000);
    const { subscriptions, store, offering, versionId, subs } = await setup();
    const deleted = new Set<string>();
    const created: Subscription[] = [];
    const { ids } = await walk(subscriptions, store.id, [], 100, async (page, read) => {
      // The row the cursor stands on, one already read and one not read yet: all deleted.
      const standingOn = subs.find((s) => s.id === [...read].at(-1));
      const readBefore = subs.find((s) => read.has(s.id) && !deleted.has(s.id) && s !== standingOn);
      const unread = subs.filter((s) => !read.has(s.id) && !deleted.has(s.id)).at(-page * 11);
      for (const victim of [standingOn, readBefore, unread]) {
        if (victim === undefined || deleted.has(victim.id)) continue;
        await subscriptions.delete(store.id, victim.id);
        deleted.add(victim.id);
      }
      // New rows: newer than all, tied with rows read and unread, older than all.
      const fresh = [BASE + 10_000 + page, BASE + page * 20, BASE + 340 - page * 20, BASE - 1 - page].map((millis, n) =>
        subscriptionAt(offering, versionId, n, millis),
      );
      await subscriptions.insertMany(
        store.id,
        fresh.map((subscription) => ({ subscription })),
        subscriptionsStored,
      );
      created.push(...fresh);
    });
    expect(new Set(ids).size, 'no row is read twice').to.equal(ids.length);
    const throughout = subs.filter((s) => !deleted.has(s.id)).map((s) => s.id);
    const got = new Set(ids);
    expect(
      throughout.filter((id) => !got.has(id)),
      'no row that existed throughout is skipped',
    ).to.deep.equal([]);
    const known = new Map<string, Subscription>([...subs, ...created].map((s) => [s.id, s]));
    const positions = ids
      .map((id) => known.get(id)!)
      .map((s) => ({ createdAt: s.timestamps.createdAt, id: s.id as string }));
    for (let i = 1; i < positions.length; i++)
      expect(newestFirst(positions[i - 1]!, positions[i]!), 'read in the list order').to.equal(-1);
    expect(deleted.size, 'rows were deleted during the walk').to.be.greaterThan(30);
  });

  it('continues after a position whose row is gone, and ends with no next page', async function () {
    this.timeout(120_000);
    const { subscriptions, store, subs } = await setup();
    const order = ordered(subs);
    const gone = subs.find((s) => s.id === order[500])!;
    await subscriptions.delete(store.id, gone.id);
    const first = listQuery(SUBSCRIPTION_LIST, { limit: 3, after: '' });
    const after = (position: Subscription) =>
      listQuery(SUBSCRIPTION_LIST, {
        limit: 3,
        after: cursorToken(
          { createdAt: position.timestamps.createdAt, id: position.id },
          cursorBinding(first.filter, first.include),
        ),
      });
    expect((await subscriptions.list(store.id, after(gone))).items.map((s) => s.id)).to.deep.equal(
      order.slice(501, 504),
    );
    const last = subs.find((s) => s.id === order.at(-3))!;
    const tail = await subscriptions.list(store.id, after(last));
    expect(tail.items.map((s) => s.id)).to.deep.equal(order.slice(-2));
    expect(tail.more).to.equal(false);
    const top = await subscriptions.list(store.id, first);
    expect(top.items.map((s) => s.id)).to.deep.equal(order.slice(0, 3));
    expect(top).to.include({ more: true, total: STORE_SIZE - 1, totalMethod: 'exact' });
    expect([...top.offerings.keys()]).to.have.length(1);
  });
});
