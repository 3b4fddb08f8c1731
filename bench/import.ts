/**
 * Measures an import end to end: builds a JSONL file of N subscriptions (against one offering and plan
 * it creates first), uploads it over HTTP to the service in this process, runs the import job's handler,
 * and prints lines per second for the upload and for the import, and the peak resident memory.
 *
 *   npm run bench:import -- [--lines 100000] [--backend pglite|postgres|mysql]
 *
 * On the backend given (its server at BENCH_POSTGRES_URL or BENCH_MYSQL_URL); without one, on PostgreSQL
 * when BENCH_POSTGRES_URL is set, else on in-memory PGlite. The job is run through the store's import lane
 * in this process, so only the upload and the handler are timed.
 */
import 'reflect-metadata';
import { once } from 'node:events';
import { createWriteStream, openAsBlob } from 'node:fs';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import * as E from 'fp-ts/lib/Either.js';
import { pino } from 'pino';
import { DEFAULT_HTTP_SETTINGS } from '../src/adapters/config/http-settings.js';
import { DEFAULT_IMPORT_UPLOAD_LIMITS } from '../src/adapters/config/import-settings.js';
import { createHttpApp } from '../src/adapters/http/create-http-app.js';
import { migrateToLatest } from '../src/adapters/persistence/kysely/engine/migrate.js';
import { openDatabase } from '../src/adapters/persistence/kysely/engine/open-database.js';
import { createDrainingServer } from '../src/adapters/service/http-server.js';
import { RunLane } from '../src/application/use-cases/jobs/run-lane.js';
import { CreateStore } from '../src/application/use-cases/stores/create-store.js';
import { SetStoreRateLimit } from '../src/application/use-cases/stores/set-store-rate-limit.js';
import { buildContainer } from '../src/container.js';
import type { Uuid } from '../src/domain/shared/uuid.js';
import { BACKENDS, isBackend, serverUrl } from './common.js';
import { databaseCpu, databaseCpuSince } from './process-stats.js';

const { values } = parseArgs({
  options: { lines: { type: 'string', default: '100000' }, backend: { type: 'string' } },
});
const lines = Number(values.lines);
if (!Number.isInteger(lines) || lines < 1) throw new Error('--lines must be a whole number from 1');
const backend = values.backend ?? (process.env['BENCH_POSTGRES_URL'] ? 'postgres' : 'pglite');
if (!isBackend(backend)) throw new Error(`--backend must be one of ${BACKENDS.join(', ')}`);
const server = serverUrl(backend);
if (server.skip !== undefined) throw new Error(server.skip);
const BACKEND_NAMES = { pglite: 'PGlite', postgres: 'PostgreSQL', mysql: 'MariaDB/MySQL' } as const;

let peakRss = process.memoryUsage.rss();
const sampler = setInterval(() => (peakRss = Math.max(peakRss, process.memoryUsage.rss())), 50);
const mib = (bytes: number): string => `${(bytes / 1024 / 1024).toFixed(0)} MiB`;
const rate = (n: number, ms: number): string => `${Math.round((n * 1000) / ms).toLocaleString('en')} lines/s`;

const handle = await openDatabase(
  server.url === undefined
    ? { kind: 'pglite', dataDir: undefined }
    : { kind: backend === 'mysql' ? 'mysql' : 'postgres', url: server.url },
);
await migrateToLatest(handle.db, handle.flavor);
const container = buildContainer({ kind: 'database', handle });
const created = await container.get(CreateStore).execute(`Import bench ${Date.now()}`);
if (E.isLeft(created)) throw new Error('store not created');
await container.get(SetStoreRateLimit).execute(created.right.store.id, 1_000_000);
const app = createHttpApp({
  container,
  logger: pino({ level: 'warn' }),
  imports: { ...DEFAULT_IMPORT_UPLOAD_LIMITS, maxObjects: Math.max(lines, DEFAULT_IMPORT_UPLOAD_LIMITS.maxObjects) },
});
const { server: http } = createDrainingServer(
  app.callback(),
  { ...DEFAULT_HTTP_SETTINGS, requestTimeoutMs: 3_600_000 },
  pino({ level: 'warn' }),
);
http.listen(0, '127.0.0.1');
await once(http, 'listening');
const url = `http://127.0.0.1:${(http.address() as AddressInfo).port}`;
const dir = await mkdtemp(path.join(os.tmpdir(), 'import-bench-'));

try {
  const form = new URLSearchParams({
    grant_type: 'client_credentials',
    client_id: created.right.key.clientId,
    client_secret: created.right.clientSecret,
  });
  const token = (
    (await (await fetch(`${url}/oauth/access_token`, { method: 'POST', body: form })).json()) as {
      access_token: string;
    }
  ).access_token;
  const auth = { Authorization: `Bearer ${token}` };
  const post = async (
    route: string,
    data: unknown,
  ): Promise<{ id: string; relationships?: { plans: { data: { id: string }[] } } }> => {
    const response = await fetch(`${url}/v2/subscriptions${route}`, {
      method: 'POST',
      headers: { ...auth, 'Content-Type': 'application/json' },
      body: JSON.stringify({ data }),
    });
    if (response.status !== 201) throw new Error(`${route} answered ${response.status}: ${await response.text()}`);
    return ((await response.json()) as { data: { id: string } }).data;
  };
  const product = await post('/products', {
    type: 'subscription_product',
    attributes: { name: 'Bench beans', price: { USD: { amount: 1000 } } },
  });
  const plan = await post('/plans', {
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
  });
  const offering = await post('/offerings/build', { name: 'Bench club', products: [product.id], plans: [plan.id] });
  const offeringPlan = offering.relationships?.plans.data[0]?.id;
  if (offeringPlan === undefined) throw new Error('the offering has no plan');

  const file = path.join(dir, 'subscriptions.jsonl');
  const out = createWriteStream(file);
  for (let n = 0; n < lines; n += 1) {
    const line = {
      data: {
        type: 'subscription',
        account_id: '0d7a3b9e-6c1f-4f0e-9a55-2b1c3d4e5f60',
        offering_id: offering.id,
        plan_id: offeringPlan,
        currency: 'USD',
        name: `Subscriber ${n}`,
        email: `subscriber${n}@example.com`,
        external_ref: `bench-${n}`,
        payment_authority: { type: 'platform_payments_processor' },
      },
    };
    if (!out.write(`${JSON.stringify(line)}\n`)) await once(out, 'drain');
  }
  out.end();
  await once(out, 'finish');
  const size = (await stat(file)).size;

  const body = new FormData();
  body.append('import_file', await openAsBlob(file), 'subscriptions.jsonl');
  const uploadStart = performance.now();
  const uploaded = await fetch(`${url}/v2/subscriptions/imports`, { method: 'POST', headers: auth, body });
  const uploadMs = performance.now() - uploadStart;
  if (uploaded.status !== 201) throw new Error(`upload answered ${uploaded.status}: ${await uploaded.text()}`);
  const importId = ((await uploaded.json()) as { data: { id: string } }).data.id as Uuid;

  // The import runs as the service's worker runs it: the store's import lane, claimed, run, finished.
  const database = server.url === undefined ? undefined : new URL(server.url).pathname.slice(1);
  const databaseBefore = database === undefined || backend !== 'postgres' ? undefined : databaseCpu(database);
  const cpuBefore = process.cpuUsage();
  const importStart = performance.now();
  const [ran] = await container.get(RunLane).execute({ storeId: created.right.store.id, lane: 'import' });
  const importMs = performance.now() - importStart;
  const cpu = process.cpuUsage(cpuBefore);
  const databaseMs =
    database === undefined || databaseBefore === undefined ? NaN : databaseCpuSince(database, databaseBefore);
  if (ran?.job.id !== importId || ran.outcome.status !== 'success')
    throw new Error(`the import did not succeed: ${JSON.stringify(ran?.outcome)}`);
  const report = ran.outcome.report;

  console.log(`backend: ${BACKEND_NAMES[backend]}; ${lines.toLocaleString('en')} subscription lines, ${mib(size)}`);
  console.log(`upload: ${(uploadMs / 1000).toFixed(1)} s, ${rate(lines, uploadMs)}`);
  console.log(`import: ${(importMs / 1000).toFixed(1)} s, ${rate(lines, importMs)}`);
  const perLine = (ms: number) => (Number.isNaN(ms) ? 'not read' : `${Math.round((ms * 1000) / lines)} µs`);
  console.log(
    `import CPU a line: this process ${perLine((cpu.user + cpu.system) / 1000)}, PostgreSQL backends ${perLine(databaseMs)}`,
  );
  console.log(`report: ${JSON.stringify(report)}`);
  console.log(`peak RSS: ${mib(Math.max(peakRss, process.resourceUsage().maxRSS * 1024))}`);
} finally {
  clearInterval(sampler);
  http.close();
  await rm(dir, { recursive: true, force: true });
  await handle.close();
}
