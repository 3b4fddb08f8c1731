import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { CreatedStore } from '../../application/use-cases/stores/create-store.js';
import { credentialsBanner } from './credentials-banner.js';

export type BootstrapKeyWrite = { readonly written: true } | { readonly written: false; readonly reason: string };

/**
 * Writes the first key to `file`, readable and writable by its owner only, and never over an existing
 * file: that one may hold the key of another database, which must not be lost.
 */
export const writeBootstrapKeyFile = async (
  file: string,
  created: CreatedStore,
  now: Date,
): Promise<BootstrapKeyWrite> => {
  try {
    await mkdir(path.dirname(file), { recursive: true, mode: 0o700 });
    await writeFile(file, `created_at: ${now.toISOString()}\n${credentialsBanner(created)}`, {
      mode: 0o600,
      flag: 'wx',
    });
    return { written: true };
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    return {
      written: false,
      reason: code === 'EEXIST' ? 'the file already exists and is left as it is' : (error as Error).message,
    };
  }
};

/**
 * What stderr shows on a first start, apart from the JSON log lines on stdout. The secret is shown only
 * on a terminal, or when the file could not take it: stderr that is not a terminal (a process manager's
 * capture, a container's log) is kept and shipped like any log, and the file already holds the key.
 */
export const bootstrapKeyNotice = (
  created: CreatedStore,
  file: string,
  write: BootstrapKeyWrite,
  onTerminal: boolean,
): string => {
  if (!write.written)
    return [credentialsBanner(created).trimEnd(), `The key was NOT saved in ${file}: ${write.reason}.`, ''].join('\n');
  const saved = `The key is also saved in ${file} (readable by its owner only).`;
  if (onTerminal) return [credentialsBanner(created).trimEnd(), saved, ''].join('\n');
  return [
    `store_id: ${created.store.id}`,
    `client_id: ${created.key.clientId}`,
    `The client secret is not shown here (stderr is not a terminal): it is saved in ${file} (readable by its owner only).`,
    '',
  ].join('\n');
};
