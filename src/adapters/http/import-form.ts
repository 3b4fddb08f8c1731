import type { IncomingMessage } from 'node:http';
import type { Readable } from 'node:stream';
import { Busboy } from '@fastify/busboy';
import type { ImportUpload } from '../../application/use-cases/imports/upload-import.js';
import { isStorableText, STORABLE_TEXT_RULE } from '../../domain/shared/text.js';
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

/** A text field of the form is not UTF-8, or holds a character no database can store: nothing of the upload is kept. */
export class UnreadableField extends Error {
  constructor(
    readonly field: string,
    readonly detail: string,
  ) {
    super(`${field} ${detail}`);
  }
}

export const IMPORT_FILE_FIELD = 'import_file';
const EXTERNAL_REF_FIELD = 'external_ref';
/**
 * A text field is kept up to this many bytes. Cut there, it still decodes to more code points than any
 * `external_ref` may have (a cut character's bytes are dropped, at most 3), so the use case refuses it as
 * too long instead of storing it cut.
 */
const FIELD_BYTES = 4 * 2048 + 4;
/** Parts of any kind one form may have: the file, and text fields (which are read, and checked, even when unused). */
const MAX_PARTS = 20;

/**
 * A text field's value from its bytes. Busboy would decode it with replacement characters, after which
 * bytes that are not UTF-8 can no longer be told apart from a U+FFFD the client sent.
 */
const fieldText = (name: string, bytes: Buffer, cut: boolean): string => {
  let text: string;
  try {
    // A value cut at the byte limit may end inside a character: `stream` leaves those bytes out.
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes, { stream: cut });
  } catch {
    throw new UnreadableField(name, 'must be UTF-8 text');
  }
  if (!isStorableText(text)) throw new UnreadableField(name, STORABLE_TEXT_RULE);
  return text;
};

/** Reads a text part's bytes, up to `FIELD_BYTES`, and hands over its text once it has ended. */
const readField = (name: string, stream: Readable, done: (read: () => string) => void): void => {
  const chunks: Buffer[] = [];
  let size = 0;
  let cut = false;
  stream.on('data', (chunk: Buffer) => {
    if (cut) return;
    const room = FIELD_BYTES - size;
    if (chunk.length > room) cut = true;
    const kept = chunk.subarray(0, room);
    chunks.push(kept);
    size += kept.length;
  });
  stream.on('end', () => done(() => fieldText(name, Buffer.concat(chunks, size), cut)));
};

const unreadable = (error: unknown, fallback: string): UnreadableForm =>
  error instanceof UnreadableForm
    ? error
    : new UnreadableForm(error instanceof Error && error.message !== '' ? error.message : fallback);

/**
 * Reads an import upload from a `multipart/form-data` request as it arrives: the `import_file` part is
 * split into lines with backpressure (the request is read no faster than lines are stored), other files
 * are skipped, and `external_ref` is taken wherever it comes in the form. Every text field, used or not,
 * must be UTF-8 without U+0000: the first that is not fails the lines with `UnreadableField`, before
 * the file's first line when it comes first, after its last otherwise.
 *
 * A body that stops short (the client went away, the connection broke, or the form ends inside a part)
 * fails the lines with `UnreadableForm`: busboy alone would leave the file stream open for ever when the
 * request is cut off, and the reader waiting on it would hold its line buffer with it.
 */
export const readImportForm = (
  req: IncomingMessage,
  limits: { readonly maxFileBytes: number; readonly maxLineBytes: number },
): ImportUpload => {
  let form: ReturnType<typeof Busboy>;
  try {
    // Every part is read as bytes (a "file" to busboy), so that text fields can be checked as sent.
    form = Busboy({
      headers: req.headers as { 'content-type': string },
      isPartAFile: () => true,
      limits: { fileSize: limits.maxFileBytes, files: MAX_PARTS },
    });
  } catch (error) {
    throw new UnreadableForm(error instanceof Error ? error.message : 'the body is not a multipart form');
  }
  let externalRef: string | undefined;
  let refused: UnreadableField | undefined;
  const takeField = (name: string) => (read: () => string) => {
    try {
      const text = read();
      if (name === EXTERNAL_REF_FIELD) externalRef = text;
    } catch (error) {
      if (!(error instanceof UnreadableField)) throw error;
      refused ??= error;
    }
  };
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
    form.on('file', (name: string, stream: Readable, filename: string | undefined) => {
      // A skipped part's stream fails with the form; its error is the form's, reported once.
      stream.on('error', () => undefined);
      if (name !== IMPORT_FILE_FIELD && filename === undefined) return readField(name, stream, takeField(name));
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
    if (refused !== undefined) throw refused;
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
    if (refused !== undefined) throw refused;
  }
  return { lines: lines(), externalRef: () => externalRef };
};
