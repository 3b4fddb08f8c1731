import type { IncomingMessage } from 'node:http';
import type { Readable } from 'node:stream';
import { Busboy } from '@fastify/busboy';
import type { ImportUpload } from '../../application/use-cases/imports/upload-import.js';
import { jsonlLines } from './jsonl-lines.js';

/** The file part was larger than the upload limit. */
export class UploadTooLarge extends Error {
  constructor(readonly limitBytes: number) {
    super(`the import file is larger than ${limitBytes} bytes`);
  }
}

/** The form ended without an `import_file` part. */
export class MissingImportFile extends Error {
  constructor() {
    super('import_file is required');
  }
}

/** The body is not a multipart form busboy can read. */
export class UnreadableForm extends Error {}

export const IMPORT_FILE_FIELD = 'import_file';
const EXTERNAL_REF_FIELD = 'external_ref';
/** A field value longer than any `external_ref` may be is cut there, and refused by the use case as too long. */
const FIELD_BYTES = 4 * 2048 + 1;

/**
 * Reads an import upload from a `multipart/form-data` request as it arrives: the `import_file` part is
 * split into lines with backpressure (the request is read no faster than lines are stored), other files
 * are skipped, and `external_ref` is taken wherever it comes in the form.
 */
export const readImportForm = (req: IncomingMessage, limits: { readonly maxFileBytes: number; readonly maxLineBytes: number }): ImportUpload => {
  let form: ReturnType<typeof Busboy>;
  try {
    form = Busboy({ headers: req.headers as { 'content-type': string }, limits: { fileSize: limits.maxFileBytes, files: 4, fields: 16, fieldSize: FIELD_BYTES } });
  } catch (error) {
    throw new UnreadableForm(error instanceof Error ? error.message : 'the body is not a multipart form');
  }
  let externalRef: string | undefined;
  form.on('field', (name: string, value: string) => {
    if (name === EXTERNAL_REF_FIELD) externalRef = value;
  });
  const finished = new Promise<void>((resolve, reject) => {
    form.on('finish', () => resolve());
    form.on('error', (error: unknown) => reject(new UnreadableForm(error instanceof Error ? error.message : 'the form cannot be read')));
    req.on('aborted', () => reject(new UnreadableForm('the request body was not received in full')));
  });
  const file = new Promise<Readable | undefined>((resolve, reject) => {
    let found = false;
    form.on('file', (name: string, stream: Readable) => {
      if (name !== IMPORT_FILE_FIELD || found) return void stream.resume();
      found = true;
      resolve(stream);
    });
    finished.then(() => resolve(undefined), reject);
  });
  // Nothing awaits `finished` until the file is read; a failure before then is reported through `file`.
  finished.catch(() => undefined);
  req.pipe(form);

  async function* lines() {
    const stream = await file;
    if (stream === undefined) throw new MissingImportFile();
    let truncated = false;
    stream.on('limit', () => {
      truncated = true;
    });
    for await (const line of jsonlLines(stream, limits.maxLineBytes)) {
      if (truncated) throw new UploadTooLarge(limits.maxFileBytes);
      yield line;
    }
    if (truncated) throw new UploadTooLarge(limits.maxFileBytes);
    // Fields after the file arrive before the form finishes.
    await finished;
  }
  return { lines: lines(), externalRef: () => externalRef };
};
