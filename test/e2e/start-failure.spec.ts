import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect } from 'chai';
import { emptyDataDir } from '../support/empty-data-dir.js';

const ROOT = path.resolve(import.meta.dirname, '../..');

interface Exited {
  readonly code: number | null;
  readonly stdout: string;
  readonly stderr: string;
}

/** The built service as an operator starts it, left to fail. */
const startService = (env: Record<string, string>): Promise<Exited> =>
  new Promise((resolve) => {
    const child = execFile(
      process.execPath,
      ['dist/main.js'],
      { cwd: ROOT, env: { ...process.env, HOST: '127.0.0.1', LOG_LEVEL: 'info', ...env }, timeout: 150_000 },
      (_error, stdout, stderr) => resolve({ code: child.exitCode, stdout, stderr }),
    );
  });

const listening = (): Promise<Server> =>
  new Promise((resolve) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => resolve(server));
  });
const portOf = (server: Server): number => (server.address() as { port: number }).port;
const closed = (server: Server): Promise<void> => new Promise((resolve) => server.close(() => resolve()));

/** The lines for a person on stderr that say why the start failed: exactly one. */
const whyLines = (stderr: string): string[] =>
  stderr.split('\n').filter((line) => line.startsWith('commerce-core could not start: '));
const fatalLog = (stdout: string) =>
  stdout
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => JSON.parse(line) as Record<string, unknown>)
    .filter((line) => line['level'] === 60);

describe('a start that fails says why in one line on stderr', () => {
  let dir: string;
  before(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'commerce-core-start-failure-'));
  });
  after(async () => rm(dir, { recursive: true, force: true }));

  it('names a port in use and what to change, keeps the JSON log on stdout, and exits 1', async function () {
    // A first start initialises the embedded database before it listens: a minute on a busy machine.
    this.timeout(180_000);
    const taken = await listening();
    try {
      const port = portOf(taken);
      const run = await startService({
        PORT: String(port),
        DATA_DIR: await emptyDataDir(path.join(dir, 'port-in-use')),
        BOOTSTRAP_KEY_FILE: path.join(dir, 'key.txt'),
      });
      expect(run.code).to.equal(1);
      expect(whyLines(run.stderr)).to.deep.equal([
        `commerce-core could not start: port ${port} is in use (EADDRINUSE); set PORT to another port`,
      ]);
      expect(fatalLog(run.stdout).map((l) => l['msg'])).to.deep.equal(['the service could not start']);
      expect(fatalLog(run.stdout)[0]).to.have.nested.property('err.code', 'EADDRINUSE');
    } finally {
      await closed(taken);
    }
  });

  it('names every invalid configuration value on one line, and exits 1', async function () {
    this.timeout(180_000);
    const run = await startService({ PORT: 'eighty', DATABASE_URL: 'sqlite:///tmp/x.db' });
    expect(run.code).to.equal(1);
    expect(whyLines(run.stderr)).to.deep.equal([
      'commerce-core could not start: invalid configuration: ' +
        'DATABASE_URL must start with postgres://, postgresql://, mysql:// or mariadb:// (or be unset for the embedded database); ' +
        'PORT must be an integer between 0 and 65535, got "eighty"',
    ]);
    expect(run.stderr.trim().split('\n'), 'nothing else on stderr').to.have.length(1);
    expect(fatalLog(run.stdout)[0]).to.include({ msg: 'the service could not start: invalid configuration' });
  });

  it('says a database URL cannot be reached, without its password, and exits 1', async function () {
    this.timeout(90_000);
    // A port nothing listens on: one just given up.
    const given = await listening();
    const port = portOf(given);
    await closed(given);
    const run = await startService({ PORT: '0', DATABASE_URL: `postgres://app:s3cret-pw@127.0.0.1:${port}/commerce` });
    expect(run.code).to.equal(1);
    expect(whyLines(run.stderr)).to.deep.equal([
      'commerce-core could not start: the database cannot be reached: the connection failed (ECONNREFUSED); ' +
        'check DATABASE_URL and that the database is running',
    ]);
    expect(run.stderr).not.to.include('s3cret-pw');
    expect(fatalLog(run.stdout).map((l) => l['msg'])).to.deep.equal(['the service could not start']);
  });
});
