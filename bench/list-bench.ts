/**
 * Measures `GET /v2/subscriptions/subscriptions` on seeded stores, and the same page query issued as
 * raw SQL from a bare node:http handler, to show what the service costs on top of the database:
 *
 *   npx tsx bench/list-bench.ts [--backend pglite|postgres|mysql|all] [--duration 5] [--connections 10] [--warmup 2] [--out FILE] [--only REGEX] [--encodings gzip,br|none]
 *
 * Each request is measured again as a client asking for each of `--encodings` in Accept-Encoding (rows
 * marked `, gzip` and `, br`): their KiB/resp is what crossed the wire, and their sized raw handler sends
 * that many bytes.
 *
 * Each request is measured on each of `--generations` (default both): the 2025 wire's rows, marked
 * `(2025)`, ask for the same page of the same store through `/generations/2025`, and a closing table
 * sets each against its 2024 twin.
 *
 * Seed first with bench/seed.ts. The service runs in this process, as it would in production: one
 * Node.js thread with its database pool. Load comes from a worker thread.
 */
import 'reflect-metadata';
import { writeFile } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import { parseArgs } from 'node:util';
import { Worker } from 'node:worker_threads';
import type { PGlite } from '@electric-sql/pglite';
import { type CompiledQuery, type KyselyPlugin, type QueryId, sql } from 'kysely';
import { pino } from 'pino';
import { createHttpApp } from '../src/adapters/http/create-http-app.js';
import type { DatabaseHandle } from '../src/adapters/persistence/kysely/engine/open-database.js';
import { AuthenticateBearer } from '../src/application/use-cases/auth/authenticate-bearer.js';
import { ListSubscriptions } from '../src/application/use-cases/subscriptions/list-subscriptions.js';
import { buildContainer } from '../src/container.js';
import { queryParams } from '../src/domain/query/query-params.js';
import { parseUuid } from '../src/domain/shared/uuid.js';
import {
  BACKENDS,
  type Backend,
  formatInteger,
  isBackend,
  openBenchDatabase,
  readSeedInfo,
  reportFailure,
  type SeedInfo,
  seededAuthorization,
  serverUrl,
  UsageError,
} from './common.js';
import type { LoadReply, LoadRequest, LoadResult } from './load-worker.js';
import { type ServiceProcess, startServiceProcess } from './service-process.js';

const USAGE =
  'usage: tsx bench/list-bench.ts [--backend pglite|postgres|mysql|all] [--duration SECONDS] [--connections N] [--warmup SECONDS] [--out FILE] [--only REGEX] [--encodings gzip,br|none] [--generations 2024,2025] [--service-process [--service-node-options "OPTIONS"] [--settle SECONDS]]';
const ENCODINGS = ['gzip', 'br'] as const;
type Encoding = (typeof ENCODINGS)[number];
const LIST_PATH = '/v2/subscriptions/subscriptions';
const GENERATIONS = ['2024', '2025'] as const;
type Generation = (typeof GENERATIONS)[number];
/** Where each generation's list is: the un-prefixed path speaks the seeded store's own generation (2024). */
const listPath = (c: Case): string =>
  c.generation === '2024' ? LIST_PATH : `/generations/${c.generation}${LIST_PATH}`;
/** What `include` names on each wire: 2025 calls 2024's products plans, and 2024's plans pricing options. */
const INCLUDE: Readonly<Record<Generation, string>> = { '2024': 'plans,products', '2025': 'plans,pricing_options' };
const BACKEND_NAMES: Readonly<Record<Backend, string>> = { pglite: 'PGlite', postgres: 'PostgreSQL', mysql: 'MariaDB' };

interface Options {
  readonly backends: readonly Backend[];
  readonly seconds: number;
  readonly connections: number;
  readonly warmup: number;
  readonly out?: string;
  /** Only the requests whose label matches, e.g. to profile one of them. */
  readonly only?: RegExp;
  /** The Accept-Encoding values each request is measured with again. */
  readonly encodings: readonly Encoding[];
  /** The API generations each request is measured on. */
  readonly generations: readonly Generation[];
  /** Serve from the built service in a child process (`node … dist/main.js`), whose own RSS is then measured. */
  readonly serviceProcess: boolean;
  /** Node.js options for that child, e.g. `--max-semi-space-size=2`. */
  readonly serviceNodeOptions: readonly string[];
  /**
   * With `--service-process`, how long the started service is left alone before the first case: it walks every
   * subscription's document once after it starts (about 5 s of the database's time at 1,000,000 on PostgreSQL).
   */
  readonly settle: number;
}

const readOptions = (): Options => {
  const { values } = parseArgs({
    options: {
      backend: { type: 'string', default: 'all' },
      duration: { type: 'string', default: '5' },
      connections: { type: 'string', default: '10' },
      warmup: { type: 'string', default: '2' },
      settle: { type: 'string', default: '15' },
      out: { type: 'string' },
      only: { type: 'string' },
      encodings: { type: 'string', default: ENCODINGS.join(',') },
      generations: { type: 'string', default: GENERATIONS.join(',') },
      'service-process': { type: 'boolean', default: false },
      'service-node-options': { type: 'string', default: '' },
    },
  });
  const encodings = values.encodings === 'none' ? [] : values.encodings.split(',');
  if (!encodings.every((e): e is Encoding => (ENCODINGS as readonly string[]).includes(e))) throw new UsageError(USAGE);
  const generations = values.generations.split(',');
  if (
    generations.length === 0 ||
    !generations.every((g): g is Generation => (GENERATIONS as readonly string[]).includes(g))
  )
    throw new UsageError(USAGE);
  const backend = values.backend;
  if (backend !== 'all' && !isBackend(backend)) throw new UsageError(USAGE);
  const number = (name: string, raw: string, min: number) => {
    const n = Number(raw);
    if (!Number.isFinite(n) || n < min) throw new UsageError(`--${name} must be a number of at least ${min}\n${USAGE}`);
    return n;
  };
  return {
    backends: backend === 'all' ? BACKENDS : [backend],
    seconds: number('duration', values.duration, 1),
    connections: Math.round(number('connections', values.connections, 1)),
    warmup: number('warmup', values.warmup, 0),
    ...(values.out === undefined ? {} : { out: values.out }),
    ...(values.only === undefined ? {} : { only: new RegExp(values.only, 'i') }),
    encodings,
    generations,
    serviceProcess: values['service-process'],
    serviceNodeOptions: values['service-node-options'].split(' ').filter((o) => o !== ''),
    settle: number('settle', values.settle, 0),
  };
};

const log = (line: string) => process.stderr.write(`${line}\n`);

// ---------------------------------------------------------------------------------------------------
// Load generation

/** Node 20 does not carry tsx's loader into worker threads, so the worker registers it before loading the TypeScript. */
const WORKER_BOOT = `import('tsx/esm/api').then(({ register }) => { register(); return import(${JSON.stringify(new URL('./load-worker.ts', import.meta.url).href)}); })`;

class LoadGenerator {
  private readonly worker = new Worker(WORKER_BOOT, { eval: true });

  run(request: LoadRequest): Promise<LoadResult> {
    return new Promise((resolve, reject) => {
      const failed = (error: Error) => reject(error);
      this.worker.once('error', failed);
      this.worker.once('message', (reply: LoadReply) => {
        this.worker.off('error', failed);
        if (reply.ok) resolve(reply.result);
        else reject(new Error(reply.error));
      });
      this.worker.postMessage(request);
    });
  }

  close(): Promise<number> {
    return this.worker.terminate();
  }
}

/** The highest RSS seen while it runs: PGlite and the pools grow under load, not at rest. */
class RssSampler {
  private peak = process.memoryUsage().rss;
  private highest = this.peak;
  private readonly timer = setInterval(() => this.sample(), 250);
  sample(): number {
    const rss = process.memoryUsage().rss;
    this.peak = Math.max(this.peak, rss);
    this.highest = Math.max(this.highest, rss);
    return rss;
  }
  resetPeak(): void {
    this.peak = process.memoryUsage().rss;
  }
  get peakBytes(): number {
    return Math.max(this.peak, this.sample());
  }
  /** Since the start, across backends. */
  get highestBytes(): number {
    return Math.max(this.highest, this.sample());
  }
  stop(): void {
    clearInterval(this.timer);
  }
}

// ---------------------------------------------------------------------------------------------------
// What is measured

interface Case {
  readonly label: string;
  /** The API generation the request speaks: the 2025 wire is reached through its path prefix. */
  readonly generation: Generation;
  readonly params: ReadonlyArray<readonly [string, string]>;
  /** The raw-SQL request it is compared with: the same page query, without the service around it. */
  readonly raw: string;
  /** What the client asks for in Accept-Encoding, when it asks. */
  readonly encoding?: Encoding;
}

/** A filter value as the grammar wants it: bare when it can be, else quoted with `"` and `\` escaped. */
const filterValue = (value: string): string =>
  /^[^\s,:()"]+$/u.test(value) ? value : `"${value.replace(/["\\]/g, (c) => `\\${c}`)}"`;

interface Samples {
  readonly email: string;
  readonly accountIds: readonly string[];
}

const casesFor = (samples: Samples, encodings: readonly Encoding[], generations: readonly Generation[]): Case[] => {
  // Each request's generations are measured one after the other, so that a drift of the machine's speed
  // over the run falls on both sides of a comparison alike.
  const perGeneration = generations.map((generation) => casesOn(generation, samples, encodings));
  return (perGeneration[0] ?? []).flatMap((_, i) => perGeneration.map((cases) => cases[i]!));
};

const casesOn = (generation: Generation, samples: Samples, encodings: readonly Encoding[]): Case[] => {
  const marked = (label: string) => (generation === '2024' ? label : `${label} (${generation})`);
  const base = [
    { label: 'unfiltered, first page', raw: 'first-page', params: [['page[limit]', '25']] },
    { label: 'eq(email)', raw: 'email', params: [['filter', `eq(email,${filterValue(samples.email)})`]] },
    {
      label: 'in(account_id, 20 ids)',
      raw: 'accounts',
      params: [['filter', `in(account_id,${samples.accountIds.map(filterValue).join(',')})`]],
    },
    {
      label: 'page[offset]=10000',
      raw: 'deep-offset',
      params: [
        ['page[offset]', '10000'],
        ['page[limit]', '25'],
      ],
    },
  ] as const;
  const plain: Case[] = [
    ...base.map((c) => ({ ...c, generation, label: marked(c.label) })),
    ...base.map((c) => ({
      ...c,
      generation,
      label: marked(`${c.label} + include`),
      params: [...c.params, ['include', INCLUDE[generation]] as const],
    })),
  ];
  return [
    ...plain,
    ...encodings.flatMap((encoding) => plain.map((c) => ({ ...c, label: `${c.label}, ${encoding}`, encoding }))),
  ];
};

/** The request's headers, with the Accept-Encoding its case asks for. */
const headersOf = (c: Case, headers: Readonly<Record<string, string>>): Record<string, string> => ({
  ...headers,
  ...(c.encoding === undefined ? {} : { 'accept-encoding': c.encoding }),
});

/** The answer's Content-Encoding and its bytes as sent, not decoded (fetch would decode them). */
const onTheWire = (
  url: string,
  headers: Readonly<Record<string, string>>,
): Promise<{ readonly encoding: string | undefined; readonly bytes: number }> =>
  new Promise((resolve, reject) => {
    http
      .get(url, { headers }, (res) => {
        let bytes = 0;
        res.on('data', (chunk: Buffer) => (bytes += chunk.length));
        res.on('end', () => resolve({ encoding: res.headers['content-encoding'], bytes }));
        res.on('error', reject);
      })
      .on('error', reject);
  });

const queryString = (c: Case): string =>
  new URLSearchParams(c.params.map(([k, v]): [string, string] => [k, v])).toString();

/**
 * Picks an existing email and twenty existing account ids from the first rows in primary-key order, which
 * is cheap on every backend. The seed's ids are time-ordered (UUIDv7), so these are its oldest rows; a
 * lower bound such as `id >= '5'`, which sampled the middle of random version-4 ids, finds no row at all.
 */
const pickSamples = async (handle: DatabaseHandle, storeId: string): Promise<Samples> => {
  const emailRow = await handle.db
    .selectFrom('subscriptions')
    .select('email')
    .where('store_id', '=', storeId)
    .orderBy('id')
    .limit(1)
    .executeTakeFirstOrThrow();
  const accountRows = await handle.db
    .selectFrom('subscriptions')
    .select('account_id')
    .where('store_id', '=', storeId)
    .orderBy('id')
    .limit(100)
    .execute();
  const accountIds = [...new Set(accountRows.map((r) => r.account_id))].slice(0, 20);
  if (accountIds.length < 20) throw new Error('the seeded store has fewer than 20 accounts');
  return { email: emailRow.email, accountIds };
};

// ---------------------------------------------------------------------------------------------------
// The SQL the service runs, and the same page query without the service

/**
 * A second container over the same database whose Kysely records each statement it executes. It is
 * used once per request shape, outside the measurement, to learn the exact SQL and parameters of a page.
 */
const sqlRecorder = (handle: DatabaseHandle) => {
  let recording: { compiled: Map<QueryId, CompiledQuery>; executed: Set<QueryId> } | undefined;
  const executor = handle.db.getExecutor();
  const plugin: KyselyPlugin = {
    // Kysely also passes subqueries through plugins (the capped count's inner select), so a statement
    // counts only once a result comes back for its id.
    transformQuery: (args) => {
      recording?.compiled.set(args.queryId, executor.compileQuery(args.node, args.queryId));
      return args.node;
    },
    transformResult: async (args) => {
      recording?.executed.add(args.queryId);
      return args.result;
    },
  };
  const container = buildContainer({ kind: 'database', handle: { ...handle, db: handle.db.withPlugin(plugin) } });
  return async (storeId: string, authorization: string, c: Case): Promise<CompiledQuery[]> => {
    const current = { compiled: new Map<QueryId, CompiledQuery>(), executed: new Set<QueryId>() };
    recording = current;
    try {
      const principal = await container.get(AuthenticateBearer).execute(authorization);
      if (principal._tag === 'Left') throw new Error('the token was refused');
      const store = parseUuid(storeId);
      if (store === undefined) throw new Error('the seeded store id is not a UUID');
      const listed = await container
        .get(ListSubscriptions)
        .execute(store, queryParams(new URLSearchParams(queryString(c))));
      if (listed._tag === 'Left') throw new Error(`the list was refused: ${JSON.stringify(listed.left)}`);
      return [...current.compiled].filter(([id]) => current.executed.has(id)).map(([, compiled]) => compiled);
    } finally {
      recording = undefined;
    }
  };
};

/**
 * The ordered page: a plain select on the first page, a deferred join (`select "s".* ... join`) past it,
 * each with the page's total as a subquery beside the rows (the service reads both in one statement,
 * so the baseline runs that same statement).
 */
/** The library list's page statement: its rows' columns (named, or `*`) and the total, from the subscriptions, in order. */
const isPageQuery = (q: CompiledQuery): boolean =>
  /^select ([`"]s[`"]\.)?([`"][a-z_]+[`"], ([`"]s[`"]\.)?)*([`"][a-z_]+[`"]|\*|[`"]s[`"]\.\*)(, \(.*\) as [`"]matched_total[`"])? from [`"]subscriptions[`"]/.test(
    q.sql,
  ) && / order by /.test(q.sql);
const isCountQuery = (q: CompiledQuery): boolean => /count\(\*\)/.test(q.sql);

const pageQueryOf = (statements: readonly CompiledQuery[]): CompiledQuery => {
  const page = statements.find(isPageQuery);
  if (page === undefined) throw new Error(`no page query among:\n${statements.map((s) => s.sql).join('\n')}`);
  return page;
};

interface RawDatabase {
  readonly name: string;
  query(statement: string, parameters: readonly unknown[]): Promise<readonly Record<string, unknown>[]>;
  /** The plan with actual row counts and times, one line per entry. */
  explain(statement: string, parameters: readonly unknown[]): Promise<string[]>;
  close(): Promise<void>;
}

/** A pool sized like the service's (10), configured as the service configures its own. */
const rawDatabase = async (
  backend: Backend,
  url: string | undefined,
  pglite: PGlite | undefined,
): Promise<RawDatabase> => {
  if (backend === 'pglite') {
    if (pglite === undefined) throw new Error('PGlite instance missing');
    return {
      name: 'PGlite query()',
      query: async (statement, parameters) =>
        (await pglite.query<Record<string, unknown>>(statement, [...parameters], { rowMode: 'object' })).rows,
      explain: async (statement, parameters) =>
        (
          await pglite.query<Record<string, string>>(`explain (analyze, buffers) ${statement}`, [...parameters], {
            rowMode: 'object',
          })
        ).rows.map((r) => r['QUERY PLAN'] ?? ''),
      close: async () => {},
    };
  }
  if (url === undefined) throw new Error(`${backend} needs a URL`);
  if (backend === 'postgres') {
    const pg = (await import('pg')).default;
    const pool = new pg.Pool({ connectionString: url, max: 10, connectionTimeoutMillis: 5000 });
    return {
      name: 'pg Pool',
      query: async (statement, parameters) =>
        (await pool.query<Record<string, unknown>>(statement, [...parameters])).rows,
      explain: async (statement, parameters) =>
        (await pool.query<Record<string, string>>(`explain (analyze, buffers) ${statement}`, [...parameters])).rows.map(
          (r) => r['QUERY PLAN'] ?? '',
        ),
      close: () => pool.end(),
    };
  }
  const mysql = await import('mysql2');
  const pool = mysql
    .createPool({
      uri: url,
      connectionLimit: 10,
      connectTimeout: 5000,
      timezone: 'Z',
      charset: 'utf8mb4',
      supportBigNumbers: true,
      bigNumberStrings: true,
    })
    .promise();
  return {
    name: 'mysql2 pool',
    query: async (statement, parameters) =>
      (await pool.query(statement, [...parameters]))[0] as Record<string, unknown>[],
    explain: async (statement, parameters) => {
      // MariaDB's ANALYZE runs the statement and reports actual rows (r_rows) beside the estimates;
      // its JSON form adds the time spent, which the table form leaves out.
      const [rows] = await pool.query(`analyze ${statement}`, [...parameters]);
      const [json] = await pool.query(`analyze format=json ${statement}`, [...parameters]);
      const analyzed = JSON.parse(String((json as Record<string, unknown>[])[0]?.['ANALYZE'] ?? '{}')) as {
        query_block?: { r_total_time_ms?: number };
      };
      return [
        ...(rows as Record<string, unknown>[]).map((r) =>
          ['table', 'type', 'key', 'rows', 'r_rows', 'filtered', 'r_filtered', 'Extra']
            .map((k) => `${k}=${String(r[k] ?? '')}`)
            .join(' '),
        ),
        `r_total_time_ms=${analyzed.query_block?.r_total_time_ms?.toFixed(3) ?? '?'}`,
      ];
    },
    close: () => pool.end(),
  };
};

/**
 * A bare handler: run the page query, send its rows as JSON. No auth, no counting, no snapshots.
 * `/sized/<query>/<bytes>` runs the same query and sends its rows padded to `bytes`, the size of the
 * service's answer: what moving a body of that size costs, beside what the query costs.
 */
const startRawServer = async (
  raw: RawDatabase,
  queries: ReadonlyMap<string, CompiledQuery>,
): Promise<{ url: string; close: () => Promise<void> }> => {
  const server = http.createServer((req, res) => {
    const [, kind, key, size] = /^\/(raw|sized)\/([^/]+)(?:\/(\d+))?$/.exec(req.url ?? '') ?? [];
    const query = key === undefined ? undefined : queries.get(key);
    if (query === undefined || (kind === 'sized') !== (size !== undefined)) {
      res.writeHead(404).end();
      return;
    }
    raw.query(query.sql, query.parameters).then(
      (rows) => {
        const rowsJson = JSON.stringify(rows);
        const body =
          size === undefined
            ? rowsJson
            : `{"rows":${rowsJson},"pad":"${'x'.repeat(Math.max(0, Number(size) - rowsJson.length - 18))}"}`;
        res
          .writeHead(200, {
            'content-type': 'application/json; charset=utf-8',
            'content-length': Buffer.byteLength(body),
          })
          .end(body);
      },
      (error: unknown) => {
        res.writeHead(500).end(String(error));
      },
    );
  });
  return listen(server);
};

const listen = async (server: http.Server): Promise<{ url: string; close: () => Promise<void> }> => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
};

// ---------------------------------------------------------------------------------------------------
// One backend

interface Measured {
  readonly c: Case;
  readonly total: string;
  readonly service: LoadResult;
  readonly raw: LoadResult;
  /** The raw query with a body of the service's size. */
  readonly sized: LoadResult;
  /** The service process's highest RSS and RssAnon while this case ran, when it runs in a child process. */
  readonly serviceRss?: { readonly rss: number; readonly anon: number };
}

interface BackendReport {
  readonly backend: Backend;
  readonly version: string;
  readonly info: SeedInfo;
  readonly counts: Readonly<Record<string, number>>;
  readonly samples: Samples;
  readonly measured: readonly Measured[];
  readonly rawName: string;
  readonly statements: readonly CompiledQuery[];
  readonly plans: ReadonlyArray<{ readonly label: string; readonly sql: string; readonly lines: readonly string[] }>;
  readonly peakRss: number;
  /** The service process's VmHWM at the end, when it runs in a child process. */
  readonly servicePeakRss?: number;
}

/** The child's RSS and RssAnon every 100 ms while a case runs (warm-up included): the highest of each. */
const sampleRss = (child: ServiceProcess): { stop: () => Promise<{ rss: number; anon: number }> } => {
  const peak = { rss: 0, anon: 0 };
  const sample = async () => {
    const [rss, anon] = await Promise.all([child.rss(), child.rssAnon()]);
    peak.rss = Math.max(peak.rss, rss);
    peak.anon = Math.max(peak.anon, anon);
  };
  const timer = setInterval(() => void sample(), 100);
  return {
    stop: async () => {
      clearInterval(timer);
      await sample();
      return peak;
    },
  };
};

const ensureClean = (what: string, r: LoadResult): void => {
  if (r.non2xx > 0 || r.errors > 0 || r.timeouts > 0 || r.responses === 0) {
    throw new Error(
      `${what}: ${r.responses} responses, ${r.non2xx} not 2xx (${JSON.stringify(r.statusCodes)}), ${r.errors} errors, ${r.timeouts} timeouts`,
    );
  }
};

const databaseVersion = async (handle: DatabaseHandle): Promise<string> => {
  const row = await sql<{ v: string }>`select version() as v`.execute(handle.db);
  const version = row.rows[0]?.v ?? 'unknown';
  return version.replace(/ on x86_64.*$/, '').replace(/,.*$/, '');
};

const tableCounts = async (handle: DatabaseHandle, storeId: string): Promise<Record<string, number>> => {
  const count = async (table: 'subscriptions' | 'subscription_offerings' | 'subscription_offering_versions') =>
    Number(
      (
        await handle.db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll().as('n'))
          .where('store_id', '=', storeId)
          .executeTakeFirstOrThrow()
      ).n,
    );
  const states = await handle.db
    .selectFrom('subscription_states')
    .select((eb) => eb.fn.countAll().as('n'))
    .executeTakeFirstOrThrow();
  return {
    subscriptions: await count('subscriptions'),
    subscription_states: Number(states.n),
    subscription_offerings: await count('subscription_offerings'),
    subscription_offering_versions: await count('subscription_offering_versions'),
  };
};

const benchBackend = async (
  backend: Backend,
  options: Options,
  load: LoadGenerator,
  rss: RssSampler,
): Promise<BackendReport | string> => {
  const where = serverUrl(backend);
  if (where.skip !== undefined) return where.skip;
  const info = await readSeedInfo(backend);
  if (info === undefined || !info.complete)
    return `${backend} has not been seeded (run: npx tsx bench/seed.ts --backend ${backend}): skipped`;

  rss.resetPeak();
  const { handle, pglite } = await openBenchDatabase(backend, {
    ...(where.url === undefined ? {} : { url: where.url }),
    ...(info.dataDir === undefined ? {} : { dataDir: info.dataDir }),
  });
  const closers: Array<() => Promise<void>> = [() => handle.close()];
  try {
    const version = await databaseVersion(handle);
    const counts = await tableCounts(handle, info.storeId);
    let child: ServiceProcess | undefined;
    if (options.serviceProcess) {
      if (where.url === undefined) throw new UsageError('--service-process needs a database server, not PGlite');
      child = await startServiceProcess(where.url, options.serviceNodeOptions);
      await new Promise((resolve) => setTimeout(resolve, options.settle * 1000));
    }
    const service =
      child ??
      (await listen(
        http.createServer(
          createHttpApp({
            container: buildContainer({ kind: 'database', handle }),
            logger: pino({ level: 'silent' }),
          }).callback(),
        ),
      ));
    closers.unshift(service.close);

    const headers = await seededAuthorization(service.url, info);

    const samples = await pickSamples(handle, info.storeId);
    const cases = casesFor(samples, options.encodings, options.generations).filter(
      (c) => options.only === undefined || options.only.test(c.label),
    );
    if (cases.length === 0) throw new Error('--only matches no request');
    const record = sqlRecorder(handle);
    const statementsByRaw = new Map<string, CompiledQuery[]>();
    for (const c of cases)
      if (!statementsByRaw.has(c.raw)) statementsByRaw.set(c.raw, await record(info.storeId, headers.authorization, c));
    const pageQueries = new Map([...statementsByRaw].map(([key, statements]) => [key, pageQueryOf(statements)]));

    const raw = await rawDatabase(backend, where.url, pglite);
    closers.unshift(() => raw.close());
    const rawServer = await startRawServer(raw, pageQueries);
    closers.unshift(rawServer.close);

    // Both sides must return the same page before their speed means anything.
    const totals = new Map<Case, string>();
    const sizes = new Map<Case, number>();
    for (const c of cases) {
      const response = await fetch(`${service.url}${listPath(c)}?${queryString(c)}`, {
        headers: headersOf(c, headers),
      });
      if (response.status !== 200)
        throw new Error(`${c.label}: the service answered ${response.status}: ${await response.text()}`);
      const text = await response.text();
      const wire = await onTheWire(`${service.url}${listPath(c)}?${queryString(c)}`, headersOf(c, headers));
      if (wire.encoding !== c.encoding)
        throw new Error(`${c.label}: the service answered with Content-Encoding ${String(wire.encoding)}`);
      sizes.set(c, wire.bytes);
      const body = JSON.parse(text) as {
        data: { id: string }[];
        meta: { results: { total: number; total_method?: string } };
      };
      const rawRows = (await (await fetch(`${rawServer.url}/raw/${c.raw}`)).json()) as { id: string }[];
      const serviceIds = body.data.map((d) => d.id).join(',');
      if (serviceIds !== rawRows.map((r) => r.id).join(','))
        throw new Error(`${c.label}: the raw query returned other rows than the service`);
      if (body.data.length === 0) throw new Error(`${c.label}: the page is empty, so it measures nothing`);
      const { total, total_method: method } = body.meta.results;
      totals.set(c, `${method === 'lower_bound' ? '≥ ' : ''}${formatInteger(total)}`);
    }

    const measure = async (what: string, url: string, withHeaders: Record<string, string>): Promise<LoadResult> => {
      log(`  ${what}`);
      if (options.warmup > 0)
        await load.run({ url, headers: withHeaders, connections: options.connections, seconds: options.warmup });
      const result = await load.run({
        url,
        headers: withHeaders,
        connections: options.connections,
        seconds: options.seconds,
      });
      ensureClean(`${backend} ${what}`, result);
      return result;
    };

    log(`${BACKEND_NAMES[backend]}: service${child === undefined ? '' : ` (pid ${child.pid})`}`);
    const serviceResults = new Map<Case, LoadResult>();
    const serviceRss = new Map<Case, { rss: number; anon: number }>();
    for (const c of cases) {
      const sampled = child === undefined ? undefined : sampleRss(child);
      serviceResults.set(
        c,
        await measure(c.label, `${service.url}${listPath(c)}?${queryString(c)}`, headersOf(c, headers)),
      );
      if (sampled !== undefined) serviceRss.set(c, await sampled.stop());
    }
    log(`${BACKEND_NAMES[backend]}: raw SQL (${raw.name})`);
    const rawResults = new Map<string, LoadResult>();
    for (const key of pageQueries.keys())
      rawResults.set(key, await measure(`raw ${key}`, `${rawServer.url}/raw/${key}`, {}));
    log(`${BACKEND_NAMES[backend]}: raw SQL with a body of the service's size`);
    const sizedResults = new Map<Case, LoadResult>();
    for (const c of cases)
      sizedResults.set(
        c,
        await measure(`sized ${c.label}`, `${rawServer.url}/sized/${c.raw}/${sizes.get(c) ?? 0}`, {}),
      );

    const measured = cases.map((c) => {
      const s = serviceResults.get(c);
      const r = rawResults.get(c.raw);
      const z = sizedResults.get(c);
      if (s === undefined || r === undefined || z === undefined) throw new Error('a case was not measured');
      const peak = serviceRss.get(c);
      return {
        c,
        total: totals.get(c) ?? '',
        service: s,
        raw: r,
        sized: z,
        ...(peak === undefined ? {} : { serviceRss: peak }),
      };
    });

    // Plans are taken after the runs, on warm caches, as the measured requests saw them.
    const plans: Array<{ label: string; sql: string; lines: string[] }> = [];
    for (const [key, statements] of statementsByRaw) {
      for (const statement of statements.filter((s) => isPageQuery(s) || isCountQuery(s))) {
        plans.push({
          label: `${key}: ${isPageQuery(statement) ? 'page query' : 'capped count'}`,
          sql: statement.sql,
          lines: await raw.explain(statement.sql, statement.parameters),
        });
      }
    }

    return {
      backend,
      version,
      info,
      counts,
      samples,
      measured,
      rawName: raw.name,
      statements: statementsByRaw.get('email') ?? [],
      plans,
      peakRss: rss.peakBytes,
      ...(child === undefined ? {} : { servicePeakRss: await child.peakRss() }),
    };
  } finally {
    for (const close of closers) await close();
  }
};

// ---------------------------------------------------------------------------------------------------
// Report

const ms = (n: number): string => (n >= 100 ? n.toFixed(0) : n >= 10 ? n.toFixed(1) : n.toFixed(2));
const ratio = (n: number): string => `${n.toFixed(2)}×`;
const mib = (bytes: number): string => `${Math.round(bytes / 1024 / 1024)} MiB`;

const parametersText = (parameters: readonly unknown[]): string =>
  parameters
    .map((p) => (typeof p === 'string' ? `'${p.length > 40 ? `${p.slice(0, 37)}…` : p}'` : String(p)))
    .join(', ');

/** The cost of the 2025 wire: each 2025 request beside its 2024 twin, measured in the same run. */
const generationComparison = (measured: readonly Measured[]): string[] => {
  const twins = measured.flatMap((m) => {
    if (m.c.generation === '2024') return [];
    const twin = measured.find(
      (t) => t.c.generation === '2024' && t.c.label === m.c.label.replace(` (${m.c.generation})`, ''),
    );
    return twin === undefined ? [] : [{ m, twin }];
  });
  if (twins.length === 0) return [];
  return [
    '',
    'Each 2025 request beside its 2024 twin (same store, same page, same run):',
    '',
    '| request | 2024 req/s | 2025 req/s | req/s 2025/2024 | p50 2025/2024 | p99 2025/2024 |',
    '|---|--:|--:|--:|--:|--:|',
    ...twins.map(
      ({ m, twin }) =>
        `| ${twin.c.label} | ${formatInteger(twin.service.requestsPerSecond)} | ${formatInteger(m.service.requestsPerSecond)} | ${ratio(m.service.requestsPerSecond / twin.service.requestsPerSecond)} | ${ratio(m.service.p50 / twin.service.p50)} | ${ratio(m.service.p99 / twin.service.p99)} |`,
    ),
  ];
};

const backendSection = (r: BackendReport, options: Options): string => {
  const lines: string[] = [];
  lines.push(
    `### ${BACKEND_NAMES[r.backend]} (${r.version}): ${formatInteger(r.counts['subscriptions'] ?? 0)} subscriptions, ${options.connections} connection${options.connections === 1 ? '' : 's'}`,
    '',
  );
  lines.push(
    `Rows: ${Object.entries(r.counts)
      .map(([k, v]) => `${k} ${formatInteger(v)}`)
      .join(
        ', ',
      )}; accounts ${formatInteger(r.info.accounts ?? 0)}. Raw baseline: ${r.rawName}. Peak RSS of the benchmark process during this backend: ${mib(r.peakRss)}.`,
    '',
  );
  const inChild = r.servicePeakRss !== undefined;
  if (inChild)
    lines.push(
      `The service ran in a child process (\`node ${options.serviceNodeOptions.join(' ')}${options.serviceNodeOptions.length > 0 ? ' ' : ''}dist/main.js\`); its own peak RSS (VmHWM): ${mib(r.servicePeakRss ?? 0)}.`,
      '',
    );
  lines.push(
    `| request | matches | service req/s | service p50 ms | service p99 ms | KiB/resp | raw req/s | raw p50 ms | raw p99 ms | req/s service/raw | p50 service/raw | raw, service-sized body req/s | req/s service/sized raw | sized raw p99 ms | p99 service/sized raw |${inChild ? ' service peak RSS MiB | service peak RssAnon MiB |' : ''}`,
  );
  lines.push(`|---|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|${inChild ? '--:|--:|' : ''}`);
  for (const m of r.measured) {
    lines.push(
      `| ${m.c.label} | ${m.total} | ${formatInteger(m.service.requestsPerSecond)} | ${ms(m.service.p50)} | ${ms(m.service.p99)} | ${(m.service.bytesPerResponse / 1024).toFixed(1)} | ${formatInteger(m.raw.requestsPerSecond)} | ${ms(m.raw.p50)} | ${ms(m.raw.p99)} | ${ratio(m.service.requestsPerSecond / m.raw.requestsPerSecond)} | ${ratio(m.service.p50 / m.raw.p50)} | ${formatInteger(m.sized.requestsPerSecond)} | ${ratio(m.service.requestsPerSecond / m.sized.requestsPerSecond)} | ${ms(m.sized.p99)} | ${ratio(m.service.p99 / m.sized.p99)} |${m.serviceRss === undefined ? '' : ` ${Math.round(m.serviceRss.rss / 1024 / 1024)} | ${Math.round(m.serviceRss.anon / 1024 / 1024)} |`}`,
    );
  }
  lines.push(...generationComparison(r.measured));
  const serviceResponses = r.measured.reduce((n, m) => n + m.service.responses, 0);
  const rawResponses = [...new Set(r.measured.map((m) => m.raw))].reduce((n, x) => n + x.responses, 0);
  lines.push(
    '',
    `Every measured response was 2xx (${formatInteger(serviceResponses)} service, ${formatInteger(rawResponses)} raw; 0 non-2xx, 0 errors, 0 timeouts), ${options.connections} connections, ${options.seconds} s per case after ${options.warmup} s of warm-up.`,
    `Filter values: email \`${r.samples.email}\`; account ids ${r.samples.accountIds[0] ?? ''} … (20).`,
    "The last two columns run the raw page query again but send a body padded to the service's answer for that request (its KiB/resp): what the bytes alone cost on this machine, where the load generator reads them too.",
    "Rows ending in `, gzip` or `, br` ask for that encoding in Accept-Encoding: their KiB/resp is the compressed answer as sent (the load generator does not decode it), and their raw columns repeat the request's own raw query.",
    '',
    'The service runs these statements for the `eq(email)` page (the raw baseline runs only the page query, the `order by` one; it skips the token, store, count and snapshot queries):',
    '',
    '```sql',
    ...r.statements.map((s) => `${s.sql};  -- ${parametersText(s.parameters)}`),
    '```',
    '',
    `Plans (${r.backend === 'mysql' ? 'ANALYZE' : 'EXPLAIN (ANALYZE, BUFFERS)'}, warm):`,
    '',
  );
  for (const plan of r.plans) lines.push(`- ${plan.label}`, '', '```', ...plan.lines, '```', '');
  return lines.join('\n');
};

const machineFacts = (options: Options): string => {
  const cpus = os.cpus();
  return [
    `Node.js ${process.version} on ${os.platform()} ${os.arch()}, ${cpus.length} CPUs (${cpus[0]?.model.trim() ?? 'unknown'}), ${Math.round(os.totalmem() / 1024 ** 3)} GiB RAM.`,
    `autocannon in a worker thread, ${options.connections} connections, ${options.seconds} s per case (${options.warmup} s warm-up first); the service, its pool and PGlite share the main thread. Latencies are per response, with sub-millisecond precision.`,
  ].join('\n');
};

const main = async (): Promise<void> => {
  const options = readOptions();
  const load = new LoadGenerator();
  const rss = new RssSampler();
  const sections: string[] = [];
  const notes: string[] = [];
  try {
    for (const backend of options.backends) {
      const result = await benchBackend(backend, options, load, rss);
      if (typeof result === 'string') {
        log(result);
        notes.push(`- ${result}`);
        continue;
      }
      sections.push(backendSection(result, options));
    }
  } finally {
    rss.stop();
    await load.close();
  }
  const overallPeak = rss.highestBytes;
  const report = [
    '## Subscription list benchmark',
    '',
    machineFacts(options),
    `Peak RSS of the benchmark process: ${mib(overallPeak)}.`,
    ...(notes.length > 0 ? ['', ...notes] : []),
    '',
    ...sections,
  ].join('\n');
  process.stdout.write(`${report}\n`);
  if (options.out !== undefined) await writeFile(options.out, `${report}\n`);
};

main().catch(reportFailure);
