/**
 * Times a billing run over large stores on PostgreSQL (or MariaDB/MySQL, or PGlite), and with `--gateway` a
 * payment run after it:
 *
 *   BENCH_POSTGRES_URL=postgres://... npx tsx bench/billing-run.ts [--subscriptions N] [--backend postgres|mysql|pglite] [--generations 2024,2025] [--gateway none|stripe]
 *
 * Drops every table of the database it is given, migrates, and seeds a store of each of `--generations`
 * (default both): one product, one monthly plan, one offering snapshot, and N subscriptions each (default
 * 1,000,000), written in bulk in the repository's own row format, their starts spread over the month before
 * the run (on MariaDB/MySQL loaded as the list's seed loads them: see subscription-bulk-load.ts). Then it
 * runs `RunBilling` on each store in turn, as the job machinery would, printing its progress as it goes,
 * the invoices made, the time and invoices per second of each, the 2025 store's time against the 2024
 * store's, and the peak RSS.
 *
 * With `--gateway`, prices include tax (so every invoice is ready for payment) and `RunPayments` then runs on
 * each store: `none` through the service's default gateways, which fail every attempt of a store with no
 * Stripe key without a request; `stripe` through the real Stripe adapter over HTTP to a loopback stand-in
 * (test/support/fake-stripe.ts), each store's secret key stored through the Gateways API, encrypted under a
 * credentials key, as `GATEWAY_CREDENTIALS_KEY` and `STRIPE_API_BASE` configure a service. It prints each
 * run's attempts, failures, what it collected, its time, invoices per second, and the CPU of this process
 * (the service and the stand-in) and, on PostgreSQL on this machine, of the database's backends.
 */
import 'reflect-metadata';
import { randomBytes } from 'node:crypto';
import { rm } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import cliProgress from 'cli-progress';
import * as E from 'fp-ts/lib/Either.js';
import type { Container } from 'inversify';
import { sql } from 'kysely';
import { storedSubscriptionDocuments } from '../src/adapters/http/subscriptions/subscription-stored-document.js';
import { migrateToLatest } from '../src/adapters/persistence/kysely/engine/migrate.js';
import type { DatabaseHandle } from '../src/adapters/persistence/kysely/engine/open-database.js';
import { MIGRATION_TABLES, TABLES_CHILDREN_FIRST } from '../src/adapters/persistence/kysely/engine/tables.js';
import { subscriptionToRow as toRow } from '../src/adapters/persistence/kysely/subscriptions/subscription-rows.js';
import { randomIds } from '../src/adapters/system/system-module.js';
import { TOKENS } from '../src/application/tokens.js';
import { BILLING_BATCH, RunBilling } from '../src/application/use-cases/billing/run-billing.js';
import { RunPayments } from '../src/application/use-cases/billing/run-payments.js';
import { UpdateGateway } from '../src/application/use-cases/gateways/update-gateway.js';
import { UpdateStoreSettings } from '../src/application/use-cases/settings/update-store-settings.js';
import { CreateStore } from '../src/application/use-cases/stores/create-store.js';
import { buildContainer } from '../src/container.js';
import type { Offering } from '../src/domain/catalogue/offering.js';
import type { Job } from '../src/domain/jobs/job.js';
import type { Uuid } from '../src/domain/shared/uuid.js';
import { billingAnchorOf, type Subscription } from '../src/domain/subscriptions/subscription.js';
import { FakeStripe } from '../test/support/fake-stripe.js';
import {
  formatDuration,
  formatInteger,
  isBackend,
  openBenchDatabase,
  redactedUrl,
  reportFailure,
  serverUrl,
  UsageError,
} from './common.js';
import { databaseCpu, databaseCpuSince } from './process-stats.js';
import { deferIndexes, rebuildIndexes, subscriptionIds } from './subscription-bulk-load.js';

const INSERT_BATCH = 1000;
/** How often the billing run's progress is printed: a run that slows down as its tables grow shows when. */
const PROGRESS_EVERY_MS = 15_000;

/**
 * Prints, every PROGRESS_EVERY_MS, how many subscriptions the run has walked (a batch per heartbeat) and
 * its rate since the line before.
 */
const progressPrinter = (started: bigint): ((walked: number) => void) => {
  let lastAt = started;
  let lastWalked = 0;
  return (walked) => {
    const now = process.hrtime.bigint();
    const sinceLast = Number(now - lastAt) / 1e6;
    if (sinceLast < PROGRESS_EVERY_MS) return;
    process.stdout.write(
      `  at ${formatDuration(Number(now - started) / 1e9)}: ${formatInteger(walked)} subscriptions walked, ${formatInteger(((walked - lastWalked) * 1000) / sinceLast)}/s since the line before\n`,
    );
    lastAt = now;
    lastWalked = walked;
  };
};

const GENERATIONS = ['2024', '2025'] as const;
type Generation = (typeof GENERATIONS)[number];

/** How the payment run takes payments: no gateway configured (every attempt fails), or Stripe's adapter over HTTP. */
const GATEWAYS = ['none', 'stripe'] as const;
const STRIPE_SECRET_KEY = 'sk_test_51BillingBench';

/** A started job made by hand, as the job machinery would start it. */
const startedJob = (storeId: Uuid, jobType: Job['jobType'], at: Date): Job => ({
  id: randomIds.uuid(),
  storeId,
  jobType,
  status: 'started',
  createdAt: at,
  updatedAt: at,
  startedAt: at,
});

/**
 * A store of the generation with one product, one monthly plan, one offering snapshot and `count`
 * subscriptions, their starts spread over the month before `runAt`. A 2025 store's offering holds its plan
 * and pricing option without originals, as the 2025 wire makes them; the rows are the same otherwise.
 */
const seedStore = async (
  handle: DatabaseHandle,
  container: Container,
  generation: Generation,
  count: number,
  runAt: Date,
  ids: () => Uuid,
  taxIncluded: boolean,
): Promise<Uuid> => {
  const created = await container.get(CreateStore).execute(`Billing bench ${generation}`);
  if (E.isLeft(created)) throw new Error('the store was not created');
  const storeId = created.right.store.id;
  if (generation !== '2024') {
    const changed = await container
      .get(UpdateStoreSettings)
      .execute(storeId, { type: 'settings', subscriptions_generation: generation });
    if (E.isLeft(changed)) throw new Error(`the store's generation was not set: ${JSON.stringify(changed.left)}`);
  }
  const monthBefore = new Date(Date.UTC(runAt.getUTCFullYear(), runAt.getUTCMonth() - 1, 1));
  const origin = () => (generation === '2024' ? { originId: randomIds.uuid() } : {});
  const product = {
    id: randomIds.uuid(),
    ...origin(),
    attributes: { name: 'Beans', price: { USD: { amount: 1299, includes_tax: taxIncluded } } },
    createdAt: monthBefore,
    updatedAt: monthBefore,
  };
  const planAttributes = {
    name: 'Monthly',
    billing_interval_type: 'month',
    billing_frequency: 1,
    plan_length: 12,
    end_behavior: 'roll',
    can_pause: true,
    can_resume: true,
    can_cancel: true,
  } as const;
  const plan = {
    id: randomIds.uuid(),
    ...origin(),
    attributes: planAttributes,
    createdAt: monthBefore,
    updatedAt: monthBefore,
  };
  const offering: Offering = {
    id: randomIds.uuid(),
    storeId,
    attributes: { name: 'Coffee club' },
    version: 1,
    products: [product],
    plans: [plan],
    features: [],
    createdAt: monthBefore,
    updatedAt: monthBefore,
  };
  const versionId = await container.get(TOKENS.SubscriptionRepository).snapshotOffering(offering);

  const seeding = new cliProgress.SingleBar(
    { format: `seeding the ${generation} store {bar} {value}/{total}` },
    cliProgress.Presets.shades_classic,
  );
  seeding.start(count, 0);
  const monthMs = runAt.getTime() - monthBefore.getTime();
  for (let done = 0; done < count; done += INSERT_BATCH) {
    const rows = Array.from({ length: Math.min(INSERT_BATCH, count - done) }, (_, i) => {
      const createdAt = new Date(monthBefore.getTime() + Math.floor(((done + i) / count) * monthMs));
      const subscription: Subscription = {
        id: ids(),
        storeId,
        accountId: randomIds.uuid(),
        offeringId: offering.id,
        offeringVersionId: versionId,
        planId: plan.id,
        currency: 'USD',
        name: `Subscriber ${done + i}`,
        email: `subscriber${done + i}@example.com`,
        paymentAuthority: { type: 'elastic_path_payments_stripe', customer_id: 'cus_bench', card_id: 'pm_card_visa' },
        manualPayments: false,
        flags: { canceled: false, paused: false, suspended: false, pending: false },
        timestamps: { createdAt, updatedAt: createdAt },
        billingAnchor: billingAnchorOf(createdAt, planAttributes),
        invoiceAfter: createdAt,
      };
      return toRow(subscription, storedSubscriptionDocuments.render(subscription, offering));
    });
    await handle.db.insertInto('subscriptions').values(rows).execute();
    seeding.update(done + rows.length);
  }
  seeding.stop();
  await handle.db.updateTable('stores').set({ subscription_count: count }).where('id', '=', storeId).execute();
  return storeId;
};

/**
 * One payment run over the store's invoices, as the job machinery would run it, timed, with the CPU of this
 * process (the service, and the Stripe stand-in when there is one) and of PostgreSQL's backends on this machine.
 */
const paymentRun = async (
  container: Container,
  storeId: Uuid,
  generation: Generation,
  runAt: Date,
  url: string | undefined,
  stripe: FakeStripe | undefined,
): Promise<void> => {
  const database = url?.startsWith('postgres') === true ? new URL(url).pathname.slice(1) : undefined;
  const databaseBefore = database === undefined ? undefined : databaseCpu(database);
  const requestsBefore = stripe?.requests ?? 0;
  const cpuBefore = process.cpuUsage();
  const started = process.hrtime.bigint();
  const ran = await container.get(RunPayments).run({
    job: startedJob(storeId, 'payment-run', runAt),
    startedAt: runAt,
    heartbeat: async () => undefined,
  });
  if (E.isLeft(ran)) throw new Error(`the payment run was refused: ${JSON.stringify(ran.left)}`);
  const took = Number(process.hrtime.bigint() - started) / 1e9;
  const cpu = process.cpuUsage(cpuBefore);
  const databaseMs =
    database === undefined || databaseBefore === undefined ? NaN : databaseCpuSince(database, databaseBefore);
  const report = ran.right as { total_payment_attempts: number; failed_payments: number; total_collected: unknown };
  const attempts = report.total_payment_attempts;
  process.stdout.write(
    [
      `payment run, ${generation} store: ${formatDuration(took)}`,
      `  attempts: ${formatInteger(attempts)} (failed ${formatInteger(report.failed_payments)}), collected ${JSON.stringify(report.total_collected)}${stripe === undefined ? '' : `, Stripe requests ${formatInteger(stripe.requests - requestsBefore)}`}`,
      `  invoices/s: ${formatInteger(attempts / took)}`,
      `  CPU: this process ${formatDuration(cpu.user / 1e6)} user + ${formatDuration(cpu.system / 1e6)} system${Number.isNaN(databaseMs) ? '' : `, the database's backends ${formatDuration(databaseMs / 1000)}`}, of ${formatDuration(took)}`,
      '',
    ].join('\n'),
  );
};

const main = async (): Promise<void> => {
  const { values } = parseArgs({
    options: {
      subscriptions: { type: 'string', default: '1000000' },
      backend: { type: 'string', default: 'postgres' },
      generations: { type: 'string', default: GENERATIONS.join(',') },
      gateway: { type: 'string' },
    },
  });
  const gateway = values.gateway;
  if (gateway !== undefined && !(GATEWAYS as readonly string[]).includes(gateway))
    throw new UsageError('--gateway must be none or stripe');
  const count = Number(values.subscriptions);
  if (!Number.isInteger(count) || count < 1) throw new UsageError('--subscriptions must be a positive integer');
  const backend = values.backend;
  if (!isBackend(backend)) throw new UsageError('--backend must be postgres, mysql or pglite');
  const generations = values.generations.split(',');
  if (!generations.every((g): g is Generation => (GENERATIONS as readonly string[]).includes(g)))
    throw new UsageError('--generations must list 2024 and/or 2025');
  const { url, skip } = serverUrl(backend);
  if (backend !== 'pglite' && url === undefined) throw new UsageError(skip ?? `no URL for ${backend}`);
  const dataDir = '.data/bench-billing-pglite';
  if (backend === 'pglite') await rm(dataDir, { recursive: true, force: true });
  process.stdout.write(
    `billing run over ${formatInteger(count)} subscriptions in each of ${generations.length} store${generations.length === 1 ? '' : 's'} (${generations.join(', ')}) on ${url === undefined ? 'PGlite' : redactedUrl(url)}${gateway === undefined ? '' : `, then a payment run through ${gateway === 'stripe' ? "Stripe's adapter to a loopback stand-in" : 'no gateway'}`}\n`,
  );
  const stripe = gateway === 'stripe' ? new FakeStripe([STRIPE_SECRET_KEY]) : undefined;
  await stripe?.start();

  const { handle } = await openBenchDatabase(backend, { ...(url === undefined ? {} : { url }), dataDir });
  try {
    for (const table of [...TABLES_CHILDREN_FIRST, ...MIGRATION_TABLES])
      await handle.db.schema.dropTable(table).ifExists().execute();
    await migrateToLatest(handle.db, handle.flavor);
    const container = buildContainer(
      { kind: 'database', handle },
      {
        gatewayCredentialsKeys: [randomBytes(32)],
        ...(stripe === undefined ? {} : { stripe: stripe.settings(20_000) }),
      },
    );
    const now = new Date();
    const runAt = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));

    const seedingStarted = process.hrtime.bigint();
    const ids = subscriptionIds();
    const deferred = await deferIndexes(handle.db, backend);
    const stores: { readonly generation: Generation; readonly storeId: Uuid }[] = [];
    for (const generation of generations)
      stores.push({
        generation,
        storeId: await seedStore(handle, container, generation, count, runAt, ids, gateway !== undefined),
      });
    if (stripe !== undefined)
      for (const { storeId } of stores) {
        const enabled = await container
          .get(UpdateGateway)
          .execute(storeId, 'stripe_payment_intents', { type: 'gateway', enabled: true, login: STRIPE_SECRET_KEY });
        if (E.isLeft(enabled)) throw new Error(`Stripe was not enabled: ${JSON.stringify(enabled.left)}`);
      }
    const indexesStarted = process.hrtime.bigint();
    await rebuildIndexes(handle.db, deferred);
    if (deferred.length > 0)
      process.stdout.write(
        `${deferred.length} indexes built after the load in ${formatDuration(Number(process.hrtime.bigint() - indexesStarted) / 1e9)}\n`,
      );
    // Fresh statistics, as a server would have them for a table this size.
    if (handle.flavor === 'mysql') await sql`analyze table subscriptions`.execute(handle.db);
    else await sql`analyze`.execute(handle.db);
    process.stdout.write(`seeded in ${formatDuration(Number(process.hrtime.bigint() - seedingStarted) / 1e9)}\n`);

    // Each subscription was made within the month before the run, so one period of each is due (two of the
    // first, made exactly a month before): the first run invoices one period of each (one invoice per
    // subscription a run) and moves its invoice_after on; a second run at the same instant finds only that
    // first subscription due, and shows what walking the store costs with next to nothing to bill. The
    // stores of the two generations take turns, so that the machine's drift falls on both alike.
    const seconds = new Map<string, number>();
    for (const label of ['billing run', 'second run, at the same instant'])
      for (const { generation, storeId } of stores) {
        const job = startedJob(storeId, 'billing-run', runAt);
        let heartbeats = 0;
        const started = process.hrtime.bigint();
        const progress = progressPrinter(started);
        const ran = await container.get(RunBilling).run({
          job,
          startedAt: runAt,
          heartbeat: async () => {
            heartbeats += 1;
            progress(Math.min(count, heartbeats * BILLING_BATCH));
          },
        });
        if (E.isLeft(ran)) throw new Error(`the billing run was refused: ${JSON.stringify(ran.left)}`);
        const report = ran.right;
        const took = Number(process.hrtime.bigint() - started) / 1e9;
        seconds.set(`${label} ${generation}`, took);
        const invoices = Number(report['invoices_ready_for_payment']) + Number(report['invoices_tax_required']);
        process.stdout.write(
          [
            `${label}, ${generation} store: ${formatDuration(took)}`,
            `  invoices made: ${formatInteger(invoices)} (failures ${formatInteger(Number(report['invoice_failures']))}, heartbeats ${heartbeats})`,
            `  invoices/s: ${formatInteger(invoices / took)}; subscriptions walked/s: ${formatInteger(count / took)}`,
            '',
          ].join('\n'),
        );
      }
    for (const label of ['billing run', 'second run, at the same instant']) {
      const old = seconds.get(`${label} 2024`);
      const current = seconds.get(`${label} 2025`);
      if (old !== undefined && current !== undefined)
        process.stdout.write(`${label}: the 2025 store's time ÷ the 2024 store's = ${(current / old).toFixed(2)}×\n`);
    }
    if (gateway !== undefined)
      for (const { generation, storeId } of stores)
        await paymentRun(container, storeId, generation, runAt, url, stripe);
    process.stdout.write(`peak RSS: ${formatInteger(process.resourceUsage().maxRSS / 1024)} MiB\n`);
  } finally {
    await handle.close();
    await stripe?.stop();
  }
};

main().catch(reportFailure);
