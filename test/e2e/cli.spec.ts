import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect } from 'chai';
import { emptyDataDir } from '../support/empty-data-dir.js';
import { printedCredentials, type ServiceProcess, startServiceProcess } from '../support/service-process.js';

const CLI = path.resolve(import.meta.dirname, '../../dist/cli.js');

interface Exited {
  readonly code: number | null;
  readonly stdout: string;
  readonly stderr: string;
}

/** The built CLI as an operator runs it, from a working directory of its own. */
const cli = (cwd: string, env: Record<string, string>, ...args: string[]): Promise<Exited> =>
  new Promise((resolve) => {
    const child = execFile(
      process.execPath,
      [CLI, ...args],
      { cwd, env: { ...process.env, ...env }, timeout: 60_000 },
      (_error, stdout, stderr) => resolve({ code: child.exitCode, stdout, stderr }),
    );
  });

describe('the built CLI as a process', () => {
  let dir: string;
  let service: ServiceProcess | undefined;

  before(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'commerce-core-cli-'));
  });
  afterEach(async () => {
    await service?.stop();
    service = undefined;
  });
  // A process stopped a moment ago may still be closing its files: the removal is tried again briefly.
  after(async () => rm(dir, { recursive: true, force: true, maxRetries: 5, retryDelay: 200 }));

  it('starts with a shebang line and prints the package version from any working directory', async () => {
    expect((await readFile(CLI, 'utf8')).split('\n')[0]).to.equal('#!/usr/bin/env node');
    const { version } = JSON.parse(await readFile(path.resolve(import.meta.dirname, '../../package.json'), 'utf8')) as {
      version: string;
    };
    expect(await cli(dir, {}, '--version')).to.deep.equal({ code: 0, stdout: `${version}\n`, stderr: '' });
  });

  it('exits 2 on a usage error', async () => {
    const { code, stdout, stderr } = await cli(dir, {}, 'bogus', '--json');
    expect([code, stdout]).to.deep.equal([2, '']);
    expect(JSON.parse(stderr)).to.deep.equal({
      error: { kind: 'usage', exit_code: 2, message: "unknown command 'bogus'", issues: [] },
    });
  });

  it('exits 6 while the service holds the embedded database, then 4 for a conflict and 3 for an unknown store once it is stopped', async () => {
    const env = { DATA_DIR: await emptyDataDir(path.join(dir, 'pglite')) };
    service = await startServiceProcess(env);
    const storeId = /^store_id: (\S+)$/m.exec(service.terminal())?.[1] ?? '';
    const held = await cli(dir, env, 'create-key', '--store', storeId);
    expect([held.code, held.stdout]).to.deep.equal([6, '']);
    expect(held.stderr).to.equal(
      `error: the embedded database in ${env.DATA_DIR} is in use by another process (pid ${service.child.pid}, perhaps the running service): ` +
        'stop it first, or set DATABASE_URL to a server database, which many processes can share\n',
    );
    expect(await service.stop()).to.equal(0);
    service = undefined;

    const conflict = await cli(dir, env, 'create-key', '--store', storeId, '--reserved-rate-limit', '101');
    expect([conflict.code, conflict.stderr]).to.deep.equal([
      4,
      'error: the key was not created: requested reserved rate limit will exceed the maximum\n',
    ]);
    const unknown = await cli(dir, env, 'set-rate-limit', '--store', '5d0c0000-0000-4000-8000-000000000000', '10');
    expect([unknown.code, unknown.stderr]).to.deep.equal([3, 'error: the rate limit was not set: store not found\n']);
  });

  it("sets a store's subscriptions generation, which the service then speaks on its un-prefixed paths", async () => {
    const env = { DATA_DIR: await emptyDataDir(path.join(dir, 'generation')) };
    service = await startServiceProcess(env);
    const storeId = /^store_id: (\S+)$/m.exec(service.terminal())?.[1] ?? '';
    const credentials = printedCredentials(service.terminal());
    await service.stop();
    service = undefined;

    const set = await cli(dir, env, 'set-generation', '--store', storeId, '2025', '--json');
    expect([set.code, JSON.parse(set.stdout)]).to.deep.equal([
      0,
      { store_id: storeId, subscriptions_generation: '2025' },
    ]);
    const listed = await cli(dir, env, 'list-stores');
    expect(listed.stdout.split('\n')[1]).to.match(/ 2025 /);

    service = await startServiceProcess(env);
    const token = (
      (await (
        await fetch(`${service.url}/oauth/access_token`, {
          method: 'POST',
          body: new URLSearchParams({
            grant_type: 'client_credentials',
            client_id: credentials.clientId,
            client_secret: credentials.clientSecret,
          }),
        })
      ).json()) as { access_token: string }
    ).access_token;
    const read = (url: string) => fetch(`${service!.url}${url}`, { headers: { authorization: `Bearer ${token}` } });
    // Features are the 2025 generation's only, products the 2024 one's.
    expect((await read('/v2/subscriptions/features')).status).to.equal(200);
    expect((await read('/v2/subscriptions/products')).status).to.equal(404);
  });
});
