/** What Linux's /proc says of a process's memory and CPU, for the benchmarks that report another process's. */
import { readdirSync, readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';

/** A size field of `/proc/<pid>/status` (`VmRSS`, `VmHWM`) in bytes; undefined where the file has no such line. */
export const statusBytes = async (pid: number, field: 'VmRSS' | 'VmHWM' | 'RssAnon'): Promise<number | undefined> => {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  const kib = new RegExp(`^${field}:\\s+(\\d+) kB$`, 'm').exec(status)?.[1];
  return kib === undefined ? undefined : Number(kib) * 1024;
};

/**
 * User and system CPU in ms from the text of `/proc/<pid>/stat`: utime and stime are the 12th and 13th
 * fields after the command name, which is in parentheses and may hold spaces (clock ticks of 10 ms).
 */
export const cpuMsOfStat = (stat: string): number => {
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
};

/**
 * CPU used so far by each PostgreSQL backend serving `database` on this machine (their process titles name
 * it), in ms by pid; empty when the server's processes cannot be read (another machine, a container).
 */
export const databaseCpu = (database: string): Map<string, number> => {
  const used = new Map<string, number>();
  for (const pid of readdirSync('/proc').filter((name) => /^\d+$/.test(name))) {
    try {
      if (!readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes(` ${database} `)) continue;
      used.set(pid, cpuMsOfStat(readFileSync(`/proc/${pid}/stat`, 'utf8')));
    } catch {
      // A process that ended meanwhile, or one not ours to read.
    }
  }
  return used;
};

/** The database backends' CPU since `before`: backends that ended meanwhile (idle ones the pool let go) count nothing. */
export const databaseCpuSince = (database: string, before: ReadonlyMap<string, number>): number => {
  const now = databaseCpu(database);
  if (now.size === 0) return NaN;
  return [...now].reduce((sum, [pid, ms]) => sum + ms - (before.get(pid) ?? 0), 0);
};
