/**
 * Turns source text into tokens: numbers, strings, names and punctuators, ending with an `end`
 * token. Syntax errors are thrown as `ParseFailure` with the offending offset; `parseExpression`
 * turns them into values.
 */
import { ParseFailure } from './state';

export const PUNCTUATORS = [
  '(',
  ')',
  '[',
  ']',
  '{',
  '}',
  ',',
  '.',
  '?',
  ':',
  '+',
  '-',
  '*',
  '/',
  '%',
  '!',
  '<',
  '<=',
  '>',
  '>=',
  '==',
  '!=',
  '===',
  '!==',
  '&&',
  '||',
] as const;
export type Punctuator = (typeof PUNCTUATORS)[number];

export type Token =
  | { kind: 'number'; value: number; start: number; end: number }
  | { kind: 'string'; value: string; start: number; end: number }
  | { kind: 'name'; value: string; start: number; end: number }
  | { kind: 'punct'; value: Punctuator; start: number; end: number }
  | { kind: 'end'; start: number; end: number };

/** Longest first, so `===` wins over `==` and `<=` over `<`. */
const BY_LENGTH: readonly Punctuator[] = [...PUNCTUATORS].sort((a, b) => b.length - a.length);

/** Hints for characters that are operators in other languages but not here. */
const HINTS: Readonly<Record<string, string>> = {
  '=': ' (use "==" to compare)',
  '&': ' (did you mean "&&"?)',
  '|': ' (did you mean "||"?)',
};

const SIMPLE_ESCAPES: Readonly<Record<string, string>> = {
  n: '\n',
  r: '\r',
  t: '\t',
  b: '\b',
  f: '\f',
  v: '\v',
  '0': '\0',
  "'": "'",
  '"': '"',
  '\\': '\\',
  '/': '/',
};

const isDigit = (c: number): boolean => c >= 48 && c <= 57;
const isNameStart = (c: number): boolean => (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || c === 95 || c === 36;
const isNamePart = (c: number): boolean => isNameStart(c) || isDigit(c);
const isSpace = (c: number): boolean =>
  c === 32 || (c >= 9 && c <= 13) || c === 0xa0 || c === 0xfeff || c === 0x2028 || c === 0x2029;

/** Pure. `text` in double quotes for a message; JSON-escaped only if it holds a control character or a quote. */
export function quote(text: string): string {
  return /^[^\u0000-\u001f"\u007f]*$/.test(text) ? `"${text}"` : JSON.stringify(text);
}

/** Pure. The character at `i` (a whole code point) quoted for a message. */
function quoteChar(source: string, i: number): string {
  return quote(String.fromCodePoint(source.codePointAt(i) ?? 0));
}

/** Pure, but throws `ParseFailure` on a lexical error. The tokens of `source`, ending with `end`. */
export function tokenize(source: string): Token[] {
  const tokens: Token[] = [];
  let i = 0;
  while (i < source.length) {
    const c = source.charCodeAt(i);
    if (isSpace(c)) {
      i++;
    } else if (isDigit(c) || (c === 46 && isDigit(source.charCodeAt(i + 1)))) {
      i = readNumber(source, i, tokens);
    } else if (isNameStart(c)) {
      const start = i;
      while (i < source.length && isNamePart(source.charCodeAt(i))) i++;
      tokens.push({ kind: 'name', value: source.slice(start, i), start, end: i });
    } else if (c === 34 || c === 39) {
      i = readString(source, i, tokens);
    } else {
      const p = BY_LENGTH.find((q) => source.startsWith(q, i));
      if (p === undefined) {
        throw new ParseFailure(`unexpected ${quoteChar(source, i)} at ${i}${HINTS[source[i] ?? ''] ?? ''}`, i);
      }
      tokens.push({ kind: 'punct', value: p, start: i, end: i + p.length });
      i += p.length;
    }
  }
  tokens.push({ kind: 'end', start: source.length, end: source.length });
  return tokens;
}

/** Reads `12`, `1.5`, `.5`, `1e-3`; a name glued to it (`3px`) makes the whole an invalid number. */
function readNumber(source: string, start: number, tokens: Token[]): number {
  let i = start;
  while (isDigit(source.charCodeAt(i))) i++;
  if (source.charCodeAt(i) === 46 && isDigit(source.charCodeAt(i + 1))) {
    i++;
    while (isDigit(source.charCodeAt(i))) i++;
  }
  let valid = true;
  const e = source.charCodeAt(i);
  if (e === 101 || e === 69) {
    i++;
    const sign = source.charCodeAt(i);
    if (sign === 43 || sign === 45) i++;
    valid = isDigit(source.charCodeAt(i));
    while (isDigit(source.charCodeAt(i))) i++;
  }
  if (!valid || isNamePart(source.charCodeAt(i))) {
    while (isNamePart(source.charCodeAt(i))) i++;
    throw new ParseFailure(`invalid number ${quote(source.slice(start, i))} at ${start}`, start);
  }
  tokens.push({ kind: 'number', value: Number(source.slice(start, i)), start, end: i });
  return i;
}

/** Reads a '…' or "…" string with JavaScript's escapes; returns the offset after the closing quote. */
function readString(source: string, start: number, tokens: Token[]): number {
  const closing = source.charCodeAt(start);
  const chunks: string[] = [];
  let i = start + 1;
  let chunkStart = i;
  for (;;) {
    if (i >= source.length) throw new ParseFailure(`unterminated string starting at ${start}`, start);
    const c = source.charCodeAt(i);
    if (c === closing) break;
    if (c !== 92) {
      i++;
      continue;
    }
    chunks.push(source.slice(chunkStart, i));
    const [text, next] = readEscape(source, i);
    chunks.push(text);
    i = next;
    chunkStart = i;
  }
  chunks.push(source.slice(chunkStart, i));
  tokens.push({ kind: 'string', value: chunks.join(''), start, end: i + 1 });
  return i + 1;
}

/** The text of the escape sequence at `at` (a backslash) and the offset after it. */
function readEscape(source: string, at: number): [string, number] {
  const letter = source[at + 1] ?? '';
  const simple = SIMPLE_ESCAPES[letter];
  if (simple !== undefined && Object.hasOwn(SIMPLE_ESCAPES, letter)) return [simple, at + 2];
  let hex: string | undefined;
  let next = at + 2;
  if (letter === 'x') {
    hex = source.slice(at + 2, at + 4);
    next = at + 4;
    if (!/^[0-9a-fA-F]{2}$/.test(hex)) hex = undefined;
  } else if (letter === 'u' && source[at + 2] === '{') {
    const close = source.indexOf('}', at + 3);
    hex = close < 0 ? undefined : source.slice(at + 3, close);
    next = close + 1;
    if (hex !== undefined && !/^[0-9a-fA-F]{1,6}$/.test(hex)) hex = undefined;
  } else if (letter === 'u') {
    hex = source.slice(at + 2, at + 6);
    next = at + 6;
    if (!/^[0-9a-fA-F]{4}$/.test(hex)) hex = undefined;
  }
  const code = hex === undefined ? -1 : parseInt(hex, 16);
  if (code < 0 || code > 0x10ffff) {
    const shown = letter === '' ? '\\' : `\\${String.fromCodePoint(source.codePointAt(at + 1) ?? 0)}`;
    throw new ParseFailure(`invalid escape ${quote(shown)} at ${at}`, at);
  }
  return [String.fromCodePoint(code), next];
}
