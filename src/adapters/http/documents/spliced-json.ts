import { randomBytes } from 'node:crypto';

/**
 * JSON with immutable parts serialised once. A document that never changes (an offering version's own
 * resource, its plans and products) is written to JSON the first time and its text kept beside the
 * object; a response puts a placeholder where it goes and splices the text in after one
 * `JSON.stringify` of the rest. The placeholder holds U+0000, which no stored text can contain (the
 * domain refuses it), and a random nonce of this process, so no value can forge one.
 */
const NONCE = randomBytes(9).toString('base64url');
const PLACEHOLDER = new RegExp(`"\\\\u0000${NONCE}:(\\d+)\\\\u0000"`, 'g');

const texts = new WeakMap<object, string>();

const textOf = (document: object): string => {
  const known = texts.get(document);
  if (known !== undefined) return known;
  const text = JSON.stringify(document);
  texts.set(document, text);
  return text;
};

/** Collects the fragments of one response and writes it. */
export class SplicedJson {
  private readonly fragments: object[] = [];

  /** Stands in for `document` (which must never change) wherever a value goes. */
  fragment(document: object): string {
    this.fragments.push(document);
    return `\u0000${NONCE}:${this.fragments.length - 1}\u0000`;
  }

  stringify(value: unknown): string {
    return JSON.stringify(value).replace(PLACEHOLDER, (_, index: string) => textOf(this.fragments[Number(index)]!));
  }
}
