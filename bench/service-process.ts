/**
 * The built service (`node dist/main.js`) in a child process, over a database given by URL, for
 * benchmarks that report the service's own memory: in a child its RSS holds neither the load generator
 * nor the raw baseline's pool. RSS is read from `/proc/<pid>/status`.
 */
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { statusBytes } from './process-stats.js';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export interface ServiceProcess {
  readonly url: string;
  readonly pid: number;
  /** The current resident set, in bytes. */
  rss(): Promise<number>;
  /** The highest resident set since the process started (the kernel's VmHWM), in bytes. */
  peakRss(): Promise<number>;
  close(): Promise<void>;
}

const statusField = async (pid: number, field: 'VmRSS' | 'VmHWM'): Promise<number> => {
  const bytes = await statusBytes(pid, field);
  if (bytes === undefined) throw new Error(`/proc/${pid}/status has no ${field}`);
  return bytes;
};

/** Starts the service with LOG_LEVEL=silent, as the in-process benchmark runs it, and waits for its ready line. */
export const startServiceProcess = async (
  databaseUrl: string,
  nodeOptions: readonly string[],
): Promise<ServiceProcess> => {
  const main = path.join(ROOT, 'dist', 'main.js');
  if (!existsSync(main)) throw new Error('dist/main.js is missing: run npm run build first');
  const child = spawn(process.execPath, [...nodeOptions, main], {
    cwd: ROOT,
    env: { ...process.env, DATABASE_URL: databaseUrl, PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'silent' },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  let stderr = '';
  const url = await new Promise<string>((resolve, reject) => {
    // Read to the end, or the service would block on a full pipe.
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
      const found = /is listening on (http:\/\/\S+) /.exec(stderr)?.[1];
      if (found !== undefined) resolve(found);
    });
    void exited.then((code) =>
      reject(new Error(`the service exited with ${String(code)} before listening:\n${stderr}`)),
    );
  });
  const pid = child.pid;
  if (pid === undefined) throw new Error('the service process has no pid');
  return {
    url,
    pid,
    rss: () => statusField(pid, 'VmRSS'),
    peakRss: () => statusField(pid, 'VmHWM'),
    close: async () => {
      child.kill('SIGTERM');
      await exited;
    },
  };
};
