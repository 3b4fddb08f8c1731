/**
 * How deep a JSON document may nest arrays and objects. Deeper documents are refused before they are
 * parsed: the parser and everything that walks a parsed value afterwards (hashing, stringifying,
 * validation) recurse once per level, and no document of this API nests a tenth as deep.
 */
export const MAX_JSON_DEPTH = 64;

const OPEN_OBJECT = 0x7b; // {
const OPEN_ARRAY = 0x5b; // [
const CLOSE_OBJECT = 0x7d; // }
const CLOSE_ARRAY = 0x5d; // ]
const QUOTE = 0x22; // "
const BACKSLASH = 0x5c; // \

/**
 * The deepest nesting of `text` read as JSON, counted in one pass without parsing, stopping as soon as it
 * passes `limit` (so a hostile document costs no more than its first `limit` levels). Brackets inside
 * strings are not counted; the text need not be valid JSON (the parser says so afterwards).
 */
export const jsonDepth = (text: string, limit: number = MAX_JSON_DEPTH): number => {
  let depth = 0;
  let deepest = 0;
  let inString = false;
  for (let i = 0; i < text.length; i += 1) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === BACKSLASH) i += 1;
      else if (c === QUOTE) inString = false;
      continue;
    }
    if (c === QUOTE) inString = true;
    else if (c === OPEN_OBJECT || c === OPEN_ARRAY) {
      depth += 1;
      if (depth > deepest) {
        deepest = depth;
        if (deepest > limit) return deepest;
      }
    } else if (c === CLOSE_OBJECT || c === CLOSE_ARRAY) depth = Math.max(0, depth - 1);
  }
  return deepest;
};

/** True when `text` nests no deeper than `limit`. */
export const withinJsonDepth = (text: string, limit: number = MAX_JSON_DEPTH): boolean =>
  jsonDepth(text, limit) <= limit;

/** The message every refusal of a too-deep document carries, so that clients see one wording. */
export const jsonTooDeep = (limit: number = MAX_JSON_DEPTH): string => `the JSON nests deeper than ${limit} levels`;
