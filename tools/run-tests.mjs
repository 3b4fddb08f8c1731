#!/usr/bin/env node
// Runs the whole test suite, as `npm test` does after lint, typecheck and build.
//
// When a PostgreSQL or MariaDB server is configured (TEST_POSTGRES_URL, TEST_MYSQL_URL), the suite runs as
// three mocha processes at once: the first runs every test that is not end-to-end on the in-memory backend (and
// those needing no backend) and the end-to-end tests that build or pack dist/; the second the other end-to-end
// tests; the third the backend suites' PGlite, PostgreSQL and MariaDB variants, then a few end-to-end spec files
// (AFTER_DATABASES_SPECS), so that the three end at about the same time. The end-to-end tests spend much of their
// time waiting (for a service to start or stop, a lease to run out), so three keep a two-core machine busy where
// two left a third of it idle. Each process works in databases of its own (the second's named
// `<database>_e2e`, the third's `<database>_servers`, made here when missing) and a Redis database number of its
// own, so none empties another's tables or shares a queue with it. The first prints as it goes, the others'
// output follows it, then each part's slowest spec files (where the run's time went), every failure again
// (their titles and the head of each error), and one summary line of all ends the run.
//
// Arguments (`npm test -- --grep foo`), or TEST_BACKENDS, run one plain mocha process instead.
import { spawn } from 'node:child_process';
import { closeSync, mkdtempSync, openSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '..');
const require = createRequire(import.meta.url);
const MOCHA = require.resolve('mocha/bin/mocha.js');
const ALL_SPECS = 'test/**/*.spec.ts';
const DATABASE_VARIANTS = '\\[(PGlite|PostgreSQL|MariaDB)\\]';

const work = mkdtempSync(path.join(tmpdir(), 'commerce-tests-'));
const children = new Set();
// Once stopped, no further mocha starts (the second process's part after the backend suites).
let stopping = false;
// Each mocha runs in a process group of its own, and is stopped as a group: mocha starts its runner as a
// child process of its own, which a signal to mocha alone would leave running.
const stopChildren = (signal) => {
  for (const child of children) {
    try {
      process.kill(-child.pid, signal);
    } catch {
      // the group has already ended
    }
  }
};
for (const signal of ['SIGINT', 'SIGTERM'])
  process.on(signal, () => {
    stopping = true;
    stopChildren(signal);
    process.exitCode = 130;
  });

/** Runs mocha with `args` and `env`; resolves with its exit code. `output` is a file, or undefined for ours. */
const mocha = (args, env, output) =>
  new Promise((resolve) => {
    if (stopping) return resolve(130);
    const out = output === undefined ? 'inherit' : output;
    const child = spawn(process.execPath, [MOCHA, ...args], {
      cwd: ROOT,
      env,
      stdio: ['ignore', out, out],
      detached: true,
    });
    children.add(child);
    child.on('exit', (code, signal) => {
      children.delete(child);
      resolve(code ?? (signal ? 128 : 1));
    });
  });

/** The URL of `url`'s server with its database renamed by `rename`. */
const withDatabase = (url, rename) => {
  const parsed = new URL(url);
  parsed.pathname = `/${rename(decodeURIComponent(parsed.pathname.slice(1)))}`;
  return parsed.toString();
};

/** How many of each part's slowest spec files the run names at its end: where its time went. */
const SLOWEST = 12;

/** The head of a process's timings file (wall time per spec file, slowest first), as the run prints it. */
const slowestFiles = (name, file) => {
  let lines;
  try {
    lines = readFileSync(file, 'utf8').trimEnd().split('\n');
  } catch {
    return '';
  }
  const seconds = lines.reduce((sum, line) => sum + Number.parseFloat(line), 0);
  const head = `the ${name} part's ${SLOWEST} slowest spec files, of ${Math.round(seconds)} s in all`;
  return `\n==> ${head}\n${lines.slice(0, SLOWEST).join('\n')}\n`;
};

/** A database beside the configured one, for a process of its own: `app_test` → `app_test_servers`. */
const sideDatabase = (suffix) => (name) => `${name}_${suffix}`;

/** Makes the databases named `<database>_<suffix>` beside the configured ones, where missing. */
const makeSideDatabases = async (postgresUrl, mysqlUrl, suffixes) => {
  if (postgresUrl !== undefined) {
    const pg = require('pg');
    const client = new pg.Client({ connectionString: postgresUrl });
    await client.connect();
    try {
      for (const suffix of suffixes) {
        const name = sideDatabase(suffix)(decodeURIComponent(new URL(postgresUrl).pathname.slice(1)));
        const { rowCount } = await client.query('select 1 from pg_database where datname = $1', [name]);
        if (rowCount === 0) await client.query(`create database "${name.replaceAll('"', '""')}"`);
      }
    } finally {
      await client.end();
    }
  }
  if (mysqlUrl !== undefined) {
    const mysql = require('mysql2/promise');
    const connection = await mysql.createConnection(mysqlUrl);
    try {
      for (const suffix of suffixes) {
        const name = sideDatabase(suffix)(decodeURIComponent(new URL(mysqlUrl).pathname.slice(1)));
        await connection.query(`create database if not exists \`${name.replaceAll('`', '``')}\``);
      }
    } finally {
      await connection.end();
    }
  }
};

/**
 * End-to-end spec files that build or pack dist/, or run `npm start` (which builds when its inputs changed). They
 * run one after another in the first process and never beside each other: the rebuild test leaves a stale file in
 * dist/ for a while, which a pack would ship.
 */
const BUILDING_SPECS = [
  'test/e2e/package.spec.ts',
  'test/e2e/npm-start.spec.ts',
  'test/e2e/rebuild-while-running.spec.ts',
];

/** End-to-end spec files that the databases process runs after the backend suites, so that the three end together. */
const AFTER_DATABASES_SPECS = ['test/e2e/cli.spec.ts', 'test/e2e/console-accounts.spec.ts'];

/**
 * Every other end-to-end spec file runs in a process of its own, with the CLI's program, which opens embedded
 * databases in a directory of its own as they do (and made the first process the last to end).
 */
const inEndToEndProcess = (file) =>
  file.startsWith(`test${path.sep}e2e${path.sep}`) ||
  file === path.join('test', 'adapters', 'cli', 'cli-program.spec.ts');

/** The same Redis server's database `step` numbers on (of its 16). */
const laterRedisDatabase = (url, step) => {
  const parsed = new URL(url);
  parsed.pathname = `/${(Number(parsed.pathname.slice(1) || '0') + step) % 16}`;
  return parsed.toString();
};

/** Every spec file, as a path from the root, in order. */
const specFiles = () =>
  readdirSync(path.join(ROOT, 'test'), { recursive: true })
    .filter((file) => file.endsWith('.spec.ts'))
    .map((file) => path.join('test', file))
    .sort();

/** The spec files that run suites once per backend. */
const backendSpecs = () =>
  specFiles().filter((file) => readFileSync(path.join(ROOT, file), 'utf8').includes('forEachBackend('));

const readSummary = (file) => {
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    return undefined;
  }
};

const main = async () => {
  const extra = process.argv.slice(2);
  const { TEST_POSTGRES_URL: postgresUrl, TEST_MYSQL_URL: mysqlUrl, TEST_BACKENDS: chosen } = process.env;
  const shard = extra.length === 0 && chosen === undefined && (postgresUrl !== undefined || mysqlUrl !== undefined);
  if (!shard) {
    // `npm test -- --grep foo` runs every spec file with the option; naming spec files runs those alone.
    const specs = extra.some((arg) => arg.endsWith('.ts')) ? [] : [ALL_SPECS];
    return mocha([...specs, ...extra], process.env, undefined);
  }

  // A file of these lists renamed would run in the end-to-end process instead, a building one beside the rebuild test.
  const all = new Set(specFiles());
  const unknown = [...BUILDING_SPECS, ...AFTER_DATABASES_SPECS].filter((file) => !all.has(file));
  if (unknown.length > 0)
    throw new Error(`tools/run-tests.mjs names spec files that do not exist: ${unknown.join(', ')}`);
  await makeSideDatabases(postgresUrl, mysqlUrl, ['servers', 'e2e']);
  // Each part is one mocha run; a process runs its parts one after another.
  const parts = ['main', 'e2e', 'databases', 'after-databases'];
  const summaries = Object.fromEntries(parts.map((name) => [name, path.join(work, `${name}.json`)]));
  const timings = Object.fromEntries(parts.map((name) => [name, path.join(work, `${name}-timings.txt`)]));
  const logs = { e2e: path.join(work, 'e2e.log'), databases: path.join(work, 'databases.log') };
  const outputs = Object.fromEntries(Object.entries(logs).map(([name, file]) => [name, openSync(file, 'w', 0o600)]));

  /** The settings of one part: its summary and timings files, and the databases of its process. */
  const partEnv = (name, env, suffix) => ({
    ...process.env,
    TEST_BACKENDS_ELSEWHERE: '1',
    ...env,
    TEST_SUMMARY_FILE: summaries[name],
    TEST_TIMINGS_FILE: timings[name],
    ...(suffix === undefined || postgresUrl === undefined
      ? {}
      : { TEST_POSTGRES_URL: withDatabase(postgresUrl, sideDatabase(suffix)) }),
    ...(suffix === undefined || mysqlUrl === undefined
      ? {}
      : { TEST_MYSQL_URL: withDatabase(mysqlUrl, sideDatabase(suffix)) }),
  });
  /** Settings without the fault tests' cluster, which the first process's tests stop and freeze. */
  const withoutFaultCluster = (env) => {
    for (const name of ['TEST_FAULT_PG_URL', 'TEST_FAULT_PG_DATA', 'TEST_FAULT_PG_BIN']) delete env[name];
    return env;
  };
  /** Settings whose services use the Redis server's database `step` on, never sharing a queue or a bucket. */
  const redisStep = (env, step) => {
    if (env.TEST_REDIS_URL !== undefined) env.TEST_REDIS_URL = laterRedisDatabase(env.TEST_REDIS_URL, step);
    return env;
  };

  const databasesEnv = withoutFaultCluster(
    partEnv('databases', { TEST_BACKENDS: 'pglite,postgresql,mariadb' }, 'servers'),
  );
  // The backend suites need no Redis.
  delete databasesEnv.TEST_REDIS_URL;
  const inMemory = { TEST_BACKENDS: 'in-memory' };

  const elsewhere = new Set([...BUILDING_SPECS, ...AFTER_DATABASES_SPECS]);
  const e2eProcess = mocha(
    specFiles().filter((file) => inEndToEndProcess(file) && !elsewhere.has(file)),
    withoutFaultCluster(redisStep(partEnv('e2e', inMemory, 'e2e'), 1)),
    outputs.e2e,
  );
  const databasesProcess = (async () => ({
    databases: await mocha(['--grep', DATABASE_VARIANTS, ...backendSpecs()], databasesEnv, outputs.databases),
    'after-databases': await mocha(
      AFTER_DATABASES_SPECS,
      withoutFaultCluster(redisStep(partEnv('after-databases', inMemory, 'servers'), 2)),
      outputs.databases,
    ),
  }))();
  const main = await mocha(
    specFiles().filter((file) => !inEndToEndProcess(file) || BUILDING_SPECS.includes(file)),
    partEnv('main', inMemory, undefined),
    undefined,
  );
  const codes = { main, e2e: await e2eProcess, ...(await databasesProcess) };
  for (const output of Object.values(outputs)) closeSync(output);

  process.stdout.write(`\n==> the end-to-end tests, which ran alongside\n`);
  process.stdout.write(readFileSync(logs.e2e, 'utf8'));
  process.stdout.write(
    `\n==> the backend suites on PGlite, PostgreSQL and MariaDB, then ${AFTER_DATABASES_SPECS.join(', ')}, which ran alongside\n`,
  );
  process.stdout.write(readFileSync(logs.databases, 'utf8'));

  const total = { passed: 0, failed: 0, skipped: 0 };
  const failures = [];
  for (const name of parts) {
    const code = codes[name];
    const summary = readSummary(summaries[name]);
    if (summary === undefined) {
      process.stdout.write(`the ${name} test process ended without a summary (exit code ${code})\n`);
      total.failed += 1;
      continue;
    }
    total.passed += summary.passed;
    total.failed += summary.failed;
    total.skipped += summary.skipped;
    failures.push(...(summary.failures ?? []));
  }
  for (const name of parts) process.stdout.write(slowestFiles(name, timings[name]));
  if (failures.length > 0) {
    process.stdout.write(`\n==> the ${failures.length} failures of all the processes, again\n`);
    for (const [index, { title, error }] of failures.entries())
      process.stdout.write(`\n${index + 1}) ${title}\n${error.replace(/^/gmu, '     ')}\n`);
    process.stdout.write('\n');
  }
  process.stdout.write(`${total.passed} passed, ${total.failed} failed, ${total.skipped} skipped\n`);
  return parts.every((name) => codes[name] === 0) && total.failed === 0 ? 0 : 1;
};

main()
  .then((code) => {
    process.exitCode ||= code;
  })
  .catch((error) => {
    stopChildren('SIGTERM');
    process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
    process.stdout.write('0 passed, 1 failed, 0 skipped\n');
    process.exitCode = 1;
  })
  .finally(() => rmSync(work, { recursive: true, force: true }));
