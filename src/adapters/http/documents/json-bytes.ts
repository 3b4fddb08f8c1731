/**
 * A JSON document written as UTF-8 bytes, piece by piece: its text as it comes, and its immutable parts (an
 * offering version's own resource, its plans and products) as bytes encoded the first time and kept beside
 * the object. Most of a list page's bytes are such parts; a page holding any non-Latin-1 character would
 * otherwise be one two-byte string, transcoded whole on every send.
 */
const bytes = new WeakMap<object, Buffer>();

const bytesOf = (document: object): Buffer => {
  const cached = bytes.get(document);
  if (cached !== undefined) return cached;
  const encoded = Buffer.from(JSON.stringify(document));
  bytes.set(document, encoded);
  return encoded;
};

export class JsonBytes {
  private readonly texts: string[] = [];
  private readonly documents: Buffer[] = [];
  private pending = '';

  /** JSON text as it is, e.g. `{"data":[` or `,`. */
  text(json: string): this {
    this.pending += json;
    return this;
  }

  /** The JSON of `value`. */
  value(value: unknown): this {
    this.pending += JSON.stringify(value);
    return this;
  }

  /** The JSON of `document`, which must never change: its bytes are written once and copied after. */
  document(document: object): this {
    this.texts.push(this.pending);
    this.documents.push(bytesOf(document));
    this.pending = '';
    return this;
  }

  /** What was written, as UTF-8: only the text between documents is encoded, documents' bytes are copied. */
  toBuffer(): Buffer {
    let length = Buffer.byteLength(this.pending);
    for (let i = 0; i < this.texts.length; i++) length += Buffer.byteLength(this.texts[i]!) + this.documents[i]!.length;
    const out = Buffer.allocUnsafe(length);
    let at = 0;
    for (let i = 0; i < this.texts.length; i++) {
      at += out.write(this.texts[i]!, at);
      at += this.documents[i]!.copy(out, at);
    }
    out.write(this.pending, at);
    return out;
  }
}
