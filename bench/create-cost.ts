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
 *
 * Then, with `--wire-subscriptions W` (default 2,000; 0 skips it), W creations through the HTTP API on a
 * socket, alternating EPCC's 2024 wire and its 2025 one (`/generations/2025`) on the same offering: what
 * the 2025 wire costs a create, as the ratio of the two within the one run.
 */
import 'reflect-metadata';
import { rm } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { parseArgs } from 'node:util';
import * as E from 'fp-ts/lib/Either.js';
import { pino } from 'pino';
import { createHttpApp } from '../src/adapters/http/create-http-app.js';
import { migrateToLatest } from '../src/adapters/persistence/kysely/engine/migrate.js';
import { MIGRATION_TABLES, TABLES_CHILDREN_FIRST } from '../src/adapters/persistence/kysely/engine/tables.js';
import { BuildOffering } from '../src/application/use-cases/catalogue/build-offering.js';
import { CreateSubscriptionPlan } from '../src/application/use-cases/catalogue/subscription-plans.js';
import { CreateSubscriptionProduct } from '../src/application/use-cases/catalogue/subscription-products.js';
import { CreateStore } from '../src/application/use-cases/stores/create-store.js';
import { SetStoreRateLimit } from '../src/application/use-cases/stores/set-store-rate-limit.js';
import { CreateSubscription } from '../src/application/use-cases/subscriptions/create-subscription.js';
import { buildContainer } from '../src/container.js';
import type { Offering } from '../src/domain/catalogue/offering.js';
import {
  formatInteger,
  isBackend,
  openBenchDatabase,
  redactedUrl,
  reportFailure,
  seededAuthorization,
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
      'wire-subscriptions': { type: 'string', default: '2000' },
    },
  });
  const wireCount = Number(values['wire-subscriptions']);
  if (!Number.isInteger(wireCount) || wireCount < 0)
    throw new UsageError('--wire-subscriptions must be a whole number from 0');
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
    const createdStore = right(await container.get(CreateStore).execute('Creation bench'));
    const storeId = createdStore.store.id;
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
    if (wireCount > 0) {
      // The default budget (100 requests a second) would answer a loop of creates 429.
      right(await container.get(SetStoreRateLimit).execute(storeId, 1_000_000));
      const server = http.createServer(createHttpApp({ container, logger: pino({ level: 'silent' }) }).callback());
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      try {
        const baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
        const credentials = { clientId: createdStore.key.clientId, clientSecret: createdStore.clientSecret };
        process.stdout.write(
          `\n${await wireCosts(baseUrl, await seededAuthorization(baseUrl, credentials), offering, wireCount)}\n`,
        );
      } finally {
        server.closeAllConnections();
        await new Promise((resolve) => server.close(resolve));
      }
    }
  } finally {
    await handle.close();
  }
};

/** The same subscription as each wire writes it: 2025's plan is 2024's product, its pricing option 2024's plan. */
const WIRES = {
  '2024': {
    path: '/v2/subscriptions/subscriptions',
    body: (offering: Offering, n: number) => ({
      type: 'subscription',
      ...subscriber(n),
      offering_id: offering.id,
      plan_id: offering.plans[0]!.id,
    }),
  },
  '2025': {
    path: '/generations/2025/v2/subscriptions/subscriptions',
    body: (offering: Offering, n: number) => ({
      type: 'subscription',
      ...subscriber(n),
      offering_id: offering.id,
      plan_id: offering.products[0]!.id,
      pricing_option_id: offering.plans[0]!.id,
    }),
  },
} as const;

const subscriber = (n: number) => ({
  account_id: '0d7a3b9e-6c1f-4f0e-9a55-2b1c3d4e5f60',
  currency: 'USD',
  name: `Wire subscriber ${n}`,
  email: `wire${n}@example.com`,
  payment_authority: { type: 'elastic_path_payments_stripe' },
});

/** Creates through the API, one at a time, the two wires alternating: each wire's p50/p99 and their ratio. */
const wireCosts = async (
  baseUrl: string,
  headers: { authorization: string },
  offering: Offering,
  count: number,
): Promise<string> => {
  const latencies = { '2024': [] as number[], '2025': [] as number[] };
  for (let n = 0; n < count; n++) {
    const wire = n % 2 === 0 ? '2024' : '2025';
    const started = process.hrtime.bigint();
    const response = await fetch(`${baseUrl}${WIRES[wire].path}`, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json' },
      body: JSON.stringify({ data: WIRES[wire].body(offering, n) }),
    });
    const text = await response.text();
    if (response.status !== 201) throw new Error(`the ${wire} create answered ${response.status}: ${text}`);
    latencies[wire].push(Number(process.hrtime.bigint() - started) / 1e6);
  }
  const figure = (wire: '2024' | '2025') => {
    const sorted = [...latencies[wire]].sort((a, b) => a - b);
    return { p50: quantile(sorted, 0.5), p99: quantile(sorted, 0.99), n: sorted.length };
  };
  const old = figure('2024');
  const current = figure('2025');
  return [
    'Through the API (a socket, one request at a time, the wires alternating):',
    '',
    '| wire | p50 | p99 |',
    '|---|--:|--:|',
    `| 2024 (${formatInteger(old.n)}) | ${ms(old.p50)} | ${ms(old.p99)} |`,
    `| 2025 (${formatInteger(current.n)}) | ${ms(current.p50)} | ${ms(current.p99)} |`,
    `| 2025 ÷ 2024 | ${(current.p50 / old.p50).toFixed(2)}× | ${(current.p99 / old.p99).toFixed(2)}× |`,
  ].join('\n');
};

main().catch(reportFailure);
