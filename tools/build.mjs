// Builds the package (the TypeScript and the console) into a fresh folder beside dist/, then swaps it in
// for dist/ with two renames. A service running from dist/ never meets a missing or half-written file
// while another build (npm run build, npm start's, npm pack's) runs: the old files stay whole until the
// new ones are all written, and from the swap on the same paths hold the new build. Nothing of an older
// build is left in dist/, so nothing stale is published.
import { spawn } from 'node:child_process';
import { readdir, rename, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dist = path.join(root, 'dist');
const BUILDING = 'dist.building-';
const REPLACED = 'dist.replaced-';
const staging = path.join(root, `${BUILDING}${process.pid}`);
// Another build may swap its own dist/ in between our two renames; it is set aside like any older build.
const SWAP_ATTEMPTS = 5;

const tsc = path.join(path.dirname(createRequire(import.meta.url).resolve('typescript/package.json')), 'bin', 'tsc');

const run = (args) =>
  new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, { cwd: root, stdio: 'inherit' });
    child.once('error', reject);
    child.once('exit', (code, signal) =>
      code === 0 ? resolve() : reject(new Error(`${args.join(' ')} failed (${signal ?? `exit code ${code}`})`)),
    );
  });

const isRunning = (pid) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return error.code === 'EPERM';
  }
};

/** Folders a build that died left behind (its pid is gone); a running build's are its own business. */
const removeAbandoned = async () => {
  for (const entry of await readdir(root)) {
    const prefix = [BUILDING, REPLACED].find((p) => entry.startsWith(p));
    const pid = prefix === undefined ? Number.NaN : Number.parseInt(entry.slice(prefix.length), 10);
    if (Number.isInteger(pid) && pid !== process.pid && !isRunning(pid))
      await rm(path.join(root, entry), { recursive: true, force: true });
  }
};

const setAside = async (attempt) => {
  const replaced = path.join(root, `${REPLACED}${process.pid}-${attempt}`);
  try {
    await rename(dist, replaced);
    return replaced;
  } catch (error) {
    if (error.code === 'ENOENT') return undefined;
    throw error;
  }
};

const swapIn = async (built) => {
  for (let attempt = 1; ; attempt += 1) {
    const replaced = await setAside(attempt);
    try {
      await rename(built, dist);
      return;
    } catch (error) {
      if (!['ENOTEMPTY', 'EEXIST'].includes(error.code) || attempt >= SWAP_ATTEMPTS) throw error;
    } finally {
      if (replaced !== undefined) await rm(replaced, { recursive: true, force: true });
    }
  }
};

await removeAbandoned();
try {
  await run([tsc, '-p', 'tsconfig.build.json', '--outDir', staging]);
  await run([path.join(root, 'tools', 'build-console.mjs'), staging]);
  await swapIn(staging);
} finally {
  await rm(staging, { recursive: true, force: true });
}
