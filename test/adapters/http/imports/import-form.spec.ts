import { isUtf8 } from 'node:buffer';
import type { IncomingMessage } from 'node:http';
import { PassThrough } from 'node:stream';
import { expect } from 'chai';
import fc from 'fast-check';
import { readImportForm, UnreadableField, UnreadableForm } from '../../../../src/adapters/http/import-form.js';

const BOUNDARY = 'b';

/** A request as the server hands it over: headers, a body stream, and whether the body arrived in full. */
const request = (): PassThrough & { headers: IncomingMessage['headers']; complete: boolean } =>
  Object.assign(new PassThrough(), {
    headers: { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
    complete: false,
  });

const filePart = `--${BOUNDARY}\r\nContent-Disposition: form-data; name="import_file"; filename="a.jsonl"\r\n\r\n{"a":1}\n{"a":2}\n`;

const drain = async (lines: AsyncIterable<unknown>): Promise<unknown[]> => {
  const read: unknown[] = [];
  for await (const line of lines) read.push(line);
  return read;
};

describe('Import form reader', () => {
  it('fails the lines with UnreadableForm when the request stream errors mid-file (a reset connection)', async () => {
    const req = request();
    const upload = readImportForm(req as unknown as IncomingMessage, { maxFileBytes: 1024, maxLineBytes: 64 });
    req.write(filePart);
    const iterator = upload.lines[Symbol.asyncIterator]();
    expect((await iterator.next()).value).to.deep.equal({ lineNumber: 1, text: '{"a":1}' });
    req.destroy(Object.assign(new Error('read ECONNRESET'), { code: 'ECONNRESET' }));
    const rest = drain({ [Symbol.asyncIterator]: () => iterator });
    const error = await rest.then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(error).to.be.instanceOf(UnreadableForm);
    expect((error as Error).message).to.match(/ECONNRESET/);
  });

  it('fails the lines with UnreadableForm when the request closes before its body was received', async () => {
    const req = request();
    const upload = readImportForm(req as unknown as IncomingMessage, { maxFileBytes: 1024, maxLineBytes: 64 });
    req.write(filePart);
    const iterator = upload.lines[Symbol.asyncIterator]();
    await iterator.next();
    req.emit('aborted');
    const error = await drain({ [Symbol.asyncIterator]: () => iterator }).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(error).to.be.instanceOf(UnreadableForm);
  });

  it('fails with UnreadableForm when the request errors before the file part began', async () => {
    const req = request();
    const upload = readImportForm(req as unknown as IncomingMessage, { maxFileBytes: 1024, maxLineBytes: 64 });
    req.write(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="external_ref"\r\n\r\nref`);
    req.destroy(new Error('read ECONNRESET'));
    const error = await drain(upload.lines).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(error).to.be.instanceOf(UnreadableForm);
  });

  it('hands over a text field that is UTF-8 without U+0000 as sent, and fails the upload with any other, naming the field, wherever it comes in the form', async () => {
    const value = fc
      .oneof(
        fc.uint8Array({ maxLength: 12 }).map((b) => Buffer.from(b)),
        fc.string({ unit: 'grapheme', maxLength: 8 }).map((s) => Buffer.from(s)),
      )
      // A value holding the delimiter would end its part there.
      .filter((b) => !b.includes(`\r\n--${BOUNDARY}`));
    await fc.assert(
      fc.asyncProperty(fc.constantFrom('external_ref', 'note'), value, fc.boolean(), async (name, bytes, first) => {
        const field = Buffer.concat([
          Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n`),
          bytes,
          Buffer.from('\r\n'),
        ]);
        const file = Buffer.from(`${filePart}\r\n`);
        const req = request();
        const upload = readImportForm(req as unknown as IncomingMessage, { maxFileBytes: 1024, maxLineBytes: 64 });
        req.complete = true;
        req.end(Buffer.concat([...(first ? [field, file] : [file, field]), Buffer.from(`--${BOUNDARY}--\r\n`)]));
        const outcome = await drain(upload.lines).then(
          (lines) => ({ lines }),
          (error: unknown) => ({ error }),
        );
        const text = bytes.toString('utf8');
        if (isUtf8(bytes) && !text.includes('\u0000')) {
          expect(outcome).to.deep.equal({
            lines: [
              { lineNumber: 1, text: '{"a":1}' },
              { lineNumber: 2, text: '{"a":2}' },
            ],
          });
          expect(upload.externalRef()).to.equal(name === 'external_ref' ? text : undefined);
        } else {
          expect(outcome).to.have.property('error').that.is.instanceOf(UnreadableField).and.has.property('field', name);
        }
      }),
    );
  });
});
