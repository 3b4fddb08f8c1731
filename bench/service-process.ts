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

export interface ServiceProcess extends ListeningProcess {
  /** The current resident set, in bytes. */
  rss(): Promise<number>;
  /** The highest resident set since the process started (the kernel's VmHWM), in bytes. */
  peakRss(): Promise<number>;
  /**
   * Its private anonymous memory now (RssAnon), in bytes: the heap and what it allocated, without the pages of
   * the `node` executable and libraries that every process running them shares.
   */
  rssAnon(): Promise<number>;
}

const statusField = async (pid: number, field: 'VmRSS' | 'VmHWM' | 'RssAnon'): Promise<number> => {
  const bytes = await statusBytes(pid, field);
  if (bytes === undefined) throw new Error(`/proc/${pid}/status has no ${field}`);
  return bytes;
};

/** A child process that says where it listens on stderr ("… is listening on <url> …"), as the service does. */
export interface ListeningProcess {
  readonly url: string;
  readonly pid: number;
  /** Ends it with SIGTERM and waits for it to exit. */
  close(): Promise<void>;
}

/** Starts `node <args>` from the project's root and waits until it says where it listens. */
export const startListening = async (
  what: string,
  args: readonly string[],
  env: Readonly<Record<string, string>>,
): Promise<ListeningProcess> => {
  const child = spawn(process.execPath, [...args], {
    cwd: ROOT,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  let stderr = '';
  const url = await new Promise<string>((resolve, reject) => {
    // Read to the end, or the child would block on a full pipe.
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
      const found = /is listening on (http:\/\/\S+) /.exec(stderr)?.[1];
      if (found !== undefined) resolve(found);
    });
    void exited.then((code) => reject(new Error(`${what} exited with ${String(code)} before listening:\n${stderr}`)));
  });
  const pid = child.pid;
  if (pid === undefined) throw new Error(`${what} has no pid`);
  return {
    url,
    pid,
    close: async () => {
      child.kill('SIGTERM');
      await exited;
    },
  };
};

/** Starts the service with LOG_LEVEL=silent, as the in-process benchmark runs it, and waits for its ready line. */
export const startServiceProcess = async (
  databaseUrl: string,
  nodeOptions: readonly string[],
): Promise<ServiceProcess> => {
  const main = path.join(ROOT, 'dist', 'main.js');
  if (!existsSync(main)) throw new Error('dist/main.js is missing: run npm run build first');
  const service = await startListening('the service', [...nodeOptions, main], {
    DATABASE_URL: databaseUrl,
    PORT: '0',
    HOST: '127.0.0.1',
    LOG_LEVEL: 'silent',
  });
  return {
    ...service,
    rss: () => statusField(service.pid, 'VmRSS'),
    peakRss: () => statusField(service.pid, 'VmHWM'),
    rssAnon: () => statusField(service.pid, 'RssAnon'),
  };
};
