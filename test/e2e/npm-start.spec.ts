import { expect } from 'chai';
import { spawn } from 'node:child_process';
import { access, mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '../..');
/** The service's own deadline is 10 s; a stop that takes longer than this did not reach it. */
const STOP_WAIT_MS = 20_000;

const isAlive = (pid: number): boolean => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

const exists = (file: string): Promise<boolean> =>
  access(file).then(
    () => true,
    () => false,
  );

/**
 * A process manager starts `npm start` and signals the pid it started: the signal must reach the
 * service, which drains, releases the embedded database and exits, and npm must exit with it.
 */
describe('npm start under a process manager', () => {
  let dir: string;
  beforeEach(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'commerce-core-npm-start-'));
  });
  afterEach(async () => rm(dir, { recursive: true, force: true }));

  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    it(`passes ${signal} sent to npm's own pid on to the service, which shuts down cleanly`, async function () {
      this.timeout(60_000);
      const dataDir = path.join(dir, 'pglite');
      const npm = spawn('npm', ['start'], {
        cwd: ROOT,
        env: { ...process.env, DATA_DIR: dataDir, PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'info' },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let stdout = '';
      npm.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
      npm.stderr.resume();
      const exited = new Promise<number | null>((resolve) => npm.once('exit', (code) => resolve(code)));
      try {
        const deadline = Date.now() + 45_000;
        while (!stdout.includes('"msg":"listening"')) {
          if (Date.now() > deadline || npm.exitCode !== null) throw new Error(`the service did not start:\n${stdout}`);
          await new Promise((resolve) => setTimeout(resolve, 100));
        }
        // The embedded database's lock file holds the pid of the process that owns it: the service, not npm.
        const servicePid = Number(await readFile(`${dataDir}.lock`, 'utf8'));
        expect(servicePid).not.to.equal(npm.pid);

        npm.kill(signal);
        const code = await Promise.race([exited, new Promise<'hung'>((resolve) => setTimeout(() => resolve('hung'), STOP_WAIT_MS))]);
        if (code === 'hung' && isAlive(servicePid)) process.kill(servicePid, 'SIGKILL');

        expect(code, 'npm exits with the service').to.equal(0);
        expect(stdout).to.include(`"signal":"${signal}","timeout_ms":10000,"msg":"shutting down"`);
        expect(stdout).to.include('"msg":"stopped"');
        expect(isAlive(servicePid), 'the service process is gone').to.equal(false);
        expect(await exists(`${dataDir}.lock`), 'the embedded database is released').to.equal(false);
      } finally {
        if (npm.exitCode === null) npm.kill('SIGKILL');
      }
    });
  }
});
