/**
 * A soak: mixed traffic at a fixed rate against one running service, watching its answers, its
 * latency and its memory:
 *
 *   npm run bench:soak -- [--seconds 60] [--rate 500] [--warmup 10] [--connections 64] [--out FILE]
 *   npm run bench:soak -- --url http://host:3000 --client-id ID [--pid PID]    (SOAK_CLIENT_SECRET in the environment)
 *
 * Without --url it starts the built service (`node dist/main.js`) on PGlite in a fresh temporary data
 * directory, with its own credentials, and stops it with SIGTERM at the end. Requests are sent on a
 * schedule (open loop): a slow answer does not slow the sender, and each latency is counted from the
 * moment its request was due, so queueing in the client counts too.
 */
import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { Agent, request } from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { parseArgs, promisify } from 'node:util';
import { formatInteger, reportFailure, UsageError } from './common.js';
import { offeringData, PLAN_SHAPES, pick, planData, productData, seededRandom, THEMES } from './fixtures.js';
import { cpuMsOfStat, statusBytes } from './process-stats.js';
import { mixShares, OPERATIONS, type Operation, pickOperation, type SoakRequest, SoakWorld } from './soak-traffic.js';

const USAGE =
  'usage: tsx bench/soak.ts [--seconds 60] [--rate 500] [--warmup 10] [--connections 64] [--seed 1] [--out FILE] [--url URL --client-id ID [--pid PID]] (SOAK_CLIENT_SECRET for --url)';
const REQUEST_TIMEOUT_MS = 30_000;
const ROOT = path.resolve(import.meta.dirname, '..');

interface Options {
  readonly seconds: number;
  readonly rate: number;
  readonly warmup: number;
  readonly connections: number;
  readonly seed: number;
  readonly out?: string;
  readonly url?: string;
  readonly clientId?: string;
  readonly pid?: number;
}

const readOptions = (): Options => {
  const { values } = parseArgs({
    options: {
      seconds: { type: 'string', default: '60' },
      rate: { type: 'string', default: '500' },
      warmup: { type: 'string', default: '10' },
      connections: { type: 'string', default: '64' },
      seed: { type: 'string', default: '1' },
      out: { type: 'string' },
      url: { type: 'string' },
      'client-id': { type: 'string' },
      pid: { type: 'string' },
    },
  });
  const number = (name: string, raw: string, min: number) => {
    const n = Number(raw);
    if (!Number.isFinite(n) || n < min) throw new UsageError(`--${name} must be a number of at least ${min}\n${USAGE}`);
    return n;
  };
  const seconds = number('seconds', values.seconds, 1);
  const warmup = number('warmup', values.warmup, 0);
  if (warmup >= seconds) throw new UsageError(`--warmup must be shorter than --seconds\n${USAGE}`);
  if (values.url !== undefined && (values['client-id'] === undefined || !process.env['SOAK_CLIENT_SECRET'])) {
    throw new UsageError(`--url needs --client-id and SOAK_CLIENT_SECRET in the environment\n${USAGE}`);
  }
  return {
    seconds,
    rate: number('rate', values.rate, 1),
    warmup,
    connections: Math.round(number('connections', values.connections, 1)),
    seed: Math.round(number('seed', values.seed, 0)),
    ...(values.out === undefined ? {} : { out: values.out }),
    ...(values.url === undefined ? {} : { url: values.url.replace(/\/+$/, '') }),
    ...(values['client-id'] === undefined ? {} : { clientId: values['client-id'] }),
    ...(values.pid === undefined ? {} : { pid: Math.round(number('pid', values.pid, 1)) }),
  };
};

const log = (line: string) => process.stderr.write(`${line}\n`);

// ---------------------------------------------------------------------------------------------------
// The service under test

interface Target {
  readonly url: string;
  readonly clientId: string;
  readonly clientSecret: string;
  readonly pid?: number;
  readonly description: string;
  /** Stops the service when this run started it: SIGTERM, then its exit code and how long it took. */
  stop(): Promise<{ readonly code: number | null; readonly ms: number } | undefined>;
}

/** The soak's store, made from the CLI before the service starts, with a budget above the soak's rate (the default is 100 requests/s). */
const soakStore = async (
  env: Record<string, string>,
  rate: number,
): Promise<{ clientId: string; clientSecret: string }> => {
  const run = promisify(execFile);
  const options = { cwd: ROOT, env: { ...process.env, ...env } };
  const { stdout } = await run(process.execPath, ['dist/cli.js', 'create-store', 'Soak'], options);
  const storeId = /^store_id: (\S+)$/m.exec(stdout)?.[1];
  const clientId = /^client_id: (\S+)$/m.exec(stdout)?.[1];
  const clientSecret = /^client_secret: (\S+)$/m.exec(stdout)?.[1];
  if (storeId === undefined || clientId === undefined || clientSecret === undefined)
    throw new Error(`the CLI printed no credentials:\n${stdout}`);
  await run(
    process.execPath,
    ['dist/cli.js', 'set-rate-limit', '--store', storeId, String(Math.max(100, rate * 4))],
    options,
  );
  return { clientId, clientSecret };
};

const startOwnService = async (rate: number): Promise<Target> => {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'commerce-core-soak-'));
  const env = { DATA_DIR: path.join(dataDir, 'pglite') };
  const { clientId, clientSecret } = await soakStore(env, rate);
  const child: ChildProcess = spawn(process.execPath, ['dist/main.js'], {
    cwd: ROOT,
    env: { ...process.env, PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'info', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  // Everything is read, or the service would block on a full pipe; only the start is kept.
  let head = '';
  let started = false;
  const ready = new Promise<{ url: string }>((resolve, reject) => {
    child.stdout?.on('data', (chunk: Buffer) => {
      if (started) return;
      head += chunk.toString();
      const url = /"url":"(http:\/\/[^"]+)".*"msg":"listening"/.exec(head)?.[1];
      if (url === undefined) return;
      started = true;
      resolve({ url });
    });
    void exited.then((code) =>
      reject(new Error(`the service exited with ${String(code)} before listening:\n${head}\n${stderr}`)),
    );
  });
  const { url } = await ready;
  return {
    url,
    clientId,
    clientSecret,
    ...(child.pid === undefined ? {} : { pid: child.pid }),
    description:
      'the built service (`node dist/main.js`) started by the soak, on PGlite in a new temporary data directory, LOG_LEVEL=info',
    stop: async () => {
      const signalled = performance.now();
      child.kill('SIGTERM');
      const code = await exited;
      const ms = performance.now() - signalled;
      await rm(dataDir, { recursive: true, force: true });
      return { code, ms };
    },
  };
};

const runningService = (options: Options): Target => ({
  url: options.url ?? '',
  clientId: options.clientId ?? '',
  clientSecret: process.env['SOAK_CLIENT_SECRET'] ?? '',
  ...(options.pid === undefined ? {} : { pid: options.pid }),
  description: `the running service at ${options.url ?? ''}`,
  stop: async () => undefined,
});

/** Resident set size of a process, from /proc where there is one, else from ps. */
const rssOf = async (pid: number): Promise<number | undefined> => {
  try {
    return await statusBytes(pid, 'VmRSS');
  } catch {
    try {
      const { stdout } = await promisify(execFile)('ps', ['-o', 'rss=', '-p', String(pid)]);
      return Number(stdout.trim()) * 1024 || undefined;
    } catch {
      return undefined;
    }
  }
};

/** CPU time a process has used, user and system, in seconds; Linux only (clock ticks of 1/100 s). */
const cpuSecondsOf = async (pid: number): Promise<number | undefined> => {
  try {
    return cpuMsOfStat(await readFile(`/proc/${pid}/stat`, 'utf8')) / 1000;
  } catch {
    return undefined;
  }
};

// ---------------------------------------------------------------------------------------------------
// Sending

interface Answer {
  readonly status: number;
  readonly body: string;
  /** `error <code>` (the connection failed) or `timeout`; undefined for an answer. */
  readonly failure?: string;
}

const send = (url: string, agent: Agent, req: SoakRequest): Promise<Answer> =>
  new Promise((resolve) => {
    const body = req.body === undefined ? undefined : Buffer.isBuffer(req.body) ? req.body : Buffer.from(req.body);
    const outgoing = request(
      `${url}${req.path}`,
      {
        method: req.method,
        agent,
        headers: { ...req.headers, ...(body === undefined ? {} : { 'Content-Length': String(body.length) }) },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }));
        res.on('error', (error: NodeJS.ErrnoException) =>
          resolve({ status: 0, body: '', failure: `error ${error.code ?? error.message}` }),
        );
      },
    );
    outgoing.setTimeout(REQUEST_TIMEOUT_MS, () => {
      resolve({ status: 0, body: '', failure: 'timeout' });
      outgoing.destroy();
    });
    outgoing.on('error', (error: NodeJS.ErrnoException) =>
      resolve({
        status: 0,
        body: '',
        failure: `error ${error.code ?? error.message}${outgoing.reusedSocket ? ' (reused connection)' : ''}`,
      }),
    );
    outgoing.end(body);
  });

const mustAnswer = async (url: string, agent: Agent, req: SoakRequest, status: number): Promise<string> => {
  const answer = await send(url, agent, req);
  if (answer.status !== status)
    throw new Error(
      `${req.method} ${req.path}: expected ${status}, got ${answer.status} ${answer.failure ?? ''} ${answer.body}`,
    );
  return answer.body;
};

const tokenFor = async (target: Target, agent: Agent): Promise<string> => {
  const body = await mustAnswer(
    target.url,
    agent,
    {
      method: 'POST',
      path: '/oauth/access_token',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        grant_type: 'client_credentials',
        client_id: target.clientId,
        client_secret: target.clientSecret,
      }).toString(),
    },
    200,
  );
  return (JSON.parse(body) as { access_token: string }).access_token;
};

/** A small catalogue and some subscriptions, so that the first reads and state changes have something to hit. */
const seedWorld = async (target: Target, agent: Agent, world: SoakWorld): Promise<void> => {
  const post = async (p: string, data: unknown) =>
    mustAnswer(
      target.url,
      agent,
      {
        method: 'POST',
        path: p,
        headers: { Authorization: `Bearer ${world.token}`, 'Content-Type': 'application/json' },
        body: JSON.stringify({ data }),
      },
      201,
    );
  const idOf = (body: string) => (JSON.parse(body) as { data: { id: string } }).data.id;
  for (let i = 0; i < 8; i += 1) {
    const theme = pick(world.random, THEMES);
    world.products.push(
      idOf(
        await post(
          '/v2/subscriptions/products',
          productData(world.random, theme, i % theme.products.length, world.next()),
        ),
      ),
    );
  }
  for (const shape of PLAN_SHAPES.slice(0, 4))
    world.plans.push(idOf(await post('/v2/subscriptions/plans', planData(shape, world.next()))));
  for (let i = 0; i < 4; i += 1) {
    const built = await post(
      '/v2/subscriptions/offerings/build',
      offeringData(
        world.random,
        pick(world.random, THEMES),
        world.next(),
        world.products.slice(i, i + 2),
        world.plans.slice(0, 2 + (i % 3)),
      ),
    );
    const offering = JSON.parse(built) as {
      data: { id: string; relationships: { plans: { data: { id: string }[] } } };
    };
    world.offerings.push({ id: offering.data.id, planIds: offering.data.relationships.plans.data.map((p) => p.id) });
  }
  const create = OPERATIONS.find((op) => op.name === 'create subscription');
  if (create === undefined) throw new Error('no create subscription operation');
  for (let i = 0; i < 40; i += 1) {
    const req = create.build(world);
    create.observe?.(world, 201, await mustAnswer(target.url, agent, req, 201), req);
  }
};

// ---------------------------------------------------------------------------------------------------
// Measuring

/** The first few unexpected answers, to say what went wrong. */
const MAX_SAMPLES = 5;

interface Tally {
  count: number;
  unexpected: number;
  readonly statuses: Map<string, number>;
  readonly latencies: number[];
}

const newTally = (): Tally => ({ count: 0, unexpected: 0, statuses: new Map(), latencies: [] });

const record = (tally: Tally, key: string, unexpected: boolean, latency: number | undefined) => {
  tally.count += 1;
  if (unexpected) tally.unexpected += 1;
  tally.statuses.set(key, (tally.statuses.get(key) ?? 0) + 1);
  if (latency !== undefined) tally.latencies.push(latency);
};

const percentile = (sorted: Float64Array, p: number): number =>
  sorted.length === 0
    ? Number.NaN
    : (sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(p * sorted.length) - 1))] ?? Number.NaN);

const latencySummary = (values: readonly number[]) => {
  const sorted = Float64Array.from(values).sort();
  return {
    p50: percentile(sorted, 0.5),
    p90: percentile(sorted, 0.9),
    p99: percentile(sorted, 0.99),
    max: sorted[sorted.length - 1] ?? Number.NaN,
  };
};

interface RssPoint {
  readonly second: number;
  readonly bytes: number;
}

interface Run {
  readonly overall: Tally;
  readonly measured: Tally;
  readonly byOperation: Map<string, Tally>;
  readonly sent: number;
  readonly seconds: number;
  readonly samples: readonly string[];
  /** CPU seconds the service used during the load, when it can be read. */
  readonly serviceCpuSeconds?: number;
  readonly rss: {
    readonly idle?: number;
    readonly seeded?: number;
    readonly warmedUp?: number;
    readonly end?: number;
    readonly peak?: number;
    readonly timeline: readonly RssPoint[];
  };
}

const runLoad = async (
  options: Options,
  target: Target,
  agent: Agent,
  world: SoakWorld,
): Promise<Omit<Run, 'rss'> & { timeline: RssPoint[]; warmedUp?: number; peak?: number }> => {
  const overall = newTally();
  const measured = newTally();
  const byOperation = new Map<string, Tally>(OPERATIONS.map((op) => [op.name, newTally()]));
  const timeline: RssPoint[] = [];
  let warmedUp: number | undefined;
  let peak: number | undefined;
  const samples: string[] = [];
  const inFlight = new Set<Promise<void>>();
  const start = performance.now();
  const end = start + options.seconds * 1000;
  const warmupEnd = start + options.warmup * 1000;
  const interval = 1000 / options.rate;
  let sent = 0;

  const fire = (op: Operation, due: number) => {
    const req = op.build(world);
    const done = send(target.url, agent, req).then((answer) => {
      const latency = answer.failure === undefined ? performance.now() - due : undefined;
      const key = answer.failure ?? String(answer.status);
      const unexpected = answer.failure !== undefined || !op.expect.includes(answer.status);
      record(overall, key, unexpected, latency);
      record(byOperation.get(op.name) ?? newTally(), key, unexpected, latency);
      if (due >= warmupEnd) record(measured, key, unexpected, latency);
      if (unexpected && samples.length < MAX_SAMPLES)
        samples.push(`${op.name}: ${req.method} ${req.path} → ${key} ${answer.body.slice(0, 300)}`);
      if (answer.failure === undefined) op.observe?.(world, answer.status, answer.body, req);
    });
    inFlight.add(done);
    void done.finally(() => inFlight.delete(done));
  };

  let nextSample = start;
  while (performance.now() < end) {
    const now = performance.now();
    const due = Math.min(Math.floor((now - start) / interval) + 1, Math.floor((end - start) / interval));
    while (sent < due) {
      fire(pickOperation(world.random), start + sent * interval);
      sent += 1;
    }
    if (now >= nextSample) {
      nextSample += 1000;
      const second = Math.round((now - start) / 1000);
      if (target.pid !== undefined) {
        const pid = target.pid;
        void rssOf(pid).then((bytes) => {
          if (bytes === undefined) return;
          timeline.push({ second, bytes });
          peak = Math.max(peak ?? 0, bytes);
          if (warmedUp === undefined && second >= options.warmup) warmedUp = bytes;
        });
      }
      if (second > 0 && second % 10 === 0) {
        log(
          `  ${second} s: ${formatInteger(sent)} sent, ${formatInteger(overall.count)} answered, ${inFlight.size} in flight, ${overall.unexpected} unexpected`,
        );
      }
    }
    await sleep(1);
  }
  await Promise.all(inFlight);
  return {
    overall,
    measured,
    byOperation,
    sent,
    samples,
    seconds: (performance.now() - start) / 1000,
    timeline,
    ...(warmedUp === undefined ? {} : { warmedUp }),
    ...(peak === undefined ? {} : { peak }),
  };
};

// ---------------------------------------------------------------------------------------------------
// Report

const ms = (n: number): string =>
  Number.isNaN(n) ? '–' : n >= 100 ? n.toFixed(0) : n >= 10 ? n.toFixed(1) : n.toFixed(2);
const mib = (bytes: number | undefined): string =>
  bytes === undefined ? 'unknown' : `${(bytes / 1024 / 1024).toFixed(1)} MiB`;
const statusList = (tally: Tally): string =>
  [...tally.statuses.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([status, n]) => `${status}: ${formatInteger(n)}`)
    .join(', ');

/** Lowest and highest sample after warm-up: one sample at the end says little about growth on its own. */
const rssRange = (run: Run, options: Options): string => {
  const after = run.rss.timeline.filter((p) => p.second >= options.warmup).map((p) => p.bytes);
  return after.length === 0
    ? ''
    : `; sampled every second after warm-up: ${mib(Math.min(...after))} to ${mib(Math.max(...after))}`;
};

const report = (
  options: Options,
  target: Target,
  run: Run,
  stopped: { code: number | null; ms: number } | undefined,
): string => {
  const cpus = os.cpus();
  const m = latencySummary(run.measured.latencies);
  const lines = [
    `## Soak: ${options.seconds} s at ${options.rate} requests/s`,
    '',
    `Node.js ${process.version} on ${os.platform()} ${os.arch()}, ${cpus.length} CPUs (${cpus[0]?.model.trim() ?? 'unknown'}). Target: ${target.description}.`,
    `Open-loop schedule from one client process, keep-alive agent with up to ${options.connections} connections; latency counted from each request's due time; the first ${options.warmup} s are warm-up.`,
    '',
    `- Requests: ${formatInteger(run.sent)} sent in ${run.seconds.toFixed(1)} s (${formatInteger(run.overall.count / run.seconds)}/s answered), ${formatInteger(run.overall.unexpected)} with an unexpected outcome.`,
    `- Statuses: ${statusList(run.overall)}.`,
    ...(run.serviceCpuSeconds === undefined
      ? []
      : [
          `- Service CPU: ${run.serviceCpuSeconds.toFixed(1)} s in ${run.seconds.toFixed(1)} s, ${((run.serviceCpuSeconds / run.seconds) * 100).toFixed(0)} % of one core (its JavaScript runs on one), ${((run.serviceCpuSeconds * 1000) / Math.max(1, run.overall.count)).toFixed(2)} ms a request.`,
        ]),
    `- Latency after warm-up (${formatInteger(run.measured.latencies.length)} answers): p50 ${ms(m.p50)} ms, p90 ${ms(m.p90)} ms, p99 ${ms(m.p99)} ms, max ${ms(m.max)} ms.`,
    `- Service RSS: ${mib(run.rss.idle)} idle after start, ${mib(run.rss.seeded)} after the setup, ${mib(run.rss.warmedUp)} after warm-up, ${mib(run.rss.end)} at the end (peak ${mib(run.rss.peak)}); after warm-up ${
      run.rss.warmedUp === undefined || run.rss.end === undefined
        ? 'unknown'
        : `${run.rss.end >= run.rss.warmedUp ? '+' : ''}${mib(run.rss.end - run.rss.warmedUp)}`
    }${rssRange(run, options)}.`,
    ...(stopped === undefined
      ? []
      : [`- SIGTERM at the end: exit code ${String(stopped.code)} after ${formatInteger(stopped.ms)} ms.`]),
    '',
    '| operation | share | answered | statuses | unexpected | p50 ms | p99 ms |',
    '|---|--:|--:|---|--:|--:|--:|',
    ...mixShares().map(({ name, share }) => {
      const tally = run.byOperation.get(name) ?? newTally();
      const l = latencySummary(tally.latencies);
      return `| ${name} | ${(share * 100).toFixed(1)} % | ${formatInteger(tally.count)} | ${statusList(tally)} | ${tally.unexpected} | ${ms(l.p50)} | ${ms(l.p99)} |`;
    }),
    '',
    `RSS every 10 s (MiB): ${run.rss.timeline
      .filter((p) => p.second % 10 === 0)
      .map((p) => `${p.second} s ${(p.bytes / 1024 / 1024).toFixed(0)}`)
      .join(', ')}.`,
    ...(run.samples.length === 0
      ? []
      : ['', 'First unexpected answers:', '', ...run.samples.map((sample) => `- ${sample}`)]),
  ];
  return lines.join('\n');
};

const main = async (): Promise<void> => {
  const options = readOptions();
  const target = options.url === undefined ? await startOwnService(options.rate) : runningService(options);
  const agent = new Agent({ keepAlive: true, maxSockets: options.connections });
  let stopped: { code: number | null; ms: number } | undefined;
  try {
    const rss = async () => (target.pid === undefined ? undefined : rssOf(target.pid));
    const idle = await rss();
    const world = new SoakWorld(
      seededRandom(options.seed),
      await tokenFor(target, agent),
      target.clientId,
      target.clientSecret,
    );
    log(`soak: ${target.url}, setting up a catalogue`);
    await seedWorld(target, agent, world);
    const seeded = await rss();
    log(`soak: ${options.seconds} s at ${options.rate} requests/s`);
    const cpu = async () => (target.pid === undefined ? undefined : cpuSecondsOf(target.pid));
    const cpuBefore = await cpu();
    const load = await runLoad(options, target, agent, world);
    const cpuAfter = await cpu();
    const end = await rss();
    const run: Run = {
      ...load,
      ...(cpuBefore === undefined || cpuAfter === undefined ? {} : { serviceCpuSeconds: cpuAfter - cpuBefore }),
      rss: {
        ...(idle === undefined ? {} : { idle }),
        ...(seeded === undefined ? {} : { seeded }),
        ...(load.warmedUp === undefined ? {} : { warmedUp: load.warmedUp }),
        ...(end === undefined ? {} : { end }),
        ...(load.peak === undefined ? {} : { peak: load.peak }),
        timeline: load.timeline,
      },
    };
    agent.destroy();
    stopped = await target.stop();
    const text = report(options, target, run, stopped);
    process.stdout.write(`${text}\n`);
    if (options.out !== undefined) await writeFile(options.out, `${text}\n`);
    if (run.overall.unexpected > 0) process.exitCode = 1;
  } catch (error) {
    agent.destroy();
    if (stopped === undefined) await target.stop();
    throw error;
  }
};

main().catch(reportFailure);
