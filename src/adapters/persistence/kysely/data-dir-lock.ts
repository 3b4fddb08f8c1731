import { mkdir, open, readFile, rm } from 'node:fs/promises';
import path from 'node:path';

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
  await mkdir(path.dirname(path.resolve(dataDir)), { recursive: true });
  const lockFile = `${path.resolve(dataDir)}.lock`;
  for (let attempt = 0; attempt < 2; attempt += 1) {
    try {
      const handle = await open(lockFile, 'wx');
      await handle.writeFile(String(process.pid));
      await handle.close();
      return () => rm(lockFile, { force: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const owner = Number((await readFile(lockFile, 'utf8').catch(() => '')).trim());
      if (Number.isInteger(owner) && owner > 0 && owner !== process.pid && isRunning(owner)) {
        throw new Error(`the data directory ${dataDir} is in use by process ${owner}`);
      }
      await rm(lockFile, { force: true });
    }
  }
  throw new Error(`could not lock the data directory ${dataDir}`);
};
