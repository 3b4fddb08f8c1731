#!/usr/bin/env node
// Runs the whole test suite, as `npm test` does after lint, typecheck and build.
//
// When a PostgreSQL or MariaDB server is configured (TEST_POSTGRES_URL, TEST_MYSQL_URL), the suite runs as
// two mocha processes at once: one runs every test on the in-memory backend and every test that needs no
// backend, the other runs the backend suites' PGlite, PostgreSQL and MariaDB variants, then a few long spec
// files of the first kind (SECOND_PROCESS_SPECS), so that both end at about the same time. Each has its own
// databases (the second's are named `<database>_servers`, made here when missing), so neither empties the
// other's tables. The first prints as it goes, the second's output follows it, then each part's slowest spec
// files (the first process's run, and the second's two: where the run's time went), every failure of both again
// (their titles and the head of each error), and one summary line of both ends the run.
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

const serverDatabase = (name) => `${name}_servers`;

/** Makes the second process's databases, beside the configured ones, when they are missing. */
const makeServerDatabases = async (postgresUrl, mysqlUrl) => {
  if (postgresUrl !== undefined) {
    const pg = require('pg');
    const client = new pg.Client({ connectionString: postgresUrl });
    await client.connect();
    try {
      const name = serverDatabase(decodeURIComponent(new URL(postgresUrl).pathname.slice(1)));
      const { rowCount } = await client.query('select 1 from pg_database where datname = $1', [name]);
      if (rowCount === 0) await client.query(`create database "${name.replaceAll('"', '""')}"`);
    } finally {
      await client.end();
    }
  }
  if (mysqlUrl !== undefined) {
    const mysql = require('mysql2/promise');
    const connection = await mysql.createConnection(mysqlUrl);
    try {
      const name = serverDatabase(decodeURIComponent(new URL(mysqlUrl).pathname.slice(1)));
      await connection.query(`create database if not exists \`${name.replaceAll('`', '``')}\``);
    } finally {
      await connection.end();
    }
  }
};

/**
 * Spec files of the first process's kind that run in the second, after the backend suites, to even the two out
 * (the first took 33 minutes and the second 24; with the first two of these moved, 1,311 s and 1,183 s of tests;
 * with the CLI, 1,361 s and 1,324 s; then the random cases the second runs on the databases were halved; with the
 * audit scope's storage shared, 772 s and 399 + 252 s, and the service's own end-to-end tests moved too):
 * long ones, the job takeover and the relay across instances (both mostly waiting for a dead instance's claim to
 * run out), the console and its accounts pages in a browser, the CLI and the service process. They run with the
 * first process's settings, but on the next Redis database, so that their services never share a queue or a
 * bucket with the first process's. None of them packs the package or builds dist/: the first process's rebuild
 * test leaves a stale file in dist/ for a while.
 */
const SECOND_PROCESS_SPECS = [
  'test/e2e/job-takeover.spec.ts',
  'test/e2e/integration-relay.spec.ts',
  'test/e2e/console-browser.spec.ts',
  'test/e2e/console-accounts.spec.ts',
  'test/e2e/cli.spec.ts',
  'test/e2e/service.spec.ts',
];

/** The same Redis server's next database (of its 16). */
const nextRedisDatabase = (url) => {
  const parsed = new URL(url);
  parsed.pathname = `/${(Number(parsed.pathname.slice(1) || '0') + 1) % 16}`;
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

  // A file of this list renamed would run in the first process instead, unnoticed, and make it the last to end.
  const all = new Set(specFiles());
  const unknown = SECOND_PROCESS_SPECS.filter((file) => !all.has(file));
  if (unknown.length > 0)
    throw new Error(`tools/run-tests.mjs names spec files that do not exist: ${unknown.join(', ')}`);
  await makeServerDatabases(postgresUrl, mysqlUrl);
  const parts = ['main', 'databases', 'moved'];
  const summaries = Object.fromEntries(parts.map((name) => [name, path.join(work, `${name}.json`)]));
  const timings = Object.fromEntries(parts.map((name) => [name, path.join(work, `${name}-timings.txt`)]));
  const databasesLog = path.join(work, 'databases.log');
  const databasesOut = openSync(databasesLog, 'w', 0o600);

  const common = { ...process.env, TEST_BACKENDS_ELSEWHERE: '1' };
  const databasesEnv = {
    ...common,
    TEST_BACKENDS: 'pglite,postgresql,mariadb',
    TEST_SUMMARY_FILE: summaries.databases,
    TEST_TIMINGS_FILE: timings.databases,
    ...(postgresUrl === undefined ? {} : { TEST_POSTGRES_URL: withDatabase(postgresUrl, serverDatabase) }),
    ...(mysqlUrl === undefined ? {} : { TEST_MYSQL_URL: withDatabase(mysqlUrl, serverDatabase) }),
  };
  // The backend suites need neither Redis nor the fault tests' cluster, which the other process uses.
  for (const name of ['TEST_REDIS_URL', 'TEST_FAULT_PG_URL', 'TEST_FAULT_PG_DATA', 'TEST_FAULT_PG_BIN'])
    delete databasesEnv[name];
  const mainEnv = {
    ...common,
    TEST_BACKENDS: 'in-memory',
    TEST_SUMMARY_FILE: summaries.main,
    TEST_TIMINGS_FILE: timings.main,
  };

  const movedEnv = {
    ...mainEnv,
    TEST_SUMMARY_FILE: summaries.moved,
    TEST_TIMINGS_FILE: timings.moved,
    ...(mainEnv.TEST_REDIS_URL === undefined ? {} : { TEST_REDIS_URL: nextRedisDatabase(mainEnv.TEST_REDIS_URL) }),
  };

  const secondProcess = (async () => {
    const databases = await mocha(['--grep', DATABASE_VARIANTS, ...backendSpecs()], databasesEnv, databasesOut);
    return { databases, moved: await mocha(SECOND_PROCESS_SPECS, movedEnv, databasesOut) };
  })();
  const ignored = SECOND_PROCESS_SPECS.flatMap((file) => ['--ignore', file]);
  const codes = { main: await mocha([ALL_SPECS, ...ignored], mainEnv, undefined), ...(await secondProcess) };
  closeSync(databasesOut);

  process.stdout.write(
    `\n==> the backend suites on PGlite, PostgreSQL and MariaDB, then ${SECOND_PROCESS_SPECS.join(', ')}, which ran alongside\n`,
  );
  process.stdout.write(readFileSync(databasesLog, 'utf8'));

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
    process.stdout.write(`\n==> the ${failures.length} failures of both processes, again\n`);
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
