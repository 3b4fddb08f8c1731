/**
 * What a page of `GET /v2/subscriptions/subscriptions` costs by depth: offset pages (0, 9,900, 10,000)
 * beside cursor pages (`page[after]`) at depths 10,000, 100,000, ... up to the end of the seeded store:
 *
 *   npx tsx bench/cursor-bench.ts [--backend pglite|postgres|mysql] [--requests 200] [--limit 25] [--include] [--out FILE]
 *
 * Seed first with bench/seed.ts. Requests are sent one at a time (latency, not throughput) through the
 * service running in this process; each cursor page is first checked against the same rows read by
 * offset in SQL. The plan of each page statement is taken after its run (EXPLAIN ANALYZE / ANALYZE).
 */
import 'reflect-metadata';
import { writeFile } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import { parseArgs } from 'node:util';
import { type CompiledQuery, type Kysely, type KyselyPlugin, sql } from 'kysely';
import { pino } from 'pino';
import { createHttpApp } from '../src/adapters/http/create-http-app.js';
import { buildContainer } from '../src/container.js';
import { cursorBinding, cursorToken } from '../src/domain/query/cursor.js';
import {
  type Backend,
  formatInteger,
  isBackend,
  openBenchDatabase,
  readSeedInfo,
  reportFailure,
  seededAuthorization,
  serverUrl,
  UsageError,
} from './common.js';

const USAGE =
  'usage: tsx bench/cursor-bench.ts [--backend pglite|postgres|mysql] [--requests N] [--limit N] [--include] [--out FILE]';
const LIST_PATH = '/v2/subscriptions/subscriptions';
const INCLUDE = 'plans,products';

const readOptions = () => {
  const { values } = parseArgs({
    options: {
      backend: { type: 'string', default: 'postgres' },
      requests: { type: 'string', default: '200' },
      limit: { type: 'string', default: '25' },
      include: { type: 'boolean', default: false },
      out: { type: 'string' },
    },
  });
  const requests = Number(values.requests);
  const limit = Number(values.limit);
  if (
    !isBackend(values.backend) ||
    !Number.isInteger(requests) ||
    requests < 10 ||
    !Number.isInteger(limit) ||
    limit < 1 ||
    limit > 100
  )
    throw new UsageError(USAGE);
  return {
    backend: values.backend,
    requests,
    limit,
    include: values.include,
    ...(values.out === undefined ? {} : { out: values.out }),
  };
};

const log = (line: string) => process.stderr.write(`${line}\n`);

interface Case {
  readonly label: string;
  readonly depth: number;
  readonly params: [string, string][];
}

/** Depths of ten thousand, a hundred thousand, ... that the store holds, and its last page. */
const cursorDepths = (total: number, limit: number): number[] => {
  const depths: number[] = [];
  for (let d = 10_000; d + limit <= total; d *= 10) depths.push(d);
  const last = total - limit;
  return last > (depths.at(-1) ?? 0) ? [...depths, last] : depths;
};

const percentile = (sorted: readonly number[], p: number): number =>
  sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))] ?? Number.NaN;
const ms = (n: number): string => (n >= 100 ? n.toFixed(0) : n >= 10 ? n.toFixed(1) : n.toFixed(2));

const main = async (): Promise<void> => {
  const options = readOptions();
  const where = serverUrl(options.backend);
  if (where.skip !== undefined) throw new UsageError(where.skip);
  const info = await readSeedInfo(options.backend);
  if (info === undefined || !info.complete)
    throw new UsageError(
      `${options.backend} has not been seeded (run: npx tsx bench/seed.ts --backend ${options.backend})`,
    );
  const { handle } = await openBenchDatabase(options.backend, {
    ...(where.url === undefined ? {} : { url: where.url }),
    ...(info.dataDir === undefined ? {} : { dataDir: info.dataDir }),
  });

  // The statements the service runs, recorded so that each page's plan can be taken afterwards.
  let recorded: CompiledQuery[] | undefined;
  const executor = handle.db.getExecutor();
  const recorder: KyselyPlugin = {
    transformQuery: (args) => {
      recorded?.push(executor.compileQuery(args.node, args.queryId));
      return args.node;
    },
    transformResult: async (args) => args.result,
  };
  const container = buildContainer({ kind: 'database', handle: { ...handle, db: handle.db.withPlugin(recorder) } });
  const server = http.createServer(createHttpApp({ container, logger: pino({ level: 'silent' }) }).callback());
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });

  try {
    const headers = await seededAuthorization(base, info);

    const total = Number(
      (
        await handle.db
          .selectFrom('subscriptions')
          .select((eb) => eb.fn.countAll().as('n'))
          .where('store_id', '=', info.storeId)
          .executeTakeFirstOrThrow()
      ).n,
    );
    const kept: [string, string][] = [
      ['page[limit]', String(options.limit)],
      ...(options.include ? [['include', INCLUDE] as [string, string]] : []),
    ];
    const binding = cursorBinding([], new Set(options.include ? INCLUDE.split(',') : []));
    /** The row just before `depth`, read by offset once, outside the measurement. */
    const positionBefore = async (depth: number) => {
      const row = await handle.db
        .selectFrom('subscriptions')
        .select(['created_at', 'id'])
        .where('store_id', '=', info.storeId)
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .limit(1)
        .offset(depth - 1)
        .executeTakeFirstOrThrow();
      return { createdAt: new Date(row.created_at), id: row.id };
    };
    const idsAt = async (depth: number) =>
      (
        await handle.db
          .selectFrom('subscriptions')
          .select('id')
          .where('store_id', '=', info.storeId)
          .orderBy('created_at', 'desc')
          .orderBy('id', 'desc')
          .limit(options.limit)
          .offset(depth)
          .execute()
      ).map((r) => r.id);

    const cases: Case[] = [
      { label: 'offset 0', depth: 0, params: [['page[offset]', '0'], ...kept] },
      { label: 'offset 9,900', depth: 9_900, params: [['page[offset]', '9900'], ...kept] },
      { label: 'offset 10,000', depth: 10_000, params: [['page[offset]', '10000'], ...kept] },
      { label: 'cursor, first page', depth: 0, params: [['page[after]', ''], ...kept] },
    ];
    for (const depth of cursorDepths(total, options.limit)) {
      log(`locating depth ${formatInteger(depth)}`);
      cases.push({
        label: `cursor at ${formatInteger(depth)}`,
        depth,
        params: [['page[after]', cursorToken(await positionBefore(depth), binding)], ...kept],
      });
    }

    const get = (query: string): Promise<{ status: number; body: string }> =>
      new Promise((resolve, reject) => {
        http
          .get(`${base}${LIST_PATH}?${query}`, { headers, agent }, (res) => {
            const chunks: Buffer[] = [];
            res.on('data', (c: Buffer) => chunks.push(c));
            res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString() }));
            res.on('error', reject);
          })
          .on('error', reject);
      });

    const rows: string[] = [];
    for (const c of cases) {
      const query = new URLSearchParams(c.params).toString();
      recorded = [];
      const first = await get(query);
      const statements = recorded;
      recorded = undefined;
      if (first.status !== 200) throw new Error(`${c.label}: ${first.status} ${first.body}`);
      const served = (JSON.parse(first.body) as { data: { id: string }[] }).data.map((d) => d.id);
      if (served.join() !== (await idsAt(c.depth)).join())
        throw new Error(`${c.label}: the service's page is not the rows at depth ${c.depth}`);
      log(`${c.label}: ${options.requests} requests`);
      for (let i = 0; i < Math.ceil(options.requests / 5); i++) await get(query);
      const times: number[] = [];
      for (let i = 0; i < options.requests; i++) {
        const started = performance.now();
        const answer = await get(query);
        times.push(performance.now() - started);
        if (answer.status !== 200) throw new Error(`${c.label}: ${answer.status}`);
      }
      times.sort((a, b) => a - b);
      const page = statements.find((s) => / order by /.test(s.sql) && /from [`"]subscriptions[`"]/.test(s.sql));
      const plan = page === undefined ? '' : await planSummary(options.backend, handle.db, page);
      rows.push(
        `| ${c.label} | ${formatInteger(c.depth)} | ${ms(percentile(times, 50))} | ${ms(percentile(times, 99))} | ${ms(times.reduce((a, b) => a + b, 0) / times.length)} | ${plan} |`,
      );
    }

    const version =
      (await sql<{ v: string }>`select version() as v`.execute(handle.db)).rows[0]?.v
        .replace(/ on x86_64.*$/, '')
        .replace(/,.*$/, '') ?? '?';
    const cpus = os.cpus();
    const report = [
      `### Page cost by depth: ${version}, ${formatInteger(total)} subscriptions, page[limit]=${options.limit}${options.include ? `, include=${INCLUDE}` : ''}`,
      '',
      `Node.js ${process.version}, ${cpus.length} CPUs (${cpus[0]?.model.trim() ?? '?'}); ${options.requests} requests per case, one at a time, after ${Math.ceil(options.requests / 5)} unmeasured; the service in this process. Each page was checked against the rows read by offset in SQL.`,
      '',
      '| page | depth | p50 ms | p99 ms | mean ms | page statement (warm) |',
      '|---|--:|--:|--:|--:|---|',
      ...rows,
    ].join('\n');
    process.stdout.write(`${report}\n`);
    if (options.out !== undefined) await writeFile(options.out, `${report}\n`);
  } finally {
    agent.destroy();
    await new Promise<void>((resolve) => server.close(() => resolve()));
    await handle.close();
  }
};

/** The page statement's own time and what it read, from the backend's plan. */
const planSummary = async (backend: Backend, db: Kysely<any>, statement: CompiledQuery): Promise<string> => {
  if (backend === 'mysql') {
    const [json] = (await sql.raw(`analyze format=json ${inline(statement, backend)}`).execute(db)).rows as Record<
      string,
      unknown
    >[];
    const analyzed = JSON.parse(String(json?.['ANALYZE'] ?? '{}')) as { query_block?: { r_total_time_ms?: number } };
    return `${analyzed.query_block?.r_total_time_ms?.toFixed(3) ?? '?'} ms`;
  }
  const lines = (await sql.raw(`explain (analyze, buffers) ${inline(statement, backend)}`).execute(db)).rows.map((r) =>
    String((r as Record<string, unknown>)['QUERY PLAN'] ?? ''),
  );
  const buffers = lines.find((l) => l.trim().startsWith('Buffers:'))?.trim() ?? '';
  const time = lines.find((l) => l.startsWith('Execution Time'))?.replace('Execution Time: ', '') ?? '?';
  return `${time}; ${buffers}`;
};

/** The statement with its parameters written in, for a plan (the values are the bench's own: ids, times, numbers). */
const inline = (statement: CompiledQuery, backend: Backend): string => {
  const time = (d: Date): string =>
    backend === 'mysql' ? d.toISOString().replace('T', ' ').replace('Z', '') : d.toISOString();
  const quote = (p: unknown): string =>
    p instanceof Date
      ? `'${time(p)}'`
      : typeof p === 'number' || typeof p === 'boolean'
        ? String(p)
        : `'${String(p).replace(/'/g, "''")}'`;
  let next = 0;
  return statement.sql.replace(/\$(\d+)|\?/g, (_match, n: string | undefined) =>
    quote(statement.parameters[n === undefined ? next++ : Number(n) - 1]),
  );
};

main().catch(reportFailure);
