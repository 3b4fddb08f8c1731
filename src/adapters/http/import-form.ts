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

/** The body is not a multipart form busboy can read, or it stopped before the form ended. */
export class UnreadableForm extends Error {}

export const IMPORT_FILE_FIELD = 'import_file';
const EXTERNAL_REF_FIELD = 'external_ref';
/** A field value longer than any `external_ref` may be is cut there, and refused by the use case as too long. */
const FIELD_BYTES = 4 * 2048 + 1;

const unreadable = (error: unknown, fallback: string): UnreadableForm =>
  error instanceof UnreadableForm ? error : new UnreadableForm(error instanceof Error && error.message !== '' ? error.message : fallback);

/**
 * Reads an import upload from a `multipart/form-data` request as it arrives: the `import_file` part is
 * split into lines with backpressure (the request is read no faster than lines are stored), other files
 * are skipped, and `external_ref` is taken wherever it comes in the form.
 *
 * A body that stops short (the client went away, the connection broke, or the form ends inside a part)
 * fails the lines with `UnreadableForm`: busboy alone would leave the file stream open for ever when the
 * request is cut off, and the reader waiting on it would hold its line buffer with it.
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
  let fileStream: Readable | undefined;
  let failure: UnreadableForm | undefined;
  let rejectFinished: (error: UnreadableForm) => void = () => undefined;
  const finished = new Promise<void>((resolve, reject) => {
    rejectFinished = reject;
    form.on('finish', () => resolve());
  });
  // Nothing awaits `finished` until the file is read; a failure before then is reported through `file`.
  finished.catch(() => undefined);
  const fail = (error: UnreadableForm): void => {
    if (failure !== undefined) return;
    failure = error;
    req.unpipe(form);
    rejectFinished(error);
    if (fileStream !== undefined && !fileStream.destroyed) fileStream.destroy(error);
  };
  form.on('error', (error: unknown) => fail(unreadable(error, 'the form cannot be read')));
  const cutOff = () => {
    if (!req.complete) fail(new UnreadableForm('the request body was not received in full'));
  };
  req.on('aborted', cutOff);
  req.on('close', cutOff);
  req.on('error', (error: unknown) => fail(unreadable(error, 'the request body could not be read')));
  const file = new Promise<Readable | undefined>((resolve, reject) => {
    let found = false;
    form.on('file', (name: string, stream: Readable) => {
      // A skipped part's stream fails with the form; its error is the form's, reported once.
      stream.on('error', () => undefined);
      if (name !== IMPORT_FILE_FIELD || found || failure !== undefined) return void stream.resume();
      found = true;
      fileStream = stream;
      resolve(stream);
    });
    finished.then(() => resolve(undefined), reject);
  });
  req.pipe(form);

  async function* lines() {
    const stream = await file;
    if (stream === undefined) throw new MissingImportFile();
    let truncated = false;
    stream.on('limit', () => {
      truncated = true;
    });
    try {
      for await (const line of jsonlLines(stream, limits.maxLineBytes)) {
        if (truncated) throw new UploadTooLarge(limits.maxFileBytes);
        yield line;
      }
    } catch (error) {
      if (error instanceof UploadTooLarge) throw error;
      // busboy fails a part cut short with a plain Error ("Part terminated early ...").
      throw failure ?? unreadable(error, 'the import file could not be read');
    }
    if (truncated) throw new UploadTooLarge(limits.maxFileBytes);
    // Fields after the file arrive before the form finishes.
    await finished;
  }
  return { lines: lines(), externalRef: () => externalRef };
};
