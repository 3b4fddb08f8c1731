import { isUtf8 } from 'node:buffer';
import { expect } from 'chai';
import fc from 'fast-check';
import { jsonlLines } from '../../../src/adapters/http/jsonl-lines.js';
import type { UploadedLine } from '../../../src/application/use-cases/imports/upload-import.js';

const MAX_LINE_BYTES = 32;

async function* chunked(bytes: Buffer, cuts: readonly number[]): AsyncGenerator<Uint8Array> {
  let start = 0;
  for (const cut of [...cuts].sort((a, b) => a - b)) {
    if (cut <= start || cut >= bytes.length) continue;
    yield bytes.subarray(start, cut);
    start = cut;
  }
  yield bytes.subarray(start);
}

const read = async (bytes: Buffer, cuts: readonly number[] = []): Promise<UploadedLine[]> => {
  const lines: UploadedLine[] = [];
  for await (const line of jsonlLines(chunked(bytes, cuts), MAX_LINE_BYTES)) lines.push(line);
  return lines;
};

describe('jsonlLines', () => {
  it('hands over a line that is not UTF-8 as such, with its number, and the lines around it as text', async () => {
    const bytes = Buffer.concat([
      Buffer.from('{"a":1}\n'),
      Buffer.from([0x7b, 0xc3, 0x28, 0x7d, 0x0a]),
      Buffer.from('\n{"a":"é"}\r\n'),
    ]);
    expect(await read(bytes, [9])).to.deep.equal([
      { lineNumber: 1, text: '{"a":1}' },
      { lineNumber: 2, notUtf8: true },
      { lineNumber: 4, text: '{"a":"é"}' },
    ]);
  });

  it('reads a character whose bytes arrive in two chunks', async () => {
    const bytes = Buffer.from('"𝄞"\n');
    expect(await read(bytes, [2])).to.deep.equal([{ lineNumber: 1, text: '"𝄞"' }]);
  });

  it('hands over every line by its number: too long, not UTF-8, or its exact text; blank lines are counted and skipped', async () => {
    const byteLine = fc
      .uint8Array({ maxLength: 2 * MAX_LINE_BYTES })
      .map((b) => Buffer.from(b.filter((x) => x !== 0x0a)));
    const textLine = fc.string({ unit: 'grapheme', maxLength: 12 }).map((s) => Buffer.from(s.replaceAll('\n', '')));
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.oneof(byteLine, textLine), { maxLength: 12 }),
        fc.array(fc.nat(600), { maxLength: 6 }),
        async (lines, cuts) => {
          const bytes = Buffer.concat(lines.flatMap((line) => [line, Buffer.from('\n')]));
          const expected = lines.flatMap((line, i): UploadedLine[] => {
            const lineNumber = i + 1;
            const body = line.at(-1) === 0x0d ? line.subarray(0, -1) : line;
            if (body.length > MAX_LINE_BYTES) return [{ lineNumber, overlong: true }];
            if (!isUtf8(body)) return [{ lineNumber, notUtf8: true }];
            const text = body.toString('utf8').replace(lineNumber === 1 ? /^\ufeff/ : /^$/, '');
            return text.trim() === '' ? [] : [{ lineNumber, text }];
          });
          expect(await read(bytes, cuts)).to.deep.equal(expected);
        },
      ),
    );
  });
});
