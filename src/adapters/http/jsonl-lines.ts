import { isUtf8 } from 'node:buffer';
import type { UploadedLine } from '../../application/use-cases/imports/upload-import.js';

const NEWLINE = 0x0a;
const CARRIAGE_RETURN = 0x0d;
const BOM = '\ufeff';

const isBlank = (text: string): boolean => text.trim() === '';

/**
 * Splits a byte stream into lines as it arrives, holding one line at a time. A line longer than
 * `maxLineBytes` is dropped as it streams and handed over as overlong, so one huge line costs no more
 * memory than the limit. A line that is not UTF-8 is handed over as such rather than decoded with
 * replacement characters, which would change its values without a word. Blank lines are skipped but
 * counted, so line numbers are an editor's.
 */
export async function* jsonlLines(
  chunks: AsyncIterable<Uint8Array>,
  maxLineBytes: number,
): AsyncGenerator<UploadedLine> {
  let parts: Buffer[] = [];
  let size = 0;
  let overlong = false;
  let lineNumber = 0;
  const take = (): UploadedLine | undefined => {
    lineNumber += 1;
    const line = Buffer.concat(parts, size);
    const wasOverlong = overlong;
    parts = [];
    size = 0;
    overlong = false;
    const end = line.length > 0 && line[line.length - 1] === CARRIAGE_RETURN ? line.length - 1 : line.length;
    if (wasOverlong || end > maxLineBytes) return { lineNumber, overlong: true };
    if (!isUtf8(line.subarray(0, end))) return { lineNumber, notUtf8: true };
    let text = line.toString('utf8', 0, end);
    if (lineNumber === 1 && text.startsWith(BOM)) text = text.slice(1);
    return isBlank(text) ? undefined : { lineNumber, text };
  };
  for await (const chunk of chunks) {
    const bytes = Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
    let start = 0;
    while (start <= bytes.length) {
      const newline = bytes.indexOf(NEWLINE, start);
      const end = newline === -1 ? bytes.length : newline;
      if (!overlong && end > start) {
        // One byte of slack for the carriage return of a CRLF line.
        if (size + (end - start) > maxLineBytes + 1) {
          overlong = true;
          parts = [];
          size = 0;
        } else {
          parts.push(Buffer.from(bytes.subarray(start, end)));
          size += end - start;
        }
      }
      if (newline === -1) break;
      const line = take();
      if (line !== undefined) yield line;
      start = newline + 1;
    }
  }
  if (size > 0 || overlong) {
    const line = take();
    if (line !== undefined) yield line;
  }
}
