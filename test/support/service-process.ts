import { type ChildProcess, execFile, spawn } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';

const ROOT = path.resolve(import.meta.dirname, '../..');

/** The built service (`dist/main.js`, which `npm test` builds first) as a separate process, as an operator runs it. */
export interface ServiceProcess {
  readonly child: ChildProcess;
  readonly url: string;
  /** Everything printed to stdout so far: the JSON log lines. */
  output(): string;
  /** Everything printed to stderr so far: what is meant for the operator's terminal. */
  terminal(): string;
  /** Sends SIGTERM and resolves with the exit code. */
  stop(): Promise<number | null>;
}

export const startServiceProcess = (
  env: Record<string, string>,
  timeoutMs = 120_000,
  nodeOptions: readonly string[] = [],
): Promise<ServiceProcess> =>
  new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [...nodeOptions, 'dist/main.js'], {
      cwd: ROOT,
      env: { ...process.env, PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'info', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    const exited = new Promise<number | null>((done) => child.once('exit', (code) => done(code)));
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`service did not start in time:\n${stdout}\n${stderr}`));
    }, timeoutMs);
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.stdout.on('data', (chunk: Buffer) => {
      stdout += chunk.toString();
      const listening = /"url":"(http:\/\/[^"]+)".*"msg":"listening"/.exec(stdout);
      if (listening?.[1] === undefined) return;
      clearTimeout(timer);
      const url = listening[1];
      resolve({
        child,
        url,
        output: () => stdout,
        terminal: () => stderr,
        stop: () => {
          child.kill('SIGTERM');
          return exited;
        },
      });
    });
    void exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`service exited with ${String(code)} before listening:\n${stdout}\n${stderr}`));
    });
  });

/** `client_id: ...` and `client_secret: ...` as printed on first start or by `create-store`. */
/**
 * Makes a store from the CLI, on a database no service holds, with a budget the load tests cannot reach
 * (the default 100 requests/s would answer their bursts 429); returns its printed credentials.
 */
export const storeForLoad = async (
  env: Record<string, string>,
): Promise<{ clientId: string; clientSecret: string }> => {
  const run = promisify(execFile);
  const options = { cwd: ROOT, env: { ...process.env, ...env } };
  const { stdout } = await run(process.execPath, ['dist/cli.js', 'create-store', 'Load'], options);
  const storeId = /^store_id: (\S+)$/m.exec(stdout)?.[1];
  if (storeId === undefined) throw new Error(`no store id in:\n${stdout}`);
  await run(process.execPath, ['dist/cli.js', 'set-rate-limit', '--store', storeId, '1000000'], options);
  return printedCredentials(stdout);
};

export const printedCredentials = (text: string): { clientId: string; clientSecret: string } => {
  const clientId = /^client_id: (\S+)$/m.exec(text)?.[1];
  const clientSecret = /^client_secret: (\S+)$/m.exec(text)?.[1];
  if (clientId === undefined || clientSecret === undefined) throw new Error(`no credentials in:\n${text}`);
  return { clientId, clientSecret };
};
