import { open, readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import { mkdirPrivate } from './private-files.js';

/**
 * Another live process holds the embedded database's data directory. The message is whole advice for
 * an operator; `pid` is the holder when its lock file names it.
 */
export class DataDirInUse extends Error {
  override readonly name = 'DataDirInUse';

  constructor(
    readonly dataDir: string,
    readonly pid: number | undefined,
  ) {
    super(
      `the embedded database in ${dataDir} is in use by another process (${pid === undefined ? '' : `pid ${pid}, `}perhaps the running service): ` +
        'stop it first, or set DATABASE_URL to a server database, which many processes can share',
    );
  }
}

export const isDataDirInUse = (error: unknown): error is DataDirInUse => error instanceof DataDirInUse;

const isRunning = (pid: number): boolean => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
};

/**
 * PGlite has no lock of its own: two processes on one data directory would silently diverge.
 * A pid file beside the directory refuses the second process; a file left by a dead process is taken over.
 */
export const lockDataDir = async (dataDir: string): Promise<() => Promise<void>> => {
  await mkdirPrivate(path.dirname(path.resolve(dataDir)));
  const lockFile = `${path.resolve(dataDir)}.lock`;
  for (let attempt = 0; attempt < 2; attempt += 1) {
    try {
      const handle = await open(lockFile, 'wx', 0o600);
      await handle.writeFile(String(process.pid));
      await handle.close();
      return () => rm(lockFile, { force: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const owner = Number((await readFile(lockFile, 'utf8').catch(() => '')).trim());
      if (Number.isInteger(owner) && owner > 0 && owner !== process.pid && isRunning(owner))
        throw new DataDirInUse(dataDir, owner);
      await rm(lockFile, { force: true });
    }
  }
  // Another process took the lock over between our two attempts.
  throw new DataDirInUse(dataDir, undefined);
};
