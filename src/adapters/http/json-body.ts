import { jsonDepth, jsonTooDeep, MAX_JSON_DEPTH } from '../../domain/shared/json-depth.js';

/** A JSON body the service will not take, and why. */
export class UnreadableJson extends Error {
  constructor(readonly detail: string) {
    super(detail);
    this.name = 'UnreadableJson';
  }
}

// Whitespace as RFC 8259 defines it, then the opening of an object or an array.
const OPENS_DOCUMENT = /^[ \t\n\r]*[[{]/;

/**
 * Reads a JSON request body as the service takes it: an object or an array (an empty body is an empty
 * object), nesting at most `MAX_JSON_DEPTH` levels, with no `__proto__` member (a document that would
 * replace an object's prototype once merged somewhere). The depth is counted on the text before it is
 * parsed, so a hostile document costs a scan of its first levels, not a parse of all of them.
 */
export const readJsonBody = (text: string): unknown => {
  if (text === '') return {};
  if (!OPENS_DOCUMENT.test(text))
    throw new UnreadableJson('the request body is not valid JSON: it must be an object or an array');
  if (jsonDepth(text, MAX_JSON_DEPTH) > MAX_JSON_DEPTH)
    throw new UnreadableJson(`the request body is not accepted: ${jsonTooDeep(MAX_JSON_DEPTH)}`);
  try {
    return JSON.parse(text, (key, value: unknown) => {
      if (key === '__proto__')
        throw new UnreadableJson('the request body is not accepted: it has a "__proto__" member');
      return value;
    });
  } catch (error) {
    if (error instanceof UnreadableJson) throw error;
    throw new UnreadableJson('the request body is not valid JSON');
  }
};
