import { execFile } from 'node:child_process';
import { access } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { CONSOLE_BUILD_DIR } from '../../src/adapters/http/console-assets.js';

const ROOT = path.resolve(import.meta.dirname, '../..');

/**
 * Builds the console into dist/console unless a build is there (`npm test` builds it first; a single spec
 * run from a fresh checkout builds it here), so the service under test serves what the package ships.
 */
export const ensureConsoleBuilt = async (): Promise<void> => {
  try {
    await access(new URL('manifest.json', CONSOLE_BUILD_DIR));
  } catch {
    await promisify(execFile)(process.execPath, ['tools/build-console.mjs'], { cwd: ROOT });
  }
};
