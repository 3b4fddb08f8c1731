/**
 * Seeds one backend with a large, realistic store for the list benchmark:
 *
 *   npx tsx bench/seed.ts --backend pglite|postgres|mysql [--subscriptions N] [--data-dir DIR]
 *
 * The catalogue goes through the use cases, as a merchant would build it. Subscriptions are written in
 * bulk in the repository's own row format: creating a million through the API would take hours and
 * measure the write path, which is not what the benchmark is about.
 */
import 'reflect-metadata';
import { parseArgs } from 'node:util';
import cliProgress from 'cli-progress';
import * as E from 'fp-ts/lib/Either.js';
import { type Insertable, type Kysely, sql } from 'kysely';
import { storedSubscriptionDocuments } from '../src/adapters/http/subscriptions/subscription-stored-document.js';
import { migrateToLatest } from '../src/adapters/persistence/kysely/engine/migrate.js';
import type {
  SubscriptionStatesTable,
  SubscriptionsTable,
  Tables,
} from '../src/adapters/persistence/kysely/engine/schema.js';
import { MIGRATION_TABLES, TABLES_CHILDREN_FIRST } from '../src/adapters/persistence/kysely/engine/tables.js';
import { stateBody } from '../src/adapters/persistence/kysely/subscriptions/subscription-json.js';
import { subscriptionToRow as toRow } from '../src/adapters/persistence/kysely/subscriptions/subscription-rows.js';
import { randomIds } from '../src/adapters/system/system-module.js';
import { TOKENS } from '../src/application/tokens.js';
import { BuildOffering } from '../src/application/use-cases/catalogue/build-offering.js';
import { CreateSubscriptionPlan } from '../src/application/use-cases/catalogue/subscription-plans.js';
import { CreateSubscriptionProduct } from '../src/application/use-cases/catalogue/subscription-products.js';
import { CreateStore } from '../src/application/use-cases/stores/create-store.js';
import { SetStoreRateLimit } from '../src/application/use-cases/stores/set-store-rate-limit.js';
import { buildContainer } from '../src/container.js';
import type { Offering, OfferingPlan } from '../src/domain/catalogue/offering.js';
import { planPrices } from '../src/domain/catalogue/pricing.js';
import type { Uuid } from '../src/domain/shared/uuid.js';
import {
  billingAnchorOf,
  type StateAction,
  type Subscription,
  type SubscriptionStateRecord,
} from '../src/domain/subscriptions/subscription.js';
import { applyStateAction } from '../src/domain/subscriptions/subscription-state.js';
import {
  type Backend,
  DEFAULT_PGLITE_DIR,
  formatDuration,
  formatInteger,
  isBackend,
  openBenchDatabase,
  redactedUrl,
  reportFailure,
  serverUrl,
  UsageError,
  writeSeedInfo,
} from './common.js';
import {
  type Account,
  account,
  integerBetween,
  offeringData,
  PLAN_SHAPES,
  pick,
  pickSome,
  planData,
  productData,
  type Random,
  seededRandom,
  subscriptionEmail,
  subscriptionExternalRef,
  THEMES,
} from './fixtures.js';
import { deferIndexes, rebuildIndexes, subscriptionIds } from './subscription-bulk-load.js';

const USAGE =
  'usage: tsx bench/seed.ts --backend pglite|postgres|mysql [--subscriptions N] [--accounts N] [--offerings N] [--batch N] [--concurrency N] [--data-dir DIR]';

/** Child tables first, so that foreign keys never stand in the way. */
const TABLES = [...TABLES_CHILDREN_FIRST, ...MIGRATION_TABLES];

const DAY_MS = 86_400_000;
const SPAN_MS = 730 * DAY_MS;

interface Options {
  readonly backend: Backend;
  readonly subscriptions: number;
  readonly accounts: number;
  readonly offerings: number;
  readonly batch: number;
  readonly concurrency: number;
  readonly dataDir: string;
}

const positive = (name: string, raw: string | undefined, fallback: number): number => {
  if (raw === undefined) return fallback;
  const n = Number(raw.replace(/_/g, ''));
  if (!Number.isSafeInteger(n) || n < 1) throw new UsageError(`--${name} must be a positive integer\n${USAGE}`);
  return n;
};

const readOptions = (): Options => {
  const { values } = parseArgs({
    options: {
      backend: { type: 'string' },
      subscriptions: { type: 'string' },
      accounts: { type: 'string' },
      offerings: { type: 'string' },
      batch: { type: 'string' },
      concurrency: { type: 'string' },
      'data-dir': { type: 'string' },
    },
  });
  const backend = values.backend ?? '';
  if (!isBackend(backend)) throw new UsageError(USAGE);
  const subscriptions = positive('subscriptions', values.subscriptions, backend === 'pglite' ? 100_000 : 1_000_000);
  // PostgreSQL accepts at most 65535 parameters in one statement, and a subscription row has 15.
  const batch = Math.min(positive('batch', values.batch, 1000), 4000);
  return {
    backend,
    subscriptions,
    // Ten subscriptions per account on average, as at the default scale, so that some accounts hold several.
    accounts: Math.min(
      positive('accounts', values.accounts, Math.min(100_000, Math.ceil(subscriptions / 10))),
      subscriptions,
    ),
    offerings: positive('offerings', values.offerings, 1000),
    batch,
    // PGlite runs one statement at a time on this thread, so more in flight only queues.
    concurrency: backend === 'pglite' ? 1 : positive('concurrency', values.concurrency, 3),
    dataDir: values['data-dir'] ?? DEFAULT_PGLITE_DIR,
  };
};

const progressBar = (label: string, total: number) => {
  const bar = new cliProgress.SingleBar(
    {
      format: `${label.padEnd(13)} |{bar}| {percentage}% | {value}/{total} | {rate}/s | ETA {eta_formatted}`,
      // Redirected output still gets a line now and then, so a long seed shows it is alive in a log.
      noTTYOutput: true,
      notTTYSchedule: 10_000,
      etaBuffer: 50,
      hideCursor: true,
    },
    cliProgress.Presets.shades_classic,
  );
  const started = Date.now();
  bar.start(total, 0, { rate: '0' });
  return {
    update: (value: number) =>
      bar.update(value, { rate: formatInteger(value / Math.max((Date.now() - started) / 1000, 0.001)) }),
    stop: () => bar.stop(),
  };
};

const unwrap = <A>(what: string, result: E.Either<unknown, A>): A => {
  if (E.isLeft(result)) throw new Error(`${what} failed: ${JSON.stringify(result.left)}`);
  return result.right;
};

/** An offering as subscriptions see it: its snapshot id, and each plan with the currencies it is priced in. */
interface Sellable {
  readonly offering: Offering;
  readonly versionId: Uuid;
  readonly tag: string;
  readonly plans: readonly { readonly plan: OfferingPlan; readonly currencies: readonly string[] }[];
}

const buildCatalogue = async (
  container: ReturnType<typeof buildContainer>,
  storeId: Uuid,
  random: Random,
  offeringCount: number,
): Promise<{ sellables: Sellable[]; products: number; plans: number }> => {
  const createProduct = container.get(CreateSubscriptionProduct);
  const createPlan = container.get(CreateSubscriptionPlan);
  const buildOffering = container.get(BuildOffering);
  const repository = container.get(TOKENS.SubscriptionRepository);

  let serial = 0;
  const productIdsByTheme = new Map<string, Uuid[]>();
  for (const theme of THEMES) {
    const ids: Uuid[] = [];
    for (let i = 0; i < theme.products.length; i += 1) {
      serial += 1;
      ids.push(unwrap('product', await createProduct.execute(storeId, productData(random, theme, i, serial))).id);
    }
    productIdsByTheme.set(theme.code, ids);
  }
  const planIds: Uuid[] = [];
  for (const [i, shape] of PLAN_SHAPES.entries())
    planIds.push(unwrap('plan', await createPlan.execute(storeId, planData(shape, i + 1))).id);

  const bar = progressBar('offerings', offeringCount);
  const sellables: Sellable[] = [];
  for (let i = 0; i < offeringCount; i += 1) {
    const theme = THEMES[i % THEMES.length] ?? THEMES[0];
    if (theme === undefined) throw new Error('no themes');
    const themeProducts = productIdsByTheme.get(theme.code) ?? [];
    const chosenProducts = pickSome(
      random,
      themeProducts,
      integerBetween(random, 1, Math.min(3, themeProducts.length)),
    );
    const chosenPlans = pickSome(random, planIds, integerBetween(random, 1, 4));
    const offering = unwrap(
      'offering',
      await buildOffering.execute(storeId, offeringData(random, theme, i + 1, chosenProducts, chosenPlans)),
    );
    const versionId = await repository.snapshotOffering(offering);
    const priced = offering.plans
      .map((plan) => ({ plan, currencies: Object.keys(planPrices(offering.products, plan)).sort() }))
      .filter((p) => p.currencies.length > 0);
    if (priced.length === 0) throw new Error(`offering ${offering.id} has no priced plan`);
    sellables.push({ offering, versionId, tag: theme.tag, plans: priced });
    bar.update(i + 1);
  }
  bar.stop();
  return { sellables, products: serial, plans: planIds.length };
};

/**
 * Which account each subscription belongs to: every account at least once, the rest skewed so that
 * most accounts hold a few subscriptions and some hold dozens or hundreds (businesses, gift buyers).
 */
const accountSlots = (random: Random, subscriptions: number, accounts: number): Int32Array => {
  const slots = new Int32Array(subscriptions);
  for (let i = 0; i < subscriptions; i += 1) slots[i] = i < accounts ? i : Math.floor(accounts * random() ** 1.5);
  for (let i = subscriptions - 1; i > 0; i -= 1) {
    const j = Math.floor(random() * (i + 1));
    const t = slots[i] as number;
    slots[i] = slots[j] as number;
    slots[j] = t;
  }
  return slots;
};

interface Generated {
  readonly subscriptions: Insertable<SubscriptionsTable>[];
  readonly states: Insertable<SubscriptionStatesTable>[];
}

/** Applies a few state changes to some subscriptions, exactly as the use case would have. */
const withHistory = (
  random: Random,
  subscription: Subscription,
  plan: OfferingPlan,
  now: number,
): { subscription: Subscription; states: SubscriptionStateRecord[] } => {
  const r = random();
  const actions: StateAction[] =
    r < 0.06
      ? ['cancel']
      : r < 0.08
        ? ['pause']
        : r < 0.09
          ? ['pause', 'resume']
          : r < 0.095
            ? ['pause', 'resume', 'cancel']
            : [];
  let current = subscription;
  let at = subscription.timestamps.createdAt.getTime();
  const states: SubscriptionStateRecord[] = [];
  for (const action of actions) {
    at += random() * (now - at) * 0.5;
    const applied = applyStateAction(current, plan.attributes, action, new Date(at), randomIds.uuid());
    if (E.isLeft(applied)) break;
    current = applied.right.subscription;
    states.push(applied.right.state);
  }
  return { subscription: current, states };
};

const generator = (
  random: Random,
  storeId: Uuid,
  sellables: readonly Sellable[],
  accounts: readonly Account[],
  slots: Int32Array,
  total: number,
  ids: () => Uuid,
) => {
  const now = Date.now();
  const start = now - SPAN_MS;
  const step = SPAN_MS / total;
  const names = accounts.map((a) => a.name);
  return (from: number, to: number): Generated => {
    const subscriptions: Insertable<SubscriptionsTable>[] = [];
    const states: Insertable<SubscriptionStatesTable>[] = [];
    for (let i = from; i < to; i += 1) {
      const owner = accounts[slots[i] as number];
      // A few offerings sell most: the popular ones sit at the front.
      const sellable = sellables[Math.floor(sellables.length * random() ** 2)];
      if (owner === undefined || sellable === undefined) throw new Error('generator out of range');
      const priced = random() < 0.55 ? sellable.plans[0] : pick(random, sellable.plans);
      if (priced === undefined) throw new Error('offering without plans');
      const currency =
        priced.currencies.includes('EUR') && random() < 0.35
          ? 'EUR'
          : priced.currencies.includes('USD')
            ? 'USD'
            : pick(random, priced.currencies);
      const createdAt = new Date(Math.floor(start + (i + random()) * step));
      const externalRef = subscriptionExternalRef(random, i + 1);
      const base: Subscription = {
        id: ids(),
        storeId,
        accountId: owner.id,
        offeringId: sellable.offering.id,
        offeringVersionId: sellable.versionId,
        planId: priced.plan.id,
        currency,
        // Now and then the subscriber is someone else on the account: a gift, a family member.
        name: random() < 0.05 ? pick(random, names) : owner.name,
        email: subscriptionEmail(random, owner, sellable.tag),
        ...(externalRef === undefined ? {} : { externalRef }),
        paymentAuthority: { type: 'platform_payments_processor', customer_id: owner.customerId, card_id: owner.cardId },
        manualPayments: random() < 0.03,
        flags: { canceled: false, paused: false, suspended: false, pending: false },
        timestamps: { createdAt, updatedAt: createdAt },
        billingAnchor: billingAnchorOf(createdAt, priced.plan.attributes),
        invoiceAfter: createdAt,
      };
      const { subscription, states: history } = withHistory(random, base, priced.plan, now);
      subscriptions.push(toRow(subscription, storedSubscriptionDocuments.render(subscription, sellable.offering)));
      history.forEach((state, i) => {
        states.push({
          id: state.id,
          subscription_id: subscription.id,
          sequence: i + 1,
          action: state.action,
          body: stateBody(state),
          created_at: state.createdAt,
        });
      });
    }
    return { subscriptions, states };
  };
};

const insertBatch = async (db: Kysely<Tables>, batch: Generated): Promise<void> => {
  await db.transaction().execute(async (trx) => {
    await trx.insertInto('subscriptions').values(batch.subscriptions).execute();
    if (batch.states.length > 0) await trx.insertInto('subscription_states').values(batch.states).execute();
  });
};

const analyze = async (db: Kysely<Tables>, backend: Backend): Promise<void> => {
  // A server would have done this on its own shortly after a bulk load; the benchmark should not wait for it.
  if (backend === 'mysql') {
    for (const table of [
      'stores',
      'subscription_offering_versions',
      'subscriptions',
      'subscription_states',
      'access_tokens',
    ])
      await sql`analyze table ${sql.table(table)}`.execute(db);
  } else {
    await sql`vacuum analyze`.execute(db);
  }
};

const main = async (): Promise<void> => {
  const options = readOptions();
  const where = serverUrl(options.backend);
  if (where.skip !== undefined) {
    console.log(where.skip);
    return;
  }
  const database = where.url === undefined ? `pglite:${options.dataDir}` : redactedUrl(where.url);
  console.log(
    `seeding ${options.backend} (${database}): ${formatInteger(options.subscriptions)} subscriptions, ${formatInteger(options.accounts)} accounts, ${formatInteger(options.offerings)} offerings`,
  );

  const started = Date.now();
  const { handle } = await openBenchDatabase(options.backend, {
    ...(where.url === undefined ? {} : { url: where.url }),
    dataDir: options.dataDir,
  });
  try {
    for (const table of TABLES) await handle.db.schema.dropTable(table).ifExists().execute();
    await migrateToLatest(handle.db, handle.flavor);
    const container = buildContainer({ kind: 'database', handle });

    const created = unwrap('store', await container.get(CreateStore).execute('Benchmark store'));
    const storeId = created.store.id;
    // The benchmarks measure the list, not the rate limiter: a budget no load generator reaches.
    unwrap('budget', await container.get(SetStoreRateLimit).execute(storeId, 1_000_000));
    const credentials = {
      backend: options.backend,
      database,
      ...(options.backend === 'pglite' ? { dataDir: options.dataDir } : {}),
      storeId,
      clientId: created.key.clientId,
      clientSecret: created.clientSecret,
    };
    await writeSeedInfo({ ...credentials, complete: false });
    console.log(`store_id: ${storeId}\nclient_id: ${created.key.clientId}\nclient_secret: ${created.clientSecret}`);

    const random = seededRandom(20_240_917);
    const catalogue = await buildCatalogue(container, storeId, random, options.offerings);
    const catalogueSeconds = (Date.now() - started) / 1000;

    const accounts = Array.from({ length: options.accounts }, (_, i) => account(random, randomIds.uuid(), i + 1));
    const slots = accountSlots(random, options.subscriptions, options.accounts);
    const generate = generator(
      random,
      storeId,
      catalogue.sellables,
      accounts,
      slots,
      options.subscriptions,
      subscriptionIds(),
    );
    const deferred = await deferIndexes(handle.db, options.backend);

    const insertStarted = Date.now();
    const bar = progressBar('subscriptions', options.subscriptions);
    let inserted = 0;
    let states = 0;
    const inFlight = new Set<Promise<void>>();
    for (let from = 0; from < options.subscriptions; from += options.batch) {
      const batch = generate(from, Math.min(from + options.batch, options.subscriptions));
      while (inFlight.size >= options.concurrency) await Promise.race(inFlight);
      const write: Promise<void> = insertBatch(handle.db, batch).then(() => {
        inserted += batch.subscriptions.length;
        states += batch.states.length;
        bar.update(inserted);
        inFlight.delete(write);
      });
      inFlight.add(write);
    }
    await Promise.all(inFlight);
    bar.stop();
    const loadSeconds = (Date.now() - insertStarted) / 1000;
    const indexStarted = Date.now();
    await rebuildIndexes(handle.db, deferred);
    const indexSeconds = (Date.now() - indexStarted) / 1000;
    const insertSeconds = (Date.now() - insertStarted) / 1000;

    await handle.db.updateTable('stores').set({ subscription_count: inserted }).where('id', '=', storeId).execute();
    const counted = await handle.db
      .selectFrom('subscriptions')
      .select((eb) => eb.fn.countAll().as('n'))
      .where('store_id', '=', storeId)
      .executeTakeFirstOrThrow();
    if (Number(counted.n) !== inserted)
      throw new Error(`inserted ${inserted} subscriptions but the table holds ${String(counted.n)}`);

    const analyzeStarted = Date.now();
    await analyze(handle.db, options.backend);
    const analyzeSeconds = (Date.now() - analyzeStarted) / 1000;
    const seconds = (Date.now() - started) / 1000;
    const rate = inserted / insertSeconds;

    await writeSeedInfo({
      ...credentials,
      complete: true,
      products: catalogue.products,
      plans: catalogue.plans,
      offerings: catalogue.sellables.length,
      accounts: options.accounts,
      subscriptions: inserted,
      subscriptionStates: states,
      seededAt: new Date().toISOString(),
      seconds,
      subscriptionRowsPerSecond: Math.round(rate),
    });
    console.log(
      [
        `catalogue: ${catalogue.products} products, ${catalogue.plans} plans, ${catalogue.sellables.length} offerings in ${formatDuration(catalogueSeconds)}`,
        `subscriptions: ${formatInteger(inserted)} rows (+ ${formatInteger(states)} state records) in ${formatDuration(insertSeconds)}: ${formatInteger(rate)} rows/s (batches of ${options.batch}, ${options.concurrency} in flight)`,
        ...(deferred.length === 0
          ? []
          : [
              `  of which rows ${formatDuration(loadSeconds)}, then ${deferred.length} indexes built in ${formatDuration(indexSeconds)}`,
            ]),
        `${options.backend === 'mysql' ? 'analyze table' : 'vacuum analyze'}: ${formatDuration(analyzeSeconds)}`,
        `total: ${formatDuration(seconds)}`,
      ].join('\n'),
    );
  } finally {
    await handle.close();
  }
};

main().catch(reportFailure);
