// Builds the package (the TypeScript and the console) into a fresh folder beside dist/, then moves its
// files into dist/ one rename at a time, each replacing the file of the same path at once. A service
// running from dist/ never meets a missing or half-written file while another build (npm run build, npm
// start's, npm pack's) runs: every path holds the old file until the new one replaces it, and a manifest
// is moved only after the assets it names. Files no longer built are removed last, so nothing stale is
// published.
//
// With --if-changed (npm start's and npm pack's build), nothing is built when dist/ holds the build of the
// sources as they are: the digest of every input and the size of every file built are kept beside dist/
// (in .dist-inputs.json), and a build runs when either differs.
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdir, readdir, readFile, rename, rm, rmdir, stat, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dist = path.join(root, 'dist');
const BUILDING = 'dist.building-';
const staging = path.join(root, `${BUILDING}${process.pid}`);

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
    const prefix = entry.startsWith(BUILDING) ? BUILDING : undefined;
    const pid = prefix === undefined ? Number.NaN : Number.parseInt(entry.slice(prefix.length), 10);
    if (Number.isInteger(pid) && pid !== process.pid && !isRunning(pid))
      await rm(path.join(root, entry), { recursive: true, force: true });
  }
};

/** The files below `dir`, as paths relative to it. */
const filesUnder = async (dir) => {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true }).catch((error) => {
    if (error.code === 'ENOENT') return [];
    throw error;
  });
  return entries.filter((e) => e.isFile()).map((e) => path.relative(dir, path.join(e.parentPath, e.name)));
};

/** Folders below `dir` left empty, deepest first. */
const removeEmptyFolders = async (dir) => {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  const folders = entries.filter((e) => e.isDirectory()).map((e) => path.join(e.parentPath, e.name));
  for (const folder of folders.sort((x, y) => y.length - x.length))
    await rmdir(folder).catch((error) => {
      if (error.code !== 'ENOTEMPTY' && error.code !== 'ENOENT') throw error;
    });
};

const isManifest = (file) => path.basename(file) === 'manifest.json';

const STAMP = path.join(root, '.dist-inputs.json');
const INPUT_FOLDERS = ['src', 'console'];
const INPUT_FILES = [
  'package.json',
  'package-lock.json',
  'tsconfig.json',
  'tsconfig.build.json',
  'tools/build.mjs',
  'tools/build-console.mjs',
];

/** A digest of everything a build reads: the sources, the console's, the compiler's settings, the lock file. */
const inputsDigest = async () => {
  const files = [...INPUT_FILES];
  for (const folder of INPUT_FOLDERS)
    for (const file of await filesUnder(path.join(root, folder))) files.push(path.join(folder, file));
  const hash = createHash('sha256');
  for (const file of files.sort()) {
    const content = await readFile(path.join(root, file)).catch((error) => {
      if (error.code === 'ENOENT') return undefined;
      throw error;
    });
    hash.update(`${file}\0${content === undefined ? '-' : content.length}\0`);
    if (content !== undefined) hash.update(content);
  }
  return hash.digest('hex');
};

/** The size of each file of dist/. */
const builtSizes = async () => {
  const sizes = {};
  for (const file of (await filesUnder(dist)).sort()) sizes[file] = (await stat(path.join(dist, file))).size;
  return sizes;
};

/** Whether dist/ is the build of `digest`'s inputs, whole: every file it was built with, at its size. */
const isUpToDate = async (digest) => {
  const stamp = JSON.parse(await readFile(STAMP, 'utf8').catch(() => 'null'));
  if (stamp?.inputs !== digest) return false;
  const sizes = await builtSizes();
  const expected = Object.entries(stamp.files ?? {});
  return expected.length > 0 && expected.every(([file, size]) => sizes[file] === size);
};

const moveIn = async (built) => {
  const fresh = await filesUnder(built);
  // Manifests last: the console's names its hashed assets, which must be in place first.
  for (const file of [...fresh.filter((f) => !isManifest(f)), ...fresh.filter(isManifest)]) {
    await mkdir(path.dirname(path.join(dist, file)), { recursive: true });
    await rename(path.join(built, file), path.join(dist, file));
  }
  const kept = new Set(fresh);
  for (const file of await filesUnder(dist)) if (!kept.has(file)) await rm(path.join(dist, file), { force: true });
  await removeEmptyFolders(dist);
};

const digest = await inputsDigest();
if (process.argv.includes('--if-changed') && (await isUpToDate(digest))) {
  process.stderr.write('dist/ is the build of the sources as they are: nothing to build\n');
} else {
  await removeAbandoned();
  // Whatever happens below, dist/ is no longer known to be the build of these inputs until it is done.
  await rm(STAMP, { force: true });
  try {
    await run([tsc, '-p', 'tsconfig.build.json', '--outDir', staging]);
    await run([path.join(root, 'tools', 'build-console.mjs'), staging]);
    await moveIn(staging);
  } finally {
    await rm(staging, { recursive: true, force: true });
  }
  await writeFile(STAMP, `${JSON.stringify({ inputs: digest, files: await builtSizes() })}\n`);
}
