/**
 * Structured line formats: JSON lines and logfmt. Every key becomes a header field (values as text:
 * strings as they are, other JSON values in JSON); the first present message key is the content.
 * A line that is not a JSON object, or has no `key=value` pair, does not match.
 *
 * A JSON line nested more than `MAX_JSON_DEPTH` levels does not match either (it is unparsed with
 * the reason): a field's value is written back as JSON text, and writing a value nested 10,000 deep
 * overflows the engine's stack. The depth is counted by one scan before parsing.
 */
import type { HeaderMatch } from './lineReader';

/** Levels of arrays and objects a JSON line may nest, as for every JSON document Flowledger reads. */
export const MAX_JSON_DEPTH = 256;

/** Pure: reads one JSON-lines record; null when the line is not a JSON object or nests too deeply. */
export function readJsonLine(line: string, messageKeys: readonly string[]): HeaderMatch | null {
  let i = 0;
  while (i < line.length && isJsonSpace(line.charCodeAt(i))) i++;
  if (line.charCodeAt(i) !== 123 /* { */) return null;
  if (jsonDepth(line, i) > MAX_JSON_DEPTH) return null;
  let value: unknown;
  try {
    value = JSON.parse(line);
  } catch {
    return null;
  }
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return null;
  const record = value as Record<string, unknown>;
  return split(Object.keys(record), (k) => text(record[k]), messageKeys);
}

/** Pure: why `readJsonLine` refused an object line because of a bound, or null. */
export function jsonLineRefusal(line: string): string | null {
  const start = line.indexOf('{');
  if (start === -1) return null;
  const depth = jsonDepth(line, start);
  return depth > MAX_JSON_DEPTH
    ? `the JSON is nested more than ${MAX_JSON_DEPTH} levels deep (at least ${depth}); it is not read`
    : null;
}

/**
 * Pure: the deepest nesting of arrays and objects in `text` from `from` on, strings skipped (their
 * brackets do not count). Iterative, one pass; malformed text gives a number JSON.parse then refuses.
 */
export function jsonDepth(text: string, from = 0): number {
  let depth = 0;
  let deepest = 0;
  for (let i = from; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 34 /* " */) {
      for (i++; i < text.length; i++) {
        const d = text.charCodeAt(i);
        if (d === 92 /* \ */) i++;
        else if (d === 34) break;
      }
    } else if (c === 123 || c === 91) {
      if (++depth > deepest) deepest = depth;
    } else if (c === 125 || c === 93) depth--;
  }
  return deepest;
}

/** Pure: reads one logfmt line (`a=1 b="two words" flag`); null when it has no `key=value` pair. */
export function readLogfmtLine(line: string, messageKeys: readonly string[]): HeaderMatch | null {
  const keys: string[] = [];
  const vals = new Map<string, string>();
  let pairs = 0;
  let i = 0;
  const n = line.length;
  while (i < n) {
    while (i < n && isSpace(line.charCodeAt(i))) i++;
    if (i >= n) break;
    const keyStart = i;
    while (i < n && !isSpace(line.charCodeAt(i)) && line.charCodeAt(i) !== 61 /* = */ && line.charCodeAt(i) !== 34) i++;
    const key = line.slice(keyStart, i);
    if (key === '') {
      // A stray `=` or quote: not logfmt here; skip the token.
      while (i < n && !isSpace(line.charCodeAt(i))) i++;
      continue;
    }
    let val = 'true';
    if (line.charCodeAt(i) === 61) {
      i++;
      pairs++;
      if (line.charCodeAt(i) === 34) {
        const r = readQuoted(line, i + 1);
        val = r.value;
        i = r.end;
      } else {
        const start = i;
        while (i < n && !isSpace(line.charCodeAt(i))) i++;
        val = line.slice(start, i);
      }
    } else if (i < n && !isSpace(line.charCodeAt(i))) {
      while (i < n && !isSpace(line.charCodeAt(i))) i++;
    }
    if (!vals.has(key)) keys.push(key);
    vals.set(key, val);
  }
  if (pairs === 0) return null;
  return split(keys, (k) => vals.get(k)!, messageKeys);
}

function readQuoted(line: string, from: number): { value: string; end: number } {
  let out = '';
  let i = from;
  while (i < line.length) {
    const c = line[i]!;
    if (c === '"') return { value: out, end: i + 1 };
    if (c === '\\' && i + 1 < line.length) {
      const e = line[i + 1]!;
      out += e === 'n' ? '\n' : e === 't' ? '\t' : e;
      i += 2;
      continue;
    }
    out += c;
    i++;
  }
  return { value: out, end: i };
}

function split(keys: string[], get: (k: string) => string, messageKeys: readonly string[]): HeaderMatch {
  const messageKey = messageKeys.find((k) => keys.includes(k));
  const names: string[] = [];
  const values: string[] = [];
  for (const k of keys) {
    if (k === messageKey) continue;
    names.push(k);
    values.push(get(k));
  }
  return { names, values, content: messageKey === undefined ? '' : get(messageKey) };
}

function text(v: unknown): string {
  if (typeof v === 'string') return v;
  if (v === null || v === undefined) return '';
  return typeof v === 'object' ? JSON.stringify(v) : String(v);
}

function isSpace(c: number): boolean {
  return c === 32 || c === 9;
}

/** JSON's whitespace that a line can hold (space, tab, CR; a line never holds LF). */
function isJsonSpace(c: number): boolean {
  return c === 32 || c === 9 || c === 13;
}
