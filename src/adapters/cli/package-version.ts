import { readFile } from 'node:fs/promises';

/**
 * The version in the package.json one folder above the module at `moduleUrl` (`dist/cli.js` ships
 * beside it, and `src/cli.ts` sits there in a checkout), wherever the process was started from.
 */
export const packageVersion = async (moduleUrl: string): Promise<string> => {
  const manifest: unknown = JSON.parse(await readFile(new URL('../package.json', moduleUrl), 'utf8'));
  const version =
    typeof manifest === 'object' && manifest !== null ? (manifest as Record<string, unknown>)['version'] : undefined;
  if (typeof version !== 'string') throw new Error(`no version in the package.json beside ${moduleUrl}`);
  return version;
};
