import { chmod, mkdir, readdir } from 'node:fs/promises';
import path from 'node:path';

const PRIVATE_DIRECTORY = 0o700;
const PRIVATE_FILE = 0o600;
/** Leaves group and others no bits on anything created while it is set. */
const OWNER_ONLY_UMASK = 0o077;

/** Creates `dir` (and missing parents) readable, writable and searchable by its owner only, whatever the umask. */
export const mkdirPrivate = async (dir: string): Promise<void> => {
  const target = path.resolve(dir);
  const first = await mkdir(target, { recursive: true, mode: PRIVATE_DIRECTORY });
  if (first === undefined) return;
  // mkdir's mode passes through the umask: each directory it created is set exactly.
  for (let created = target; ; created = path.dirname(created)) {
    await chmod(created, PRIVATE_DIRECTORY);
    if (created === path.resolve(first) || created === path.dirname(created)) return;
  }
};

/**
 * Makes `dir` and everything under it private to its owner: directories 0700, files 0600. Data written
 * by an older version, or under a loose umask, is tightened here.
 */
export const makePrivate = async (dir: string): Promise<void> => {
  await chmod(dir, PRIVATE_DIRECTORY);
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) await makePrivate(file);
    else if (entry.isFile()) await chmod(file, PRIVATE_FILE);
  }
};

let holders = 0;
let umaskBefore: number | undefined;

/**
 * The embedded database creates its files (tables, WAL segments) with mode 0666 and leaves the rest to
 * the process's umask; while any embedded database is open, the umask takes group and others' bits
 * away. The umask is the process's own, so everything else the process creates meanwhile is private too.
 * Returns how to give it back; the last holder to give it back restores the umask it found.
 */
export const ownerOnlyUmask = (): (() => void) => {
  if (holders === 0) {
    umaskBefore = process.umask(OWNER_ONLY_UMASK);
    process.umask(umaskBefore | OWNER_ONLY_UMASK);
  }
  holders += 1;
  let released = false;
  return () => {
    if (released) return;
    released = true;
    holders -= 1;
    if (holders === 0 && umaskBefore !== undefined) process.umask(umaskBefore);
  };
};
