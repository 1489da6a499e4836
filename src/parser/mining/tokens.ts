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
  const lt = { at: -1 };
  let i = 0;
  while (i < n) {
    while (i < n && isSpace(text.charCodeAt(i))) i++;
    if (i >= n) break;
    let end = i;
    while (end < n && !isSpace(text.charCodeAt(end))) end++;
    splitWord(text, i, end, tokens, glue, lt);
    i = end;
  }
  return { tokens, glue };
}

/**
 * `lt.at`: the position of the first `<` at or after the last place asked for (text.length when
 * there is none), or -1 before the first question. Positions asked for only grow, so the text is
 * searched once in all: asking anew at every `:` made a long word of `key:` pairs quadratic.
 */
interface NextLt {
  at: number;
}

function splitWord(text: string, start: number, end: number, tokens: string[], glue: boolean[], lt: NextLt): void {
  let glued = false;
  while (start < end - 1 && isOpener(text.charCodeAt(start))) {
    tokens.push(text[start++]!);
    glue.push(glued);
    glued = true;
  }
  let tail = end;
  while (tail > start + 1 && isCloser(text.charCodeAt(tail - 1))) tail--;
  // Inside the word: punctuation that glues parts together splits it, so a variable part differs in
  // one sub-token only (`index:0` → `index:` `0`, `a|b` → `a` `|` `b`, `cpu.....0` → `cpu` `.....` `0`,
  // `Class::method` → `Class` `::` `method`).
  let from = start;
  for (let k = start; k < tail; k++) {
    const c = text.charCodeAt(k);
    if (isSeparator(c)) {
      if (k > from) (tokens.push(text.slice(from, k)), glue.push(glued), (glued = true));
      tokens.push(text[k]!);
      glue.push(glued);
      glued = true;
      from = k + 1;
    } else if (c === 58 /* : */ && k + 1 < tail && text.charCodeAt(k + 1) === 58) {
      // `::` (a scope, `Class::method`) separates two words; it is not a key's colon.
      let r = k + 2;
      while (r < tail && text.charCodeAt(r) === 58) r++;
      if (k > from) (tokens.push(text.slice(from, k)), glue.push(glued), (glued = true));
      tokens.push(text.slice(k, r));
      glue.push(glued);
      glued = true;
      from = r;
      k = r - 1;
    } else if (
      (c === 61 /* = */ || (c === 58 /* : */ && !hasPlaceholderStart(text, k + 1, tail, lt))) &&
      k > from &&
      k < tail - 1
    ) {
      // `key=value`, `key:value`: the key keeps its sign (`uid=`), the value is a token of its own.
      tokens.push(text.slice(from, k + 1));
      glue.push(glued);
      glued = true;
      from = k + 1;
    } else if (c === 46 /* . */ && k + 1 < tail && text.charCodeAt(k + 1) === 46) {
      let r = k + 2;
      while (r < tail && text.charCodeAt(r) === 46) r++;
      if (k > from) (tokens.push(text.slice(from, k)), glue.push(glued), (glued = true));
      tokens.push(text.slice(k, r));
      glue.push(glued);
      glued = true;
      from = r;
      k = r - 1;
    }
  }
  if (tail > from) {
    tokens.push(from === 0 && tail === text.length ? text : text.slice(from, tail));
    glue.push(glued);
  }
  for (let k = tail; k < end; k++) {
    tokens.push(text[k]!);
    glue.push(true);
  }
}

/** Punctuation that splits a word wherever it stands: `, ; |`. */
function isSeparator(c: number): boolean {
  return c === 44 || c === 59 || c === 124;
}

/** True when text[from, to) holds a `<` (a placeholder: `host:<NUM>` stays one variable token). */
function hasPlaceholderStart(text: string, from: number, to: number, lt: NextLt): boolean {
  if (lt.at < from) {
    const i = text.indexOf('<', from);
    lt.at = i === -1 ? text.length : i;
  }
  return lt.at < to;
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
