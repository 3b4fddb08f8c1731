/**
 * What the unfiltered first page of `GET /v2/subscriptions/subscriptions` costs in CPU per request, and
 * where the floor under that cost lies, on the PostgreSQL store `bench/seed.ts` made:
 *
 *   npm run build && BENCH_POSTGRES_URL=postgres://... npm run bench:list-floor -- [--seconds 6] [--connections 32] [--rounds 2]
 *
 * Four servers, each in a process of its own, answer the same page with a body of the service's size:
 * the bare node:http handler (the "raw, service-sized body" baseline of `bench:list`), the same handler
 * behind Koa and @koa/router, a bare handler joining the page's stored documents, and the service
 * (`node dist/main.js`). The service then answers two smaller requests, a page of one and the store's
 * settings, which its caches answer without the database: what a request costs it before any row. Each
 * one's CPU per request is read from /proc; on two CPUs shared with the load generator and the database,
 * that ratio holds far steadier than requests per second. At the same CPU per request, 0.8 times the raw
 * handler's throughput is a CPU cost of at most 1.25 times its own.
 *
 * Then the page's own work is timed alone, in this process, on the page's 25 rows: parsing their stored
 * JSON, decoding them, writing their resources, and the raw handler's JSON.stringify of the rows.
 */
import 'reflect-metadata';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { sql } from 'kysely';
import { JsonBytes } from '../src/adapters/http/documents/json-bytes.js';
import { writeStoredSubscriptions } from '../src/adapters/http/subscriptions/subscription-stored-document.js';
import { SnapshotCache } from '../src/adapters/persistence/kysely/catalogue/snapshot-cache.js';
import {
  loadOfferings,
  subscriptionFromRow,
} from '../src/adapters/persistence/kysely/subscriptions/subscription-rows.js';
import {
  formatInteger,
  openBenchDatabase,
  readSeedInfo,
  reportFailure,
  seededAuthorization,
  serverUrl,
  UsageError,
} from './common.js';
import { FLOOR_PATH } from './floor-server.js';
import { cpuMsOfStat } from './process-stats.js';
import { type ListeningProcess, startListening, startServiceProcess } from './service-process.js';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

const { values } = parseArgs({
  options: {
    seconds: { type: 'string', default: '6' },
    connections: { type: 'string', default: '32' },
    rounds: { type: 'string', default: '2' },
    warmup: { type: 'string', default: '2' },
  },
});
const whole = (name: string, raw: string, min: number): number => {
  const n = Number(raw);
  if (!Number.isInteger(n) || n < min) throw new UsageError(`--${name} must be a whole number of at least ${min}`);
  return n;
};

/** A floor server of bench/floor-server.ts in a child process. */
const startFloor = (kind: 'raw' | 'koa' | 'stored', env: Readonly<Record<string, string>>): Promise<ListeningProcess> =>
  startListening(`the ${kind} floor`, ['--import', 'tsx', path.join(ROOT, 'bench', 'floor-server.ts'), kind], env);

const cpuMs = async (pid: number): Promise<number> => cpuMsOfStat(await readFile(`/proc/${pid}/stat`, 'utf8'));

const load = (url: string, headers: Record<string, string>, connections: number, seconds: number) =>
  new Promise<autocannon.Result>((resolve, reject) => {
    autocannon({ url, headers, connections, duration: seconds, pipelining: 1, timeout: 30 }, (error, result) =>
      error === null || error === undefined
        ? resolve(result)
        : reject(error instanceof Error ? error : new Error(String(error))),
    );
  });

interface Measured {
  readonly responses: number;
  readonly seconds: number;
  readonly cpuMs: number;
}

/** Per page, in µs: the median of `runs` timings of `pages` pages each. */
const timePerPage = (pages: number, runs: number, work: () => number): number => {
  let sink = 0;
  for (let i = 0; i < pages; i++) sink += work();
  const timings: number[] = [];
  for (let r = 0; r < runs; r++) {
    const start = process.hrtime.bigint();
    for (let i = 0; i < pages; i++) sink += work();
    timings.push(Number(process.hrtime.bigint() - start) / 1000 / pages);
  }
  if (sink === 0) throw new Error('the timed work produced nothing');
  return timings.sort((a, b) => a - b)[Math.floor(runs / 2)] ?? Number.NaN;
};

const main = async (): Promise<void> => {
  const seconds = whole('seconds', values.seconds, 1);
  const connections = whole('connections', values.connections, 1);
  const rounds = whole('rounds', values.rounds, 1);
  const warmup = whole('warmup', values.warmup, 0);
  const where = serverUrl('postgres');
  if (where.url === undefined) throw new UsageError(where.skip ?? 'BENCH_POSTGRES_URL is not set');
  const info = await readSeedInfo('postgres');
  if (info === undefined || !info.complete)
    throw new UsageError('the PostgreSQL store has not been seeded (run: npx tsx bench/seed.ts --backend postgres)');

  const closers: Array<() => Promise<void>> = [];
  try {
    const service = await startServiceProcess(where.url, []);
    closers.unshift(() => service.close());
    const authorization = await seededAuthorization(service.url, info);
    const page = await fetch(`${service.url}${FLOOR_PATH}`, { headers: authorization });
    if (page.status !== 200) throw new Error(`the service answered ${page.status}`);
    const pageBytes = (await page.arrayBuffer()).byteLength;

    const sizes = new Map<string, number>();
    const floorEnv = {
      FLOOR_DATABASE_URL: where.url,
      FLOOR_STORE_ID: info.storeId,
      FLOOR_BODY_BYTES: String(pageBytes),
    };
    const raw = await startFloor('raw', floorEnv);
    closers.unshift(() => raw.close());
    const koa = await startFloor('koa', floorEnv);
    closers.unshift(() => koa.close());
    const stored = await startFloor('stored', floorEnv);
    closers.unshift(() => stored.close());
    // The last two rows are the service's fixed cost a request: the same list with a page of one, and a read
    // its caches answer without the database (the store's settings), each through every middleware and the guard.
    const servers: ReadonlyArray<{
      label: string;
      server: ListeningProcess;
      headers: Record<string, string>;
      path: string;
    }> = [
      {
        label: 'raw node:http handler, service-sized body',
        server: raw,
        headers: {},
        path: FLOOR_PATH,
      },
      {
        label: 'the same handler behind Koa and @koa/router',
        server: koa,
        headers: {},
        path: FLOOR_PATH,
      },
      {
        label: "the bare handler joining the page's stored documents as they are",
        server: stored,
        headers: {},
        path: FLOOR_PATH,
      },
      { label: 'the service', server: service, headers: authorization, path: FLOOR_PATH },
      {
        label: 'the service, a page of one (`page[limit]=1`)',
        server: service,
        headers: authorization,
        path: `${FLOOR_PATH}?page%5Blimit%5D=1`,
      },
      {
        label: "the service, the store's settings (`GET /v2/settings`, no database read)",
        server: service,
        headers: authorization,
        path: '/v2/settings',
      },
    ];
    for (const { label, server, headers, path: at } of servers) {
      const answer = await fetch(`${server.url}${at}`, { headers });
      const size = (await answer.arrayBuffer()).byteLength;
      // The rows of the first page answer the service's page size; the last two answer less by design.
      if (answer.status !== 200 || (at === FLOOR_PATH && Math.abs(size - pageBytes) > 64))
        throw new Error(`${label} answered ${answer.status} with ${size} bytes, not ${pageBytes}`);
      sizes.set(label, size);
    }

    const measured = new Map<string, Measured[]>(servers.map((s) => [s.label, []]));
    for (let round = 1; round <= rounds; round++) {
      for (const { label, server, headers, path: at } of servers) {
        process.stderr.write(`round ${round}: ${label}\n`);
        const url = `${server.url}${at}`;
        if (warmup > 0) await load(url, headers, connections, warmup);
        const before = await cpuMs(server.pid);
        const result = await load(url, headers, connections, seconds);
        const used = (await cpuMs(server.pid)) - before;
        if (result.non2xx > 0 || result.errors > 0)
          throw new Error(`${label}: ${result.non2xx} non-2xx, ${result.errors} errors`);
        measured.get(label)?.push({ responses: result.requests.total, seconds: result.duration, cpuMs: used });
      }
    }

    const perRequest = (label: string): number => {
      const runs = measured.get(label) ?? [];
      const cpu = runs.reduce((sum, r) => sum + r.cpuMs, 0);
      const responses = runs.reduce((sum, r) => sum + r.responses, 0);
      return (cpu * 1000) / responses;
    };
    const rawCpu = perRequest(servers[0]?.label ?? '');
    const lines = [
      "## The list's floor: CPU per request",
      '',
      `Unfiltered first page, ${formatInteger(pageBytes)} bytes a response, ${connections} connections, ${rounds} round(s) of ${seconds} s per server (after ${warmup} s of warm-up), servers in turn. Node.js ${process.version}.`,
      '',
      '| server | bytes a response | req/s (each round) | CPU µs a request | CPU vs raw |',
      '|---|--:|--:|--:|--:|',
      ...servers.map(({ label }) => {
        const runs = measured.get(label) ?? [];
        const rates = runs.map((r) => formatInteger(r.responses / r.seconds)).join(', ');
        const cpu = perRequest(label);
        return `| ${label} | ${formatInteger(sizes.get(label) ?? 0)} | ${rates} | ${formatInteger(cpu)} | ${(cpu / rawCpu).toFixed(2)}× |`;
      }),
      '',
      `At the same CPU per request, 0.8× of the raw handler's throughput allows the service at most ${formatInteger(rawCpu / 0.8)} µs a request: ${formatInteger(rawCpu / 0.8 - rawCpu)} µs above the raw handler's own.`,
    ];

    // The page's own work, alone, on its 25 rows.
    const { handle } = await openBenchDatabase('postgres', { url: where.url });
    closers.unshift(() => handle.close());
    const { rows } = await sql<Record<string, unknown>>`select * from subscriptions where store_id = ${info.storeId}
      order by created_at desc, id desc limit 25`.execute(handle.db);
    const typed = rows as unknown as (Parameters<typeof subscriptionFromRow>[0] & { document: string | null })[];
    const subscriptions = typed.map(subscriptionFromRow);
    const offerings = await loadOfferings(
      handle.db,
      new SnapshotCache(),
      subscriptions.map((s) => s.offeringVersionId),
    );
    const now = new Date();
    const listed = typed.map((row, i) => {
      const subscription = subscriptions[i];
      if (subscription === undefined || row.document === null) throw new Error('a seeded row has no document');
      return {
        id: subscription.id,
        createdAt: subscription.timestamps.createdAt,
        offeringVersionId: subscription.offeringVersionId,
        document: row.document,
        inactive: subscription.inactive === true,
        invoiceAfter: subscription.invoiceAfter,
      };
    });
    const pieces: Array<[string, number]> = [
      [
        'JSON.parse of the 25 stored bodies',
        timePerPage(2000, 9, () => typed.reduce((n, r) => n + (JSON.parse(String(r.body)) === null ? 0 : 1), 0)),
      ],
      [
        'decoding the 25 rows (subscriptionFromRow: what a page did before documents were stored)',
        timePerPage(2000, 9, () => typed.map(subscriptionFromRow).length),
      ],
      [
        'writing their 25 resources from their stored documents (writeStoredSubscriptions)',
        timePerPage(2000, 9, () => {
          const out = new JsonBytes().text('[');
          writeStoredSubscriptions(out, listed, offerings, now, '2024');
          return out.text(']').toBuffer().length;
        }),
      ],
      ["the raw handler's JSON.stringify of the 25 rows", timePerPage(2000, 9, () => JSON.stringify(rows).length)],
    ];
    lines.push(
      '',
      "The page's own work timed alone, in one thread, per page (median of 9 runs of 2,000 pages; without the garbage collection it leaves behind):",
      '',
      '| work | µs a page |',
      '|---|--:|',
      ...pieces.map(([what, us]) => `| ${what} | ${us.toFixed(1)} |`),
    );
    process.stdout.write(`${lines.join('\n')}\n`);
  } finally {
    for (const close of closers) await close();
  }
};

main().catch((error: unknown) => {
  reportFailure(error);
  process.exitCode = 1;
});
