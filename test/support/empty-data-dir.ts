import { execFile } from 'node:child_process';
import { rmSync } from 'node:fs';
import { cp, mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

const ROOT = path.resolve(import.meta.dirname, '../..');

/** PGlite's initdb in a child process, so that its WebAssembly memory never lives in the test process. */
const INITDB = `
import { PGlite } from '@electric-sql/pglite';
const db = await PGlite.create(process.argv[1]);
await db.close();
`;

let template: Promise<string> | undefined;

const makeTemplate = async (): Promise<string> => {
  const parent = await mkdtemp(path.join(tmpdir(), 'commerce-core-initdb-'));
  process.once('exit', () => rmSync(parent, { recursive: true, force: true }));
  const dir = path.join(parent, 'pglite');
  await promisify(execFile)(process.execPath, ['--input-type=module', '-e', INITDB, dir], { cwd: ROOT });
  return dir;
};

/**
 * Makes `target` an embedded database directory as PGlite's initdb leaves it: no table, no store, so a
 * service started on it migrates it and makes its first store exactly as on a directory it creates. The
 * initdb runs once per test process and each directory is a copy of it: PGlite's initdb takes 5–9 s on a
 * busy two-core machine, a copy 0.3 s, and the processes tests start would otherwise each pay it.
 */
export const emptyDataDir = async (target: string): Promise<string> => {
  template ??= makeTemplate();
  await cp(await template, target, { recursive: true });
  return target;
};
