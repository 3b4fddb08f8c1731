import * as E from 'fp-ts/lib/Either.js';
import { DEFAULT_IMPORT_LIMITS, type ImportLimits } from '../../domain/imports/import-line.js';

/** What one import upload may hold: the file's bytes, its objects and the bytes of one line. */
export interface ImportUploadLimits extends ImportLimits {
  readonly maxFileBytes: number;
}

export const DEFAULT_IMPORT_UPLOAD_LIMITS: ImportUploadLimits = {
  ...DEFAULT_IMPORT_LIMITS,
  maxFileBytes: 256 * 1024 * 1024,
};

type Env = Readonly<Record<string, string | undefined>>;

const wholeNumber = (
  name: string,
  raw: string | undefined,
  fallback: number,
  max: number,
): E.Either<string, number> => {
  if (raw === undefined || raw === '') return E.right(fallback);
  const n = Number(raw);
  return /^[0-9]+$/.test(raw) && n >= 1 && n <= max
    ? E.right(n)
    : E.left(`${name} must be a whole number between 1 and ${max}, got "${raw}"`);
};

/** `IMPORT_MAX_OBJECTS` (default 50,000, EPCC's limit) and `IMPORT_MAX_FILE_BYTES` (default 256 MiB). */
export const readImportSettings = (env: Env): E.Either<readonly string[], ImportUploadLimits> => {
  const maxObjects = wholeNumber(
    'IMPORT_MAX_OBJECTS',
    env['IMPORT_MAX_OBJECTS'],
    DEFAULT_IMPORT_UPLOAD_LIMITS.maxObjects,
    100_000_000,
  );
  const maxFileBytes = wholeNumber(
    'IMPORT_MAX_FILE_BYTES',
    env['IMPORT_MAX_FILE_BYTES'],
    DEFAULT_IMPORT_UPLOAD_LIMITS.maxFileBytes,
    Number.MAX_SAFE_INTEGER,
  );
  if (E.isLeft(maxObjects) || E.isLeft(maxFileBytes))
    return E.left([maxObjects, maxFileBytes].flatMap((p) => (E.isLeft(p) ? [p.left] : [])));
  return E.right({ ...DEFAULT_IMPORT_UPLOAD_LIMITS, maxObjects: maxObjects.right, maxFileBytes: maxFileBytes.right });
};
