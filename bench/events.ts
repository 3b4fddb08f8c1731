/**
 * How fast observable events reach a receiver, on PostgreSQL:
 *
 *   BENCH_POSTGRES_URL=postgres://... npx tsx bench/events.ts [--idle 200] [--rate 200] [--seconds 10] [--backlog 5000]
 *     [--integrations 1,4] [--creates 400] [--only throughput]
 *
 * Drops every table of the database it is given and migrates. A receiver listens on loopback (private
 * receivers are allowed for it) and answers 204 at once; it runs in a child process of its own, so the load
 * it takes does not share the relay's event loop, and its CPU is counted apart. Then:
 * 1. at idle: `--idle` subscriptions created one after the other, each waiting for its event to arrive;
 *    latency is from the create's commit (the repository's insert returning) to the receiver's answer;
 * 2. under load: subscriptions created at `--rate` a second for `--seconds`, the same latency;
 * 3. relay throughput: `--backlog` deliveries written while the relay is stopped, then the time to deliver
 *    them and the relay process's CPU a delivery; once for each count in `--integrations`, in a store whose
 *    every create fans out to that many integrations (one busy integration holds only its share of the slots);
 * 4. what the outbox adds to a create: `--creates` subscription creates (p50/p99) with no outbox at all, for
 *    a store without integrations, and for a store with an enabled integration observing the event.
 * `--only throughput` runs step 3 alone.
 */
import 'reflect-metadata';
import { spawn } from 'node:child_process';
import { parseArgs } from 'node:util';

import * as E from 'fp-ts/lib/Either.js';
import type { Container } from 'inversify';
import { pino } from 'pino';
import { DEFAULT_INTEGRATION_SETTINGS } from '../src/adapters/config/integration-settings.js';
import { type RunningRelay, startRelay } from '../src/adapters/integrations/start-relay.js';
import { migrateToLatest } from '../src/adapters/persistence/kysely/engine/migrate.js';
import type { DatabaseHandle } from '../src/adapters/persistence/kysely/engine/open-database.js';
import { MIGRATION_TABLES, TABLES_CHILDREN_FIRST } from '../src/adapters/persistence/kysely/engine/tables.js';
import { KyselyOutbox } from '../src/adapters/persistence/kysely/integrations/kysely-outbox.js';
import { PERSISTENCE } from '../src/adapters/persistence/kysely/persistence-tokens.js';
import { INTEGRATION_TOKENS } from '../src/application/integration-tokens.js';
import { TOKENS } from '../src/application/tokens.js';
import { BuildOffering } from '../src/application/use-cases/catalogue/build-offering.js';
import { CreateSubscriptionPlan } from '../src/application/use-cases/catalogue/subscription-plans.js';
import { CreateSubscriptionProduct } from '../src/application/use-cases/catalogue/subscription-products.js';
import { CreateIntegration } from '../src/application/use-cases/integrations/create-integration.js';
import { CreateStore } from '../src/application/use-cases/stores/create-store.js';
import { CreateSubscription } from '../src/application/use-cases/subscriptions/create-subscription.js';
import { buildContainer } from '../src/container.js';
import type { Uuid } from '../src/domain/shared/uuid.js';
import { formatInteger, openBenchDatabase, redactedUrl, reportFailure, serverUrl, UsageError } from './common.js';
import { databaseCpu, databaseCpuSince } from './process-stats.js';

const right = <A>(either: E.Either<unknown, A>): A => {
  if (E.isLeft(either)) throw new Error(JSON.stringify(either.left));
  return either.right;
};

const percentile = (sorted: readonly number[], p: number): number =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;
const summary = (values: readonly number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return `p50 ${percentile(sorted, 50).toFixed(1)} ms, p99 ${percentile(sorted, 99).toFixed(1)} ms, max ${percentile(sorted, 100).toFixed(1)} ms (n=${sorted.length})`;
};
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The receiver runs in a child process, so that answering webhooks takes neither the relay's event loop nor
 * its process's CPU count: it answers 204 at once and sends each arrival's subscription id and time (ms since
 * the epoch, from its own clock) in batches, and at the end the CPU it used.
 */
const RECEIVER = `
const http = require('node:http');
let batch = [];
const flush = () => { process.send(batch); batch = []; };
const server = http.createServer((req, res) => {
  const chunks = [];
  req.on('data', (c) => chunks.push(c));
  req.on('end', () => {
    res.writeHead(204).end();
    const id = JSON.parse(Buffer.concat(chunks).toString('utf8')).payload.data.id;
    if (batch.length === 0) setImmediate(flush);
    batch.push([id, performance.timeOrigin + performance.now()]);
  });
});
server.keepAliveTimeout = 60000;
server.listen(0, '127.0.0.1', () => process.send({ port: server.address().port }));
process.on('message', () => process.send({ cpu: process.cpuUsage() }, () => process.exit(0)));
`;

/** Now on the same scale as the receiver's arrival times. */
const epochNow = () => performance.timeOrigin + performance.now();

/** Arrival times (epochNow) by subscription id, read from the payload, and how many arrived in all. */
const receiver = async () => {
  const arrived = new Map<string, number>();
  let count = 0;
  let waiter: { id: string; resolve: () => void } | undefined;
  let cpu: NodeJS.CpuUsage | undefined;
  const child = spawn(process.execPath, ['-e', RECEIVER], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  const port = await new Promise<number>((resolve, reject) => {
    child.once('error', reject);
    child.once('message', (m: { port: number }) => resolve(m.port));
  });
  child.on('message', (message: [string, number][] | { cpu: NodeJS.CpuUsage }) => {
    if (!Array.isArray(message)) {
      cpu = message.cpu;
      return;
    }
    for (const [id, at] of message) {
      count += 1;
      if (!arrived.has(id)) arrived.set(id, at);
      if (waiter?.id === id) waiter.resolve();
    }
  });
  return {
    url: `http://127.0.0.1:${port}/hook`,
    arrived,
    count: () => count,
    waitFor: (id: string) =>
      arrived.has(id) ? Promise.resolve() : new Promise<void>((resolve) => (waiter = { id, resolve })),
    /** Stops the receiver by its pid's own channel; resolves with the CPU it used, in ms. */
    close: async (): Promise<number> => {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.send('close');
      await exited;
      return cpu === undefined ? NaN : (cpu.user + cpu.system) / 1000;
    },
  };
};

/** A store with one offering to subscribe to, and `integrations` enabled integrations observing subscription.created when `hookUrl` is given. */
const storeWith = async (container: Container, hookUrl: string | undefined, integrations = 1) => {
  const store = right(await container.get(CreateStore).execute('Events bench')).store.id;
  const product = right(
    await container.get(CreateSubscriptionProduct).execute(store, {
      type: 'subscription_product',
      attributes: { name: 'Beans', price: { USD: { amount: 1000 } } },
    }),
  );
  const plan = right(
    await container.get(CreateSubscriptionPlan).execute(store, {
      type: 'subscription_plan',
      attributes: {
        name: 'Monthly',
        billing_interval_type: 'month',
        billing_frequency: 1,
        plan_length: 12,
        end_behavior: 'roll',
        can_pause: true,
        can_resume: true,
        can_cancel: true,
      },
    }),
  );
  const offering = right(
    await container.get(BuildOffering).execute(store, { name: 'Club', products: [product.id], plans: [plan.id] }),
  );
  for (let i = 0; hookUrl !== undefined && i < integrations; i += 1) {
    right(
      await container.get(CreateIntegration).execute(store, {
        type: 'integration',
        name: `Bench ${i + 1}`,
        integration_type: 'webhook',
        observes: ['subscription.created'],
        configuration: { url: hookUrl, secret_key: 'bench' },
      }),
    );
  }
  const create = container.get(CreateSubscription);
  let n = 0;
  return async (): Promise<string> => {
    n += 1;
    const data = {
      account_id: '0d7a3b9e-6c1f-4f0e-9a55-2b1c3d4e5f60',
      offering_id: offering.id,
      plan_id: offering.plans[0]!.id,
      currency: 'USD',
      name: `Sub ${n}`,
      email: 'bench@example.com',
      payment_authority: { type: 'platform_payments_processor' },
    };
    return right(await create.execute(store as Uuid, data)).subscription.id;
  };
};

/** An outbox that writes nothing: what a create costs without one. */
class NoOutbox extends KyselyOutbox {
  override async record(): Promise<void> {}
  override async around<R>(
    db: Parameters<KyselyOutbox['around']>[0],
    _s: Uuid,
    _k: never,
    write: (db: Parameters<KyselyOutbox['around']>[0]) => Promise<R>,
  ): Promise<R> {
    return write(db);
  }
}

const main = async (): Promise<void> => {
  const { values } = parseArgs({
    options: {
      idle: { type: 'string', default: '200' },
      rate: { type: 'string', default: '200' },
      seconds: { type: 'string', default: '10' },
      backlog: { type: 'string', default: '5000' },
      creates: { type: 'string', default: '400' },
      integrations: { type: 'string', default: '1,4' },
      only: { type: 'string' },
    },
  });
  const [idle, rate, seconds, backlog, creates] = [
    values.idle,
    values.rate,
    values.seconds,
    values.backlog,
    values.creates,
  ].map(Number) as [number, number, number, number, number];
  const integrationCounts = (values.integrations ?? '1').split(',').map(Number);
  const only = values.only;
  if (only !== undefined && only !== 'throughput') throw new UsageError('--only takes throughput');
  const { url, skip } = serverUrl('postgres');
  if (url === undefined) throw new UsageError(skip ?? 'BENCH_POSTGRES_URL is not set');
  process.stdout.write(`observable events on ${redactedUrl(url)}\n`);
  const database = new URL(url).pathname.slice(1);
  const { handle } = await openBenchDatabase('postgres', { url });
  const hook = await receiver();
  const log = pino({ level: 'warn' });
  const settings = { ...DEFAULT_INTEGRATION_SETTINGS, allowPrivate: true };
  let relay: RunningRelay | undefined;
  try {
    for (const table of [...TABLES_CHILDREN_FIRST, ...MIGRATION_TABLES])
      await handle.db.schema.dropTable(table).ifExists().execute();
    await migrateToLatest(handle.db, handle.flavor);
    const container = buildContainer(
      { kind: 'database', handle: handle as DatabaseHandle },
      { integrations: settings },
    );
    const subscribe = await storeWith(container, hook.url);

    if (only !== 'throughput') {
      relay = await startRelay(container, log);
      const latencies: number[] = [];
      for (let i = 0; i < idle; i += 1) {
        const id = await subscribe();
        const committed = epochNow();
        await hook.waitFor(id);
        latencies.push(hook.arrived.get(id)! - committed);
      }
      process.stdout.write(`1. commit to receiver's answer, at idle:     ${summary(latencies)}\n`);

      // Creates start at the rate asked, at most 32 at once, as a service's bounded request concurrency would
      // have them: an unbounded queue would measure the pool's queue, not the relay.
      const loaded: Promise<number>[] = [];
      const started = performance.now();
      const total = rate * seconds;
      let inFlight = 0;
      for (let i = 0; i < total; i += 1) {
        const due = started + (i * 1000) / rate;
        const wait = due - performance.now();
        if (wait > 0) await sleep(wait);
        while (inFlight >= 32) await sleep(1);
        inFlight += 1;
        loaded.push(
          subscribe().then(async (id) => {
            inFlight -= 1;
            const committed = epochNow();
            while (!hook.arrived.has(id)) await sleep(5);
            return hook.arrived.get(id)! - committed;
          }),
        );
      }
      const underLoad = await Promise.all(loaded);
      const achieved = total / ((performance.now() - started) / 1000);
      process.stdout.write(
        `2. commit to receiver's answer, ${rate}/s asked (${achieved.toFixed(0)}/s made): ${summary(underLoad)}\n`,
      );
    }

    // Throughput over a backlog written while the relay is stopped, for each number of integrations asked:
    // a store whose every create fans out to that many deliveries, one per integration.
    for (const fanOut of integrationCounts) {
      await relay?.stop();
      relay = undefined;
      const backlogStore = await storeWith(container, hook.url, fanOut);
      const creates = Math.ceil(backlog / fanOut);
      for (let i = 0; i < creates; i += 8)
        await Promise.all(Array.from({ length: Math.min(8, creates - i) }, () => backlogStore()));
      const expected = hook.count() + creates * fanOut;
      const relayStart = performance.now();
      const cpuStart = process.cpuUsage();
      const databaseStart = databaseCpu(database);
      relay = await startRelay(container, log);
      while (hook.count() < expected) await sleep(5);
      const relaySeconds = (performance.now() - relayStart) / 1000;
      const cpu = process.cpuUsage(cpuStart);
      const databaseMs = databaseCpuSince(database, databaseStart);
      const delivered = creates * fanOut;
      process.stdout.write(
        `3. relay throughput, ${fanOut} integration${fanOut === 1 ? '' : 's'}: ${formatInteger(delivered)} deliveries in ${relaySeconds.toFixed(2)} s = ${formatInteger(delivered / relaySeconds)} deliveries/s; CPU a delivery: relay process ${((cpu.user + cpu.system) / 1000 / delivered).toFixed(3)} ms, database backends ${(databaseMs / delivered).toFixed(3)} ms\n`,
      );
    }
    await relay?.stop();
    relay = undefined;
    if (only === 'throughput') return;

    // The three kinds of store take turns, so that the machine's drift weighs on each alike.
    const timeCreates = async (makers: readonly (() => Promise<string>)[]) => {
      const times = makers.map((): number[] => []);
      for (let i = 0; i < creates; i += 1) {
        for (const [k, make] of makers.entries()) {
          const t = performance.now();
          await make();
          times[k]!.push(performance.now() - t);
        }
      }
      return times;
    };
    const without = buildContainer({ kind: 'database', handle: handle as DatabaseHandle }, { integrations: settings });
    without
      .rebind(PERSISTENCE.Outbox)
      .toConstantValue(
        new NoOutbox(
          without.get(TOKENS.IdGenerator),
          without.get(TOKENS.Clock),
          without.get(INTEGRATION_TOKENS.ObservedPayloads),
          without.get(PERSISTENCE.AuditRecorder),
        ),
      );
    const withOutbox = buildContainer(
      { kind: 'database', handle: handle as DatabaseHandle },
      { integrations: settings },
    );
    const [none, quiet, observed] = (await timeCreates([
      await storeWith(without, undefined),
      await storeWith(withOutbox, undefined),
      await storeWith(withOutbox, hook.url),
    ])) as [number[], number[], number[]];
    process.stdout.write(`4. subscription create, no outbox:                   ${summary(none)}\n`);
    process.stdout.write(`   subscription create, store without integrations: ${summary(quiet)}\n`);
    process.stdout.write(`   subscription create, one observing integration:  ${summary(observed)}\n`);
  } finally {
    await relay?.stop();
    const receiverMs = await hook.close();
    process.stdout.write(
      `   the receiver's own process: ${(receiverMs / hook.count()).toFixed(3)} ms of CPU a delivery (${formatInteger(hook.count())} in all)\n`,
    );
    await handle.close();
  }
};

main().catch(reportFailure);
