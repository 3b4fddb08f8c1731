import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { expect } from 'chai';
import { emptyDataDir } from '../support/empty-data-dir.js';
import { printedCredentials, type ServiceProcess, startServiceProcess } from '../support/service-process.js';

const ROOT = path.resolve(import.meta.dirname, '../..');

const tokenFor = async (url: string, clientId: string, clientSecret: string): Promise<Response> =>
  fetch(`${url}/oauth/access_token`, {
    method: 'POST',
    body: new URLSearchParams({ grant_type: 'client_credentials', client_id: clientId, client_secret: clientSecret }),
  });

describe('the service on the embedded database', () => {
  let dataDir: string;
  let service: ServiceProcess | undefined;

  before(async () => {
    dataDir = await emptyDataDir(path.join(await mkdtemp(path.join(tmpdir(), 'commerce-core-')), 'pglite'));
  });
  afterEach(async () => {
    await service?.stop();
    service = undefined;
  });
  after(async () => rm(path.dirname(dataDir), { recursive: true, force: true }));

  it('creates a default store on first start, prints its key once, and stops with 0 on SIGTERM', async () => {
    service = await startServiceProcess({ DATA_DIR: dataDir });
    const keyFile = path.join(path.dirname(dataDir), 'bootstrap-key.txt');
    const { clientId, clientSecret } = printedCredentials(await readFile(keyFile, 'utf8'));
    expect((await tokenFor(service.url, clientId, clientSecret)).status).to.equal(200);
    // The log stream is JSON lines only; stderr, captured here as a process manager would, is no
    // terminal: neither shows the secret, and stderr names the file that holds it.
    const logLines = service
      .output()
      .split('\n')
      .filter((line) => line !== '');
    for (const line of logLines) expect(() => JSON.parse(line) as unknown, line).not.to.throw();
    expect(service.output()).not.to.include(clientSecret);
    expect(service.terminal()).not.to.include(clientSecret);
    expect(service.terminal()).to.include(`client_id: ${clientId}\n`);
    expect(service.terminal()).to.include(
      `The client secret is not shown here (stderr is not a terminal): it is saved in ${keyFile} (readable by its owner only).`,
    );
    expect((await stat(keyFile)).mode & 0o777, 'permissions of the key file').to.equal(0o600);
    // One line for a person, beside the JSON log: where it listens, its reference, its database, the key's file.
    expect(service.terminal()).to.include(
      `commerce-core is listening on ${service.url} (API reference ${service.url}/docs; database: embedded PostgreSQL (PGlite) in ${dataDir}; the first key is in ${keyFile})\n`,
    );
    const announced = logLines
      .map((line) => JSON.parse(line) as Record<string, unknown>)
      .find((l) => l['msg'] === 'created the default store and its first application key');
    expect(announced).to.include({ client_id: clientId, file: keyFile, saved: true });
    // The migrations of a first start in one line at info; each one's own line is at debug.
    const migrations = logLines
      .map((line) => JSON.parse(line) as Record<string, unknown>)
      .filter((l) => String(l['msg']).startsWith('applied ') || l['msg'] === 'migration');
    expect(migrations, 'migration lines at info').to.have.length(1);
    expect(migrations[0]?.['level']).to.equal(30);
    expect(migrations[0]?.['msg']).to.match(
      new RegExp(
        `^applied ${String(migrations[0]?.['migrations'])} migrations \\(0001-\\S+ … 00\\d\\d-\\S+\\) in \\d+ ms$`,
      ),
    );
    expect(migrations[0]?.['migrations']).to.be.above(20);
    expect((await fetch(`${service.url}/health`)).status).to.equal(200);
    const code = await service.stop();
    service = undefined;
    expect(code).to.equal(0);

    service = await startServiceProcess({ DATA_DIR: dataDir });
    expect(service.output()).not.to.include('client_secret');
    expect(service.output(), 'a later start').to.match(/"migrations":0,"duration_ms":\d+,"msg":"schema is up to date/);
    expect((await tokenFor(service.url, clientId, clientSecret)).status).to.equal(200);
  });

  it('never overwrites an existing key file, and says so on the terminal', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'commerce-core-keyfile-'));
    const keyFile = path.join(dir, 'kept.txt');
    await writeFile(keyFile, 'an earlier key\n');
    try {
      service = await startServiceProcess({ DATA_DIR: path.join(dir, 'pglite'), BOOTSTRAP_KEY_FILE: keyFile });
      const { clientId, clientSecret } = printedCredentials(service.terminal());
      expect((await tokenFor(service.url, clientId, clientSecret)).status).to.equal(200);
      expect(service.terminal()).to.include(
        `The key was NOT saved in ${keyFile}: the file already exists and is left as it is.`,
      );
      expect(await readFile(keyFile, 'utf8')).to.equal('an earlier key\n');
      expect(await service.stop()).to.equal(0);
      service = undefined;
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('refuses a second process on the same data directory', async () => {
    service = await startServiceProcess({ DATA_DIR: dataDir });
    let failure = '';
    await startServiceProcess({ DATA_DIR: dataDir }).then(
      async (second) => {
        await second.stop();
      },
      (error: Error) => {
        failure = error.message;
      },
    );
    expect(failure).to.include('is in use by another process (pid ');
  });

  it('creates a further store from the CLI, with working credentials', async () => {
    const run = promisify(execFile);
    const { stdout } = await run(process.execPath, ['dist/cli.js', 'create-store', 'Second shop'], {
      cwd: ROOT,
      env: { ...process.env, DATA_DIR: dataDir },
    });
    const { clientId, clientSecret } = printedCredentials(stdout);
    const migrate = await run(process.execPath, ['dist/cli.js', 'migrate'], {
      cwd: ROOT,
      env: { ...process.env, DATA_DIR: dataDir },
    });
    expect(migrate.stdout).to.match(/^schema is up to date \(checked in \d+ ms\)\n$/);
    service = await startServiceProcess({ DATA_DIR: dataDir });
    expect((await tokenFor(service.url, clientId, clientSecret)).status).to.equal(200);
  });

  // After each full collection V8 prints the limit it set and, in brackets, the factor it grew by.
  const growthFactors = (output: string): string[] =>
    [...output.matchAll(/\[HeapController\] Limit: .*\((\d+\.\d+)\)$/gm)].map((m) => m[1] ?? '');
  const growthCases: ReadonlyArray<[string, Record<string, string>, readonly string[], string, string]> = [
    ['by 100 % by default', {}, [], '2.0', '--heap-growing-percent=100'],
    ['by HEAP_GROWING_PERCENT', { HEAP_GROWING_PERCENT: '50' }, [], '1.5', '--heap-growing-percent=50'],
    [
      'as the node command line says, over HEAP_GROWING_PERCENT',
      { HEAP_GROWING_PERCENT: '50' },
      ['--heap-growing-percent=70'],
      '1.7',
      'as the node command line sets it',
    ],
  ];
  for (const [label, env, nodeOptions, factor, logged] of growthCases) {
    it(`lets the heap grow past what a full collection keeps ${label}`, async () => {
      service = await startServiceProcess({ DATA_DIR: dataDir, ...env }, 60_000, [
        '--trace-gc-verbose',
        ...nodeOptions,
      ]);
      const untilListening = service.output().slice(0, service.output().indexOf('"msg":"listening"'));
      const factors = growthFactors(untilListening);
      // The embedded database's start alone runs full collections; the first may come before the flag is set.
      expect(factors.length, 'full collections before listening').to.be.greaterThan(1);
      expect(factors.at(-1)).to.equal(factor);
      if (nodeOptions.length > 0) expect(new Set(factors)).to.deep.equal(new Set([factor]));
      const listening = service
        .output()
        .split('\n')
        .find((line) => line.includes('"msg":"listening"'));
      expect(JSON.parse(listening ?? '{}')).to.include({ heap_growth: logged });
    });
  }

  it('stops at start with a message naming a bad variable', async () => {
    let failure = '';
    await startServiceProcess({
      DATA_DIR: dataDir,
      PORT: 'eighty',
      DATABASE_URL: 'sqlite://x',
      HEAP_GROWING_PERCENT: '-5',
    }).catch((error: Error) => {
      failure = error.message;
    });
    expect(failure).to.include('PORT must be an integer');
    expect(failure).to.include('DATABASE_URL must start with');
    expect(failure).to.include('HEAP_GROWING_PERCENT must be a whole number from 0 to 1000, got "-5"');
  });
});
