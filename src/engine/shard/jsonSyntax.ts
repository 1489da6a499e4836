/**
 * Whether a text is one JSON value (RFC 8259), without building it: the merge of shard files checks
 * every event it copies into the merged ledger, and `JSON.parse` would build an object for each
 * only to drop it — several times the time of this scan, which allocates nothing. One pass, no
 * recursion (an explicit stack of the open arrays and objects), so a hostile line cannot exhaust
 * the call stack however deep it nests. A text without a backslash or a raw control character (a
 * ledger line nearly always) has no escapes to check inside its strings, so each string is
 * skipped to its closing quote by `indexOf`; any other text is read a character at a time.
 */

/** Levels of arrays and objects the scan follows: far beyond a ledger line's (its token data nests at most 256). */
export const MAX_SCAN_DEPTH = 4096;

const OPEN_OBJECT = 1;
const OPEN_ARRAY = 2;
const stack = new Uint8Array(MAX_SCAN_DEPTH + 1);
/** A backslash or a raw control character: a text without one has plain strings. */
// eslint-disable-next-line no-control-regex
const ESCAPE_OR_CONTROL = /[\u0000-\u001f\\]/;

// What comes next.
const VALUE = 0;
const VALUE_OR_CLOSE = 1; // just after `[`
const AFTER_VALUE = 2;
const KEY_OR_CLOSE = 3; // just after `{`
const KEY = 4; // after `,` in an object

/**
 * Pure: -1 when `text` is exactly one JSON value (whitespace around it and between tokens allowed),
 * else the offset of the first character that is not where JSON allows it (`text.length` when the
 * text ends too soon).
 */
export function jsonSyntaxErrorAt(text: string): number {
  const n = text.length;
  // Strings hold no escape and no raw control character: each ends at the next quote.
  const plain = !ESCAPE_OR_CONTROL.test(text);
  let i = 0;
  let depth = 0;
  let state = VALUE;
  while (i < n) {
    let c = text.charCodeAt(i);
    if (c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09) {
      i++;
      continue;
    }
    if (state === AFTER_VALUE) {
      const open = stack[depth];
      if (c === 0x2c) {
        i++;
        state = open === OPEN_OBJECT ? KEY : VALUE;
        continue;
      }
      if (c !== (open === OPEN_OBJECT ? 0x7d : 0x5d)) return i;
      depth--;
      i++;
    } else if ((state === VALUE_OR_CLOSE && c === 0x5d) || (state === KEY_OR_CLOSE && c === 0x7d)) {
      depth--;
      i++;
    } else if (state === KEY || state === KEY_OR_CLOSE) {
      if (c !== 0x22) return i;
      i = plain ? plainStringEnd(text, i) : stringEnd(text, i);
      if (i < 0) return -i - 1;
      while (i < n && ((c = text.charCodeAt(i)) === 0x20 || c === 0x0a || c === 0x0d || c === 0x09)) i++;
      if (i >= n || text.charCodeAt(i) !== 0x3a) return i;
      i++;
      state = VALUE;
      continue;
    } else if (c === 0x22) {
      // A value (VALUE, or VALUE_OR_CLOSE but not `]`).
      i = plain ? plainStringEnd(text, i) : stringEnd(text, i);
      if (i < 0) return -i - 1;
    } else if (c === 0x7b || c === 0x5b) {
      if (depth === MAX_SCAN_DEPTH) return i;
      stack[++depth] = c === 0x7b ? OPEN_OBJECT : OPEN_ARRAY;
      i++;
      state = c === 0x7b ? KEY_OR_CLOSE : VALUE_OR_CLOSE;
      continue;
    } else if (c === 0x2d || (c >= 0x30 && c <= 0x39)) {
      // -?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?
      if (c === 0x2d) c = ++i < n ? text.charCodeAt(i) : 0;
      if (c === 0x30) i++;
      else if (c >= 0x31 && c <= 0x39) i = digitsEnd(text, i + 1);
      else return i;
      if (i < n && text.charCodeAt(i) === 0x2e) {
        const from = ++i;
        i = digitsEnd(text, i);
        if (i === from) return i;
      }
      if (i < n && ((c = text.charCodeAt(i)) === 0x65 || c === 0x45)) {
        i++;
        if (i < n && ((c = text.charCodeAt(i)) === 0x2b || c === 0x2d)) i++;
        const from = i;
        i = digitsEnd(text, i);
        if (i === from) return i;
      }
    } else if (c === 0x74 && text.startsWith('true', i)) i += 4;
    else if (c === 0x66 && text.startsWith('false', i)) i += 5;
    else if (c === 0x6e && text.startsWith('null', i)) i += 4;
    else return i;
    // A value ended (a scalar, or a closing bracket).
    if (depth === 0) {
      while (i < n && ((c = text.charCodeAt(i)) === 0x20 || c === 0x0a || c === 0x0d || c === 0x09)) i++;
      return i === n ? -1 : i;
    }
    state = AFTER_VALUE;
  }
  return n;
}

/** Pure: the offset after the string whose opening quote is at `q`, in a text without escapes or control characters; −n − 1 when never closed. */
function plainStringEnd(text: string, q: number): number {
  const close = text.indexOf('"', q + 1);
  return close < 0 ? -text.length - 1 : close + 1;
}

/** Pure: the offset after the digits from `i`. */
function digitsEnd(text: string, i: number): number {
  const n = text.length;
  while (i < n) {
    const c = text.charCodeAt(i);
    if (c < 0x30 || c > 0x39) break;
    i++;
  }
  return i;
}

/**
 * Pure: the offset after the string whose opening quote is at `q`, or −(offset of the fault) − 1
 * for a raw control character, a bad escape or a string never closed.
 */
function stringEnd(text: string, q: number): number {
  const n = text.length;
  let i = q + 1;
  while (i < n) {
    const c = text.charCodeAt(i++);
    if (c === 0x22) return i;
    if (c === 0x5c) {
      if (i >= n) break;
      const e = text.charCodeAt(i++);
      if (e === 0x75) {
        for (let k = 0; k < 4; k++) {
          if (i >= n) return -n - 1;
          const h = text.charCodeAt(i++) | 0x20;
          if (!((h >= 0x30 && h <= 0x39) || (h >= 0x61 && h <= 0x66))) return -i;
        }
      } else if (
        e !== 0x22 &&
        e !== 0x5c &&
        e !== 0x2f &&
        e !== 0x62 &&
        e !== 0x66 &&
        e !== 0x6e &&
        e !== 0x72 &&
        e !== 0x74
      )
        return -i;
    } else if (c < 0x20) return -i;
  }
  return -n - 1;
}
