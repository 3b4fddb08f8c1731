/** What Linux's /proc says of a process's memory and CPU, for the benchmarks that report another process's. */
import { readFile } from 'node:fs/promises';

/** A size field of `/proc/<pid>/status` (`VmRSS`, `VmHWM`) in bytes; undefined where the file has no such line. */
export const statusBytes = async (pid: number, field: 'VmRSS' | 'VmHWM'): Promise<number | undefined> => {
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
