// Builds the operator console (console/src) into dist/console (or into the build folder named as its
// argument, which tools/build.mjs swaps in for dist/): one script and one style sheet, each named by a
// digest of its content, and a manifest naming them that the service reads to write the page.

import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const outDir = path.join(path.resolve(root, process.argv[2] ?? 'dist'), 'console');

await rm(outDir, { recursive: true, force: true });
const result = await build({
  absWorkingDir: root,
  entryPoints: ['console/src/main.tsx'],
  outdir: path.join(outDir, 'assets'),
  entryNames: '[name]-[hash]',
  bundle: true,
  minify: true,
  format: 'esm',
  target: ['es2022'],
  platform: 'browser',
  jsx: 'automatic',
  jsxImportSource: 'preact',
  legalComments: 'none',
  sourcemap: false,
  metafile: true,
  logLevel: 'warning',
  tsconfig: 'console/tsconfig.json',
});

const outputs = Object.keys(result.metafile.outputs).map((file) => path.basename(file));
const one = (ext) => {
  const found = outputs.filter((file) => file.endsWith(ext));
  if (found.length !== 1) throw new Error(`the console build made ${found.length} ${ext} files, not one`);
  return found[0];
};
await mkdir(outDir, { recursive: true });
await writeFile(
  path.join(outDir, 'manifest.json'),
  `${JSON.stringify({ script: one('.js'), style: one('.css') }, null, 2)}\n`,
);
