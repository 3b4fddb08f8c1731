/**
 * What the first invoice costs subscription creation: creates subscriptions through `CreateSubscription`,
 * alternating one made live (stored with its first invoice, numbered under the store's counter lock, in
 * the same transaction) and one made pending (stored alone, as every subscription was before the first
 * invoice came), and prints each kind's p50/p99/max latency and their ratio within the one run.
 *
 *   BENCH_POSTGRES_URL=postgres://... npm run bench:create -- [--backend postgres|mysql|pglite] [--subscriptions N] [--concurrency C]
 *
 * Drops every table of the database it is given (PGlite: a fresh directory under .data) and migrates.
 * With `--concurrency` above 1, C creations of the store run at once, as requests of one store would.
 */
import 'reflect-metadata';
import { rm } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import * as E from 'fp-ts/lib/Either.js';
import { migrateToLatest } from '../src/adapters/persistence/kysely/engine/migrate.js';
import { MIGRATION_TABLES, TABLES_CHILDREN_FIRST } from '../src/adapters/persistence/kysely/engine/tables.js';
import { BuildOffering } from '../src/application/use-cases/catalogue/build-offering.js';
import { CreateSubscriptionPlan } from '../src/application/use-cases/catalogue/subscription-plans.js';
import { CreateSubscriptionProduct } from '../src/application/use-cases/catalogue/subscription-products.js';
import { CreateStore } from '../src/application/use-cases/stores/create-store.js';
import { CreateSubscription } from '../src/application/use-cases/subscriptions/create-subscription.js';
import { buildContainer } from '../src/container.js';
import {
  formatInteger,
  isBackend,
  openBenchDatabase,
  redactedUrl,
  reportFailure,
  serverUrl,
  UsageError,
} from './common.js';

const right = <A>(either: E.Either<unknown, A>): A => {
  if (E.isLeft(either)) throw new Error(JSON.stringify(either.left));
  return either.right;
};

const quantile = (sorted: readonly number[], q: number): number =>
  sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? Number.NaN;
const ms = (value: number): string => `${value.toFixed(2)} ms`;

const main = async (): Promise<void> => {
  const { values } = parseArgs({
    options: {
      backend: { type: 'string', default: 'postgres' },
      subscriptions: { type: 'string', default: '4000' },
      concurrency: { type: 'string', default: '1' },
    },
  });
  const count = Number(values.subscriptions);
  const concurrency = Number(values.concurrency);
  if (!Number.isInteger(count) || count < 2) throw new UsageError('--subscriptions must be a whole number from 2');
  if (!Number.isInteger(concurrency) || concurrency < 1)
    throw new UsageError('--concurrency must be a whole number from 1');
  const backend = values.backend;
  if (!isBackend(backend)) throw new UsageError('--backend must be postgres, mysql or pglite');
  const { url, skip } = backend === 'pglite' ? {} : serverUrl(backend);
  if (backend !== 'pglite' && url === undefined) throw new UsageError(skip ?? `no URL for ${backend}`);
  const dataDir = '.data/bench-create-pglite';
  if (backend === 'pglite') await rm(dataDir, { recursive: true, force: true });
  process.stdout.write(
    `subscription creation on ${url === undefined ? 'PGlite' : redactedUrl(url)}: ${formatInteger(count)} subscriptions, ${concurrency} at a time\n`,
  );

  const { handle } = await openBenchDatabase(backend, { ...(url === undefined ? {} : { url }), dataDir });
  try {
    for (const table of [...TABLES_CHILDREN_FIRST, ...MIGRATION_TABLES])
      await handle.db.schema.dropTable(table).ifExists().execute();
    await migrateToLatest(handle.db, handle.flavor);
    const container = buildContainer({ kind: 'database', handle });
    const storeId = right(await container.get(CreateStore).execute('Creation bench')).store.id;
    const product = right(
      await container.get(CreateSubscriptionProduct).execute(storeId, {
        type: 'subscription_product',
        attributes: { name: 'Beans', price: { USD: { amount: 1299, includes_tax: true } } },
      }),
    );
    const planAttributes = {
      name: 'Monthly',
      billing_interval_type: 'month',
      billing_frequency: 1,
      plan_length: 12,
      end_behavior: 'roll',
      can_pause: true,
      can_resume: true,
      can_cancel: true,
    };
    const plan = right(
      await container
        .get(CreateSubscriptionPlan)
        .execute(storeId, { type: 'subscription_plan', attributes: planAttributes }),
    );
    const offering = right(
      await container.get(BuildOffering).execute(storeId, { name: 'Club', products: [product.id], plans: [plan.id] }),
    );
    const create = container.get(CreateSubscription);
    const latencies = { live: [] as number[], pending: [] as number[] };

    let next = 0;
    const worker = async (): Promise<void> => {
      for (let n = next++; n < count; n = next++) {
        const kind = n % 2 === 0 ? 'live' : 'pending';
        const started = process.hrtime.bigint();
        right(
          await create.execute(storeId, {
            account_id: '0d7a3b9e-6c1f-4f0e-9a55-2b1c3d4e5f60',
            offering_id: offering.id,
            plan_id: offering.plans[0]!.id,
            currency: 'USD',
            name: `Subscriber ${n}`,
            email: `subscriber${n}@example.com`,
            payment_authority: { type: 'elastic_path_payments_stripe' },
            ...(kind === 'pending' ? { pending: true } : {}),
          }),
        );
        latencies[kind].push(Number(process.hrtime.bigint() - started) / 1e6);
      }
    };
    const started = process.hrtime.bigint();
    await Promise.all(Array.from({ length: concurrency }, worker));
    const seconds = Number(process.hrtime.bigint() - started) / 1e9;

    const rows: string[] = ['| | p50 | p99 | max |', '|---|--:|--:|--:|'];
    const figures = new Map<string, { p50: number; p99: number }>();
    for (const [kind, label] of [
      ['pending', 'pending: no invoice (as before the first invoice)'],
      ['live', 'live: with its first invoice'],
    ] as const) {
      const sorted = [...latencies[kind]].sort((a, b) => a - b);
      const figure = { p50: quantile(sorted, 0.5), p99: quantile(sorted, 0.99) };
      figures.set(kind, figure);
      rows.push(
        `| ${label} (${formatInteger(sorted.length)}) | ${ms(figure.p50)} | ${ms(figure.p99)} | ${ms(sorted[sorted.length - 1] ?? Number.NaN)} |`,
      );
    }
    const live = figures.get('live')!;
    const pending = figures.get('pending')!;
    rows.push(
      `| live ÷ pending | ${(live.p50 / pending.p50).toFixed(2)}× | ${(live.p99 / pending.p99).toFixed(2)}× | |`,
    );
    process.stdout.write(
      `${rows.join('\n')}\n${formatInteger(count / seconds)} creations/s overall; peak RSS ${formatInteger(process.resourceUsage().maxRSS / 1024)} MiB\n`,
    );
  } finally {
    await handle.close();
  }
};

main().catch(reportFailure);
