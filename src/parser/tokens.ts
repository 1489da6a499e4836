/**
 * Tokens for template mining. A masked content is split on whitespace, then punctuation that glues
 * variables to words is split off, so `uid=0` mines as `uid=` + `0` and `[preauth]` as `[` `preauth`
 * `]`: a variable then differs in one token only, and templates keep their constant wording
 * (`uid=<*>`, not `<*>`). `glue[i]` records that token i followed token i-1 without a space, so the
 * template text is rebuilt with the line's own spacing (runs of spaces become one).
 */

export interface Tokens {
  tokens: string[];
  /** `glue[i]`: token i is written right after token i-1 (no space). */
  glue: boolean[];
}

/** `[ ( { " '` open a word; `] ) } " ' , ; :` close it. */
function isOpener(c: number): boolean {
  return c === 91 || c === 40 || c === 123 || c === 34 || c === 39;
}

function isCloser(c: number): boolean {
  return c === 93 || c === 41 || c === 125 || c === 34 || c === 39 || c === 44 || c === 59 || c === 58;
}

/** Pure: splits masked content into tokens (see the file comment). */
export function tokenize(text: string): Tokens {
  const tokens: string[] = [];
  const glue: boolean[] = [];
  const n = text.length;
  let i = 0;
  while (i < n) {
    while (i < n && isSpace(text.charCodeAt(i))) i++;
    if (i >= n) break;
    let end = i;
    while (end < n && !isSpace(text.charCodeAt(end))) end++;
    splitWord(text, i, end, tokens, glue);
    i = end;
  }
  return { tokens, glue };
}

function splitWord(text: string, start: number, end: number, tokens: string[], glue: boolean[]): void {
  let glued = false;
  while (start < end - 1 && isOpener(text.charCodeAt(start))) {
    tokens.push(text[start++]!);
    glue.push(glued);
    glued = true;
  }
  let tail = end;
  while (tail > start + 1 && isCloser(text.charCodeAt(tail - 1))) tail--;
  let eq = start + 1;
  while (eq < tail - 1 && text.charCodeAt(eq) !== 61 /* = */) eq++;
  if (eq < tail - 1) {
    tokens.push(text.slice(start, eq + 1), text.slice(eq + 1, tail));
    glue.push(glued, true);
  } else {
    tokens.push(start === 0 && tail === text.length ? text : text.slice(start, tail));
    glue.push(glued);
  }
  for (let k = tail; k < end; k++) {
    tokens.push(text[k]!);
    glue.push(true);
  }
}

function isSpace(c: number): boolean {
  return c === 32 || c === 9 || c === 10 || c === 13 || c === 12 || c === 11;
}

/** Pure: the template text of `tokens` joined with single spaces except where `glue` says otherwise. */
export function joinTokens(tokens: readonly string[], glue: readonly boolean[]): string {
  let out = '';
  for (let i = 0; i < tokens.length; i++) {
    if (i > 0 && !glue[i]) out += ' ';
    out += tokens[i];
  }
  return out;
}

/** Pure: true for a token made only of punctuation (no letter, digit, `_` or placeholder). */
export function isPunctuation(token: string): boolean {
  for (let i = 0; i < token.length; i++) {
    const c = token.charCodeAt(i);
    if ((c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || c === 95 || c > 127) return false;
  }
  return true;
}

/** Pure: true when the token contains an ASCII digit. */
export function hasDigit(token: string): boolean {
  for (let i = 0; i < token.length; i++) {
    const c = token.charCodeAt(i);
    if (c >= 48 && c <= 57) return true;
  }
  return false;
}
