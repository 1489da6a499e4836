/**
 * Parameters: the text of an event's content under each wildcard or mask placeholder of its template.
 * The template is cut into literal parts and placeholders; the content's first line (the text that was
 * mined) is matched part by part — constant text literally, each space in the template standing for a
 * run of whitespace, each placeholder taking as little text as it can (the last one takes the rest) —
 * with plain string scans. No regular expression is built from a template: its text comes from the
 * log, and a regex read back from a long template can overflow the engine's stack or backtrack for a
 * long time. A content that does not fit its template gets no parameters rather than wrong ones.
 */

/** A literal part of a template: its words (runs of non-space), and whether it starts or ends with a space. */
interface Literal {
  words: string[];
  /** True when the literal begins with whitespace (so at least one whitespace character must be there). */
  lead: boolean;
  /** True when it ends with whitespace. */
  trail: boolean;
}

/** A template cut at its placeholders: `literals.length === placeholders + 1`. */
interface Compiled {
  literals: Literal[];
}

const MAX_CACHED = 10_000;

export class ParamExtractor {
  private readonly cache = new Map<string, Compiled | null>();
  private readonly placeholders: string[];

  /** `placeholders`: every placeholder text (`<*>`, `<IP>`, …) that stands for a parameter. */
  constructor(placeholders: Iterable<string>) {
    // Longest first, so `<IPV6>` is not read as `<IP>` followed by text.
    this.placeholders = [...new Set(placeholders)].filter((p) => p !== '').sort((a, b) => b.length - a.length);
  }

  /** Pure apart from the cache: the parameters of `content` under `template` ([] if it does not fit). */
  extract(template: string, content: string): string[] {
    let compiled = this.cache.get(template);
    if (compiled === undefined) {
      compiled = this.compile(template);
      // Provisional templates of a long stream could otherwise pile up.
      if (this.cache.size >= MAX_CACHED) this.cache.clear();
      this.cache.set(template, compiled);
    }
    if (compiled === null) return [];
    const nl = content.indexOf('\n');
    return matchTemplate(compiled.literals, nl === -1 ? content : content.slice(0, nl)) ?? [];
  }

  private compile(template: string): Compiled | null {
    const literals: Literal[] = [];
    let from = 0;
    let at = 0;
    while (at < template.length) {
      const open = template.indexOf('<', at);
      if (open === -1) break;
      const p = this.placeholders.find((ph) => template.startsWith(ph, open));
      if (p === undefined) {
        at = open + 1;
        continue;
      }
      literals.push(literal(template.slice(from, open)));
      from = at = open + p.length;
    }
    if (literals.length === 0) return null;
    literals.push(literal(template.slice(from)));
    return { literals };
  }
}

function literal(text: string): Literal {
  const words = text.split(/\s+/).filter((w) => w !== '');
  return {
    words,
    lead: text.length > 0 && isSpace(text.charCodeAt(0)),
    trail: text.length > 0 && isSpace(text.charCodeAt(text.length - 1)),
  };
}

function isSpace(c: number): boolean {
  return c === 32 || c === 9 || c === 10 || c === 13 || c === 12 || c === 11 || c === 0xa0;
}

function skipSpaces(line: string, i: number): number {
  while (i < line.length && isSpace(line.charCodeAt(i))) i++;
  return i;
}

/**
 * The end of `lit` matched exactly at `i` in `line` (its leading whitespace, words with whitespace
 * between them, its trailing whitespace), or -1.
 */
function matchAt(lit: Literal, line: string, i: number): number {
  let at = i;
  if (lit.lead) {
    const s = skipSpaces(line, at);
    if (s === at) return -1;
    at = s;
  }
  for (let k = 0; k < lit.words.length; k++) {
    if (k > 0) {
      const s = skipSpaces(line, at);
      if (s === at) return -1;
      at = s;
    }
    const w = lit.words[k]!;
    if (!line.startsWith(w, at)) return -1;
    at += w.length;
  }
  if (lit.trail && lit.words.length > 0) {
    const s = skipSpaces(line, at);
    if (s === at) return -1;
    at = s;
  }
  return at;
}

/**
 * The earliest position at or after `from` where `lit` matches (start and end), or null. A literal
 * that is only whitespace matches the first whitespace run; an empty one matches at once.
 */
function findFrom(lit: Literal, line: string, from: number): { start: number; end: number } | null {
  if (lit.words.length === 0) {
    if (!lit.lead) return { start: from, end: from };
    for (let i = from; i < line.length; i++) {
      if (isSpace(line.charCodeAt(i))) return { start: i, end: skipSpaces(line, i) };
    }
    return null;
  }
  const first = lit.words[0]!;
  for (let w = line.indexOf(first, from); w !== -1; w = line.indexOf(first, w + 1)) {
    let start = w;
    if (lit.lead) {
      // The whitespace before the word must start at or after `from`, and there must be some.
      if (w === 0 || !isSpace(line.charCodeAt(w - 1))) continue;
      start = w - 1;
      while (start > from && isSpace(line.charCodeAt(start - 1))) start--;
      if (start < from) continue;
    }
    const end = matchAt({ words: lit.words, lead: false, trail: lit.trail }, line, w);
    if (end !== -1) return { start, end };
  }
  return null;
}

/**
 * Pure: the parameters of `line` under a template cut into `literals` (one more than there are
 * placeholders), or null when the line does not fit. The first literal is anchored at the start
 * (after leading whitespace), the last at the end (before trailing whitespace); each literal between
 * them is taken at its earliest place, so each placeholder takes as little as it can.
 */
export function matchTemplate(literals: readonly Literal[], line: string): string[] | null {
  let end = line.length;
  while (end > 0 && isSpace(line.charCodeAt(end - 1))) end--;
  const text = line.slice(0, end);
  const n = literals.length;
  let at = matchAt(literals[0]!, text, skipSpaces(text, 0));
  if (at === -1) {
    // A template that starts with a placeholder: its leading whitespace belongs to the line.
    if (literals[0]!.words.length > 0 || literals[0]!.lead) return null;
    at = skipSpaces(text, 0);
  }
  const params: string[] = [];
  for (let k = 1; k < n - 1; k++) {
    const hit = findFrom(literals[k]!, text, at);
    if (hit === null) return null;
    params.push(text.slice(at, hit.start));
    at = hit.end;
  }
  // The last literal ends the line: find where it must start.
  const last = literals[n - 1]!;
  const start = lastStart(last, text, at);
  if (start === -1) return null;
  params.push(text.slice(at, start));
  return params;
}

/** The start (at or after `from`) of `lit` ending exactly at the end of `text`, preferring the earliest; or -1. */
function lastStart(lit: Literal, text: string, from: number): number {
  if (lit.words.length === 0) {
    if (!lit.lead) return text.length;
    // Trailing whitespace was trimmed: a literal that is only whitespace cannot fit at the end.
    return -1;
  }
  // Walk the words backwards from the end: the match is fixed apart from whitespace runs.
  let at = text.length;
  for (let k = lit.words.length - 1; k >= 0; k--) {
    const w = lit.words[k]!;
    if (at - w.length < from || !text.startsWith(w, at - w.length)) return -1;
    at -= w.length;
    if (k > 0 || lit.lead) {
      let s = at;
      while (s > from && isSpace(text.charCodeAt(s - 1))) s--;
      if (s === at) return -1;
      at = s;
    }
  }
  return at;
}

/** Pure: `text` with every regular-expression metacharacter escaped. */
export function escapeRegex(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
}
