import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { expect } from 'chai';

const CONSOLE_SRC = path.resolve(import.meta.dirname, '../../console/src');
const ALLOWED_PACKAGES = new Set(['preact', 'preact/hooks']);

const sourceFiles = async (dir: string): Promise<string[]> =>
  (await readdir(dir, { withFileTypes: true, recursive: true }))
    .filter((e) => e.isFile() && /\.tsx?$/.test(e.name))
    .map((e) => path.join(e.parentPath, e.name));

describe('Console: what it may import', () => {
  it('imports Preact and its own files only: it is a client of the HTTP API, never of the core', async () => {
    const strays: string[] = [];
    for (const file of await sourceFiles(CONSOLE_SRC)) {
      const text = await readFile(file, 'utf8');
      for (const match of text.matchAll(/\bfrom\s+'([^']+)'|\bimport\s+'([^']+)'/g)) {
        const target = match[1] ?? match[2] ?? '';
        const inside =
          target.startsWith('.') && path.resolve(path.dirname(file), target).startsWith(`${CONSOLE_SRC}${path.sep}`);
        if (!inside && !ALLOWED_PACKAGES.has(target))
          strays.push(`${path.relative(CONSOLE_SRC, file)} imports ${target}`);
      }
    }
    expect(strays).to.deep.equal([]);
  });
});
