import v8 from 'node:v8';
import * as E from 'fp-ts/lib/Either.js';

/**
 * How far past what the last full collection kept the service's heap may grow before the next one, in
 * percent. Under a high allocation rate (list pages at many connections) V8 picks up to 300 %, so the old
 * generation fills with garbage up to four times the live set, and the RSS with it; at 100 % the peak of
 * that load fell from 248-260 to 181-193 MiB (bench/README.md). This is no ceiling: a live set that grows
 * (a large import, a billing run) still grows the heap, by this much each time.
 */
export const SERVICE_HEAP_GROWING_PERCENT = 100;
const MAX_PERCENT = 1000;

const FLAG = /^--heap[-_]growing[-_]percent(=|$)/;

/**
 * The V8 flag the service sets at start: `HEAP_GROWING_PERCENT` or the service's default (0 gives V8 its
 * own choice back); undefined when the node command line sets the flag itself, which then stands. Node
 * refuses this flag in NODE_OPTIONS, hence the variable.
 */
export const heapGrowthFlag = (
  execArgv: readonly string[],
  env: Readonly<Record<string, string | undefined>>,
): E.Either<string, string | undefined> => {
  const raw = env['HEAP_GROWING_PERCENT'];
  const percent = raw === undefined || raw === '' ? SERVICE_HEAP_GROWING_PERCENT : Number(raw);
  if (raw !== undefined && raw !== '' && !(/^[0-9]+$/.test(raw) && percent <= MAX_PERCENT))
    return E.left(`HEAP_GROWING_PERCENT must be a whole number from 0 to ${MAX_PERCENT}, got "${raw}"`);
  return E.right(execArgv.some((option) => FLAG.test(option)) ? undefined : `--heap-growing-percent=${percent}`);
};

/**
 * Sets the flag. V8 reads it at every full collection, so setting it once the process runs takes effect
 * from the next one. Only the service's entry point calls this: a program that embeds the library keeps
 * its own heap settings.
 */
export const applyHeapGrowth = (flag: string | undefined): void => {
  if (flag !== undefined) v8.setFlagsFromString(flag);
};
