/**
 * Where a Node.js process's resident memory is at its highest. Preload it into the process to watch:
 *
 *   MEMORY_PROBE_OUT=/tmp/probe.json npm run bench:list -- --service-process \
 *     --service-node-options="--import ./bench/memory-probe.mjs" ...
 *
 * Every 50 ms it reads process.memoryUsage(); at each new highest RSS it keeps that sample with V8's heap
 * spaces, /proc/self/smaps_rollup and the resident size of each kind of mapping (the brk heap that glibc's
 * main arena grows, other anonymous mappings, V8's and the loaded files'). On exit it writes them to
 * MEMORY_PROBE_OUT as JSON (sizes in MiB), with the kernel's VmHWM and the count and time of collections.
 * Plain JavaScript, so that `node dist/main.js` loads it without a TypeScript loader.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { constants, PerformanceObserver } from 'node:perf_hooks';
import v8 from 'node:v8';

const out = process.env.MEMORY_PROBE_OUT;
if (out === undefined || out === '') throw new Error('memory-probe: set MEMORY_PROBE_OUT to the file to write');

const mib = (bytes) => Math.round((bytes / 1048576) * 10) / 10;
const inMiB = (record) => Object.fromEntries(Object.entries(record).map(([k, v]) => [k, mib(v)]));
const kib = (line) => Number(/(\d+) kB$/.exec(line)?.[1] ?? 0) * 1024;

const rollup = () =>
  Object.fromEntries(
    readFileSync('/proc/self/smaps_rollup', 'utf8')
      .split('\n')
      .filter((line) => line.endsWith(' kB'))
      .map((line) => [line.slice(0, line.indexOf(':')), mib(kib(line))]),
  );

// Resident bytes by mapping: [heap] is glibc's main arena; [anon] holds V8's pages, thread arenas and stacks.
const mappings = () => {
  const resident = {};
  let name = '';
  for (const line of readFileSync('/proc/self/smaps', 'utf8').split('\n')) {
    const head = /^[0-9a-f]+-[0-9a-f]+ \S+ \S+ \S+ \S+\s*(.*)$/.exec(line);
    if (head !== null) name = head[1] === '' ? '[anon]' : (head[1].split('/').pop() ?? head[1]);
    else if (line.startsWith('Rss:')) resident[name] = (resident[name] ?? 0) + kib(line);
  }
  return Object.fromEntries(
    Object.entries(resident)
      .filter(([, bytes]) => bytes >= 1048576)
      .sort((a, b) => b[1] - a[1])
      .map(([k, v]) => [k, mib(v)]),
  );
};

const gc = { minor: 0, minorMs: 0, major: 0, majorMs: 0 };
new PerformanceObserver((list) => {
  for (const entry of list.getEntries()) {
    const major = entry.detail?.kind === constants.NODE_PERFORMANCE_GC_MAJOR;
    const minor = entry.detail?.kind === constants.NODE_PERFORMANCE_GC_MINOR;
    if (major) [gc.major, gc.majorMs] = [gc.major + 1, gc.majorMs + entry.duration];
    if (minor) [gc.minor, gc.minorMs] = [gc.minor + 1, gc.minorMs + entry.duration];
  }
}).observe({ entryTypes: ['gc'] });

const started = Date.now();
let peak = { rss: 0 };
const sample = () => {
  const usage = process.memoryUsage();
  if (usage.rss <= peak.rss) return;
  peak = {
    rss: usage.rss,
    atMs: Date.now() - started,
    memoryUsage: inMiB(usage),
    heapSpaces: Object.fromEntries(
      v8
        .getHeapSpaceStatistics()
        .filter((s) => s.space_size > 0)
        .map((s) => [s.space_name, { size: mib(s.space_size), used: mib(s.space_used_size) }]),
    ),
    smapsRollup: rollup(),
    mappings: mappings(),
  };
};
setInterval(sample, 50).unref();

process.on('exit', () => {
  sample();
  const hwm = /^VmHWM:\s+(\d+) kB$/m.exec(readFileSync('/proc/self/status', 'utf8'))?.[1];
  const { rss, ...atPeak } = peak;
  const collections = { ...gc, minorMs: Math.round(gc.minorMs), majorMs: Math.round(gc.majorMs) };
  writeFileSync(out, `${JSON.stringify({ vmHWM: mib(Number(hwm) * 1024), atPeak, collections }, null, 2)}\n`);
});
