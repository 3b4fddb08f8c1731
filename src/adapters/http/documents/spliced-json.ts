import { randomBytes } from 'node:crypto';

/**
 * JSON with immutable parts serialised once. A document that never changes (an offering version's own
 * resource, its plans and products) is written to JSON the first time and its bytes kept beside the
 * object; a response puts a placeholder where it goes and splices the bytes in after one
 * `JSON.stringify` of the rest. The placeholder holds U+0000, which no stored text can contain (the
 * domain refuses it), and a random nonce of this process, so no value can forge one.
 */
const NONCE = randomBytes(9).toString('base64url');
const PLACEHOLDER = new RegExp(`"\\\\u0000${NONCE}:(\\d+)\\\\u0000"`, 'g');

// Each fragment's JSON as UTF-8, encoded once: most of a page's bytes are fragments, and a page holding
// any non-Latin-1 character is a two-byte string that would otherwise be transcoded whole on every send.
const bytes = new WeakMap<object, Buffer>();

const bytesOf = (document: object): Buffer => {
  const cached = bytes.get(document);
  if (cached !== undefined) return cached;
  const encoded = Buffer.from(JSON.stringify(document));
  bytes.set(document, encoded);
  return encoded;
};

/** Collects the fragments of one response and writes it. */
export class SplicedJson {
  private readonly fragments: object[] = [];

  /** Stands in for `document` (which must never change) wherever a value goes. */
  fragment(document: object): string {
    this.fragments.push(document);
    return `\u0000${NONCE}:${this.fragments.length - 1}\u0000`;
  }

  /**
   * The JSON of `value` with every fragment in its place, as UTF-8 bytes: only the text between fragments
   * is encoded, the fragments' bytes are copied.
   */
  toBuffer(value: unknown): Buffer {
    const json = JSON.stringify(value);
    const gaps: string[] = [];
    const fragments: Buffer[] = [];
    let from = 0;
    let length = 0;
    for (const match of json.matchAll(PLACEHOLDER)) {
      const gap = json.slice(from, match.index);
      const fragment = bytesOf(this.fragments[Number(match[1])]!);
      gaps.push(gap);
      fragments.push(fragment);
      length += Buffer.byteLength(gap) + fragment.length;
      from = match.index + match[0].length;
    }
    const tail = json.slice(from);
    const out = Buffer.allocUnsafe(length + Buffer.byteLength(tail));
    let at = 0;
    for (let i = 0; i < gaps.length; i++) {
      at += out.write(gaps[i]!, at);
      at += fragments[i]!.copy(out, at);
    }
    out.write(tail, at);
    return out;
  }
}
