/**
 * Regular expressions of JavaScript formulas (`/\d+/g`), run on RE2 (the `re2js` port: pure
 * JavaScript, no code generation), which matches in time linear in the text whatever the pattern.
 * JavaScript's own engine backtracks, so one formula could otherwise hold a run for minutes.
 *
 * A pattern is compiled once, when the formula is loaded; what RE2 cannot express (backreferences,
 * lookahead, the `y` and `d` flags) is refused there with the construct and its offset in the
 * pattern. A compiled pattern is an immutable `JsRegex`: it never holds `lastIndex`, so `.test()`
 * of a `g` pattern always searches from the start. It is not a value of the expression language: the
 * translator places patterns only where a method takes one.
 *
 * Every operation charges one step per `charsPerStep` characters of text it searches and one per
 * match it reports, so the step budget bounds it; texts it builds stay under `maxStringLength`.
 * The engine owns this module: the log parser has its own (`src/parser/regex`).
 */
import { RE2JS } from 're2js';
import { charge, checkedText, fail, scan, type EvalState } from './state';

/** A compiled pattern: its source, its flags and the RE2 program. Immutable. */
export class JsRegex {
  constructor(
    readonly source: string,
    readonly flags: string,
    readonly global: boolean,
    readonly re: RE2JS,
  ) {
    Object.freeze(this);
  }
}

/** Why a pattern is refused: the construct, its 0-based offset in the pattern, and a sentence. */
export interface RegexRefusal {
  construct: string;
  offset: number;
  message: string;
}

/** Pure. The pattern compiled for RE2, or why it cannot be. */
export function compileRegex(
  source: string,
  flags: string,
): { ok: true; regex: JsRegex } | ({ ok: false } & RegexRefusal) {
  for (const f of flags) {
    if (!'gimsu'.includes(f)) {
      return {
        ok: false,
        construct: `regular expression flag "${f}"`,
        offset: -1,
        message: `the regular expression flag "${f}" is not supported in a formula (use any of g, i, m, s, u)`,
      };
    }
  }
  const unsupported = unsupportedConstruct(source);
  if (unsupported !== null) return { ok: false, ...unsupported };
  try {
    let f = 0;
    if (flags.includes('i')) f |= RE2JS.CASE_INSENSITIVE;
    if (flags.includes('m')) f |= RE2JS.MULTILINE;
    if (flags.includes('s')) f |= RE2JS.DOTALL;
    const re = RE2JS.compile(RE2JS.translateRegExp(source), f);
    return { ok: true, regex: new JsRegex(source, flags, flags.includes('g'), re) };
  } catch (err) {
    const message = err instanceof Error ? err.message : String(err);
    return {
      ok: false,
      construct: 'regular expression',
      offset: 0,
      message: `RE2, which matches in linear time, cannot run this regular expression: ${message.replace(/^error parsing regexp: /, '')}`,
    };
  }
}

/** Pure. The first construct RE2 has no linear-time form for (backreference, lookahead, lookbehind), or null. */
function unsupportedConstruct(source: string): RegexRefusal | null {
  let inClass = false;
  for (let i = 0; i < source.length; i++) {
    const c = source[i]!;
    if (c === '\\') {
      const next = source[i + 1] ?? '';
      if (!inClass && (/[1-9]/.test(next) || (next === 'k' && source[i + 2] === '<'))) {
        return {
          construct: 'regular expression backreference',
          offset: i,
          message: 'a backreference in a regular expression has no linear-time form (RE2 has none)',
        };
      }
      i++;
    } else if (inClass) {
      if (c === ']') inClass = false;
    } else if (c === '[') {
      // As in JavaScript (and as re2js translates them), `[]` matches nothing and `[^]` any
      // character: a `]` right after `[` or `[^` closes the class, it is not its first member.
      inClass = true;
      if (source[i + 1] === '^') i++;
    } else if (c === '(' && source[i + 1] === '?') {
      const kind = source[i + 2] === '<' ? source[i + 3] : source[i + 2];
      const behind = source[i + 2] === '<';
      if (kind === '=' || kind === '!') {
        const name = behind ? 'lookbehind' : 'lookahead';
        return {
          construct: `regular expression ${name}`,
          offset: i,
          message: `a ${name} in a regular expression has no linear-time form (RE2 has none)`,
        };
      }
    }
  }
  return null;
}

/** One match: where it starts and ends, and its groups (null for a group that did not take part). */
interface Found {
  start: number;
  end: number;
  groups: (string | null)[];
}

/**
 * Not pure (charges steps). Every match of `pattern` in `text` from the start (at most one unless
 * `all`); a text pattern matches itself literally, as `replace('a', …)` reads it.
 */
function findAll(pattern: JsRegex | string, text: string, all: boolean, st: EvalState): Found[] {
  scan(st, text.length);
  const out: Found[] = [];
  if (typeof pattern === 'string') {
    let at = text.indexOf(pattern);
    while (at >= 0) {
      charge(st, 1);
      out.push({ start: at, end: at + pattern.length, groups: [pattern] });
      if (!all) break;
      const from = at + Math.max(pattern.length, 1);
      at = from > text.length ? -1 : text.indexOf(pattern, from);
    }
    return out;
  }
  const m = pattern.re.matcher(text);
  const count = m.groupCount();
  while (m.find()) {
    charge(st, 1 + count);
    const groups: (string | null)[] = [];
    for (let g = 0; g <= count; g++) groups.push(m.group(g) ?? null);
    out.push({ start: m.start(), end: m.end(), groups });
    if (!all) break;
  }
  return out;
}

/** Not pure (charges steps). `re.test(text)`: whether it matches anywhere (never stateful). */
export function regexTest(re: JsRegex, text: string, st: EvalState): boolean {
  scan(st, text.length);
  charge(st, 1);
  return re.re.test(text);
}

/**
 * Not pure (charges steps). `text.match(re)`: without `g`, `[whole, group1, …]` of the first match
 * (a group that did not take part is null), with `g` every whole match; null when none.
 */
export function regexMatch(re: JsRegex, text: string, st: EvalState): string[] | (string | null)[] | null {
  const found = findAll(re, text, re.global, st);
  if (found.length === 0) return null;
  return re.global ? found.map((f) => f.groups[0] ?? '') : found[0]!.groups;
}

/** Not pure (charges steps). `text.matchAll(re)` as an array of `[whole, group1, …]`; `re` must have `g`. */
export function regexMatchAll(re: JsRegex, text: string, st: EvalState): (string | null)[][] {
  if (!re.global) fail('.matchAll() needs a regular expression with the g flag');
  return findAll(re, text, true, st).map((f) => f.groups);
}

/** Not pure (charges steps). `text.search(re)`: where the first match starts, or -1. */
export function regexSearch(re: JsRegex, text: string, st: EvalState): number {
  const found = findAll(re, text, false, st);
  return found.length === 0 ? -1 : found[0]!.start;
}

/**
 * Not pure (charges steps). `text.replace(re, replacement)` (every match with `g` or `all`, else the
 * first), reading `$&`, `$1`…`$99`, `` $` ``, `$'` and `$$` in the replacement as JavaScript does.
 */
export function regexReplace(
  re: JsRegex | string,
  text: string,
  replacement: string | ((groups: readonly (string | null)[], index: number) => string),
  all: boolean,
  st: EvalState,
): string {
  const found = findAll(re, text, all || (typeof re !== 'string' && re.global), st);
  let out = '';
  let at = 0;
  for (const f of found) {
    const piece = typeof replacement === 'string' ? expand(replacement, f, text) : replacement(f.groups, f.start);
    out += text.slice(at, f.start) + piece;
    checkedText(out);
    at = f.end;
  }
  out += text.slice(at);
  scan(st, out.length);
  return checkedText(out);
}

/** Pure. A replacement text with its `$` patterns filled from match `f` of `text`. */
function expand(replacement: string, f: Found, text: string): string {
  if (!replacement.includes('$')) return replacement;
  return replacement.replace(/\$(\$|&|`|'|\d{1,2})/g, (whole, what: string) => {
    if (what === '$') return '$';
    if (what === '&') return f.groups[0] ?? '';
    if (what === '`') return text.slice(0, f.start);
    if (what === "'") return text.slice(f.end);
    let n = Number(what);
    if (n >= f.groups.length && what.length === 2) {
      // `$12` with one group is `$1` then "2", as JavaScript reads it.
      n = Number(what[0]);
      if (n === 0 || n >= f.groups.length) return whole;
      return (f.groups[n] ?? '') + what[1];
    }
    if (n === 0 || n >= f.groups.length) return whole;
    return f.groups[n] ?? '';
  });
}

/** Not pure (charges steps). `text.split(re, limit?)`: the pieces between matches, groups included as JavaScript does. */
export function regexSplit(re: JsRegex, text: string, limit: number, st: EvalState): (string | null)[] {
  if (limit === 0) return [];
  if (text === '') return regexTest(re, '', st) ? [] : [''];
  const out: (string | null)[] = [];
  let at = 0;
  for (const f of findAll(re, text, true, st)) {
    // An empty match at the start or the end, or right after the previous piece, splits nothing.
    if (f.end === f.start && (f.start === 0 || f.start >= text.length || f.start === at)) continue;
    out.push(text.slice(at, f.start), ...f.groups.slice(1));
    at = f.end;
    if (out.length >= limit) return out.slice(0, limit);
  }
  out.push(text.slice(at));
  charge(st, out.length);
  return out.slice(0, limit);
}
