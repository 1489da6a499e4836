/**
 * The nesting bound of JSON input (templates, events, exported runs, request bodies): a document
 * nested deeper than `MAX_JSON_DEPTH` levels of arrays and objects is refused before it is parsed,
 * so no recursive walk over it (schema checks, copies, canonical JSON) can exhaust the stack.
 */

/** Levels of arrays and objects a JSON input may nest (the document itself is level 1). */
export const MAX_JSON_DEPTH = 256;

/**
 * Pure: null when `text` nests at most `limit` levels, else the offset (UTF-16 units) of the
 * bracket that passes it. One linear scan that skips strings; the text need not be valid JSON (a
 * syntax error is the parser's to report).
 */
export function jsonTooDeepAt(text: string, limit = MAX_JSON_DEPTH): number | null {
  let depth = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 0x22) {
      // A string: skip to its closing quote, over escapes.
      for (i++; i < text.length; i++) {
        const d = text.charCodeAt(i);
        if (d === 0x5c) i++;
        else if (d === 0x22) break;
      }
    } else if (c === 0x5b || c === 0x7b) {
      if (++depth > limit) return i;
    } else if (c === 0x5d || c === 0x7d) depth--;
  }
  return null;
}

/** Pure: the message for a text nested too deeply. */
export function tooDeepJsonMessage(limit = MAX_JSON_DEPTH): string {
  return `JSON nested more than ${limit} levels deep (arrays and objects); the limit is ${limit}`;
}
