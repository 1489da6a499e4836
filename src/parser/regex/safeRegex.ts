/**
 * Regular expressions that run in time linear in the text, for every pattern a user writes (custom
 * masks, a regex format, a format string's literal parts, event rules, the continuation pattern).
 *
 * JavaScript's own engine backtracks: `(a|a)*$`, `\d+\d+$` or `(\w|\d)+$` on a long line that almost
 * matches run for minutes and hold the worker. User patterns therefore run on RE2 (the `re2js` port,
 * pure JavaScript, no code generation), which matches in time linear in the text whatever the pattern.
 * The project's own patterns (default masks, the built-in presets' formats and masks, the default
 * continuation rule) are trusted and stay on the native engine, which is about 30 times faster.
 * A user's mask without lookbehind finds its matches with `progSearch` (the same program RE2
 * compiled, searched faster, still in linear time), or on a short text with its native twin when it
 * has one (nativeTwin.ts: same meaning, no backtracking); format strings have their own matcher
 * (formatMatcher.ts).
 *
 * RE2 has no backreferences (`\1`, `\k<name>`) and no lookahead (`(?=`, `(?!`): a user pattern holding
 * one is refused with the construct and its position. Lookbehind without captures (`(?<!\d)`) is kept
 * (RE2JS runs it in linear time). Differences from the native engine on what a pattern matches: `\s`
 * is ASCII whitespace only, `.` also matches a lone CR, U+2028 and U+2029 (never `\n` without `s`),
 * and repeat counts are at most 1000 (docs/parser.md).
 */
import { RE2JS } from 're2js';
import { nativeTwin, NATIVE_TWIN_TEXT } from './nativeTwin';
import { progSearch, type ProgSearch } from './progSearch';

/** One match: where it starts, the text it matched and its named groups (undefined when a group did not take part). */
export interface SafeMatch {
  index: number;
  text: string;
  groups: Readonly<Record<string, string | undefined>>;
}

/** The few operations the parser runs on a pattern. Pure: no state is kept between calls. */
export interface SafeRegex {
  readonly source: string;
  /** True when the pattern runs on RE2 (linear time), false for a trusted native pattern. */
  readonly linear: boolean;
  /** Named groups in the order they open. */
  readonly groupNames: readonly string[];
  /** Whether the pattern matches anywhere in `text`. */
  test(text: string): boolean;
  /** The first match in `text`, or null. */
  exec(text: string): SafeMatch | null;
  /** `text` with every match replaced by `replacement` (taken literally, no `$` patterns). */
  replaceAll(text: string, replacement: string): string;
  /** Whether the whole of the empty string matches (a mask must not). */
  matchesEmpty(): boolean;
}

/**
 * Why a pattern cannot be compiled: a sentence without the pattern itself (the caller names it);
 * `syntax`: not a valid regular expression at all, rather than one RE2 cannot run.
 */
export type RegexProblem = { ok: false; reason: string; syntax: boolean };
export type RegexResult = { ok: true; value: SafeRegex } | RegexProblem;

const EMPTY_GROUPS: Readonly<Record<string, string | undefined>> = Object.freeze({});

/** Flags a user may give: i, m, s, u (u changes nothing on RE2, which always reads code points). */
export const USER_FLAGS = /^[imsu]*$/;

/**
 * Pure: a trusted pattern on the native engine (only for the project's own patterns). `flags` must
 * not hold `g` or `y`; matching never depends on `lastIndex`.
 */
export function trustedRegex(source: string, flags = ''): RegexResult {
  let once: RegExp;
  let all: RegExp;
  try {
    once = new RegExp(source, flags);
    all = new RegExp(source, `g${flags}`);
  } catch (err) {
    return { ok: false, reason: nativeErrorReason(err), syntax: true };
  }
  const groupNames = Object.keys(new RegExp(`(?:${source})|`, flags).exec('')?.groups ?? {});
  const whole = new RegExp(`^(?:${source})$`, flags);
  // The replacement as `String.prototype.replace` reads it (`$` doubled), kept for the next call.
  let lastReplacement = '';
  let escaped = '';
  return {
    ok: true,
    value: {
      source,
      linear: false,
      groupNames,
      test: (text) => once.test(text),
      exec(text) {
        const m = once.exec(text);
        return m === null ? null : { index: m.index, text: m[0], groups: m.groups ?? EMPTY_GROUPS };
      },
      replaceAll(text, replacement) {
        if (replacement !== lastReplacement) {
          lastReplacement = replacement;
          escaped = replacement.replace(/\$/g, '$$$$');
        }
        return text.replace(all, escaped);
      },
      matchesEmpty: () => whole.test(''),
    },
  };
}

/**
 * Pure: a user's pattern on RE2, or why it cannot be: a construct RE2 does not have (named with its
 * position) or a syntax error.
 */
export function userRegex(source: string, flags = ''): RegexResult {
  if (!USER_FLAGS.test(flags))
    return { ok: false, reason: `flags "${flags}" are not allowed; use any of i, m, s, u`, syntax: true };
  // Native syntax first: a pattern the browser's engine refuses is refused with its usual reason.
  try {
    new RegExp(source, flags);
  } catch (err) {
    return { ok: false, reason: nativeErrorReason(err), syntax: true };
  }
  const unsupported = unsupportedConstruct(source);
  if (unsupported !== null) return { ok: false, reason: unsupported, syntax: false };
  let re: RE2JS;
  let whole: RE2JS;
  try {
    const translated = RE2JS.translateRegExp(source);
    let f = RE2JS.LOOKBEHINDS;
    if (flags.includes('i')) f |= RE2JS.CASE_INSENSITIVE;
    if (flags.includes('m')) f |= RE2JS.MULTILINE;
    if (flags.includes('s')) f |= RE2JS.DOTALL;
    re = RE2JS.compile(translated, f);
    whole = RE2JS.compile(`^(?:${translated})$`, f & ~RE2JS.MULTILINE);
  } catch (err) {
    const message = err instanceof Error ? err.message : String(err);
    return {
      ok: false,
      reason: `RE2, which matches in linear time, cannot run it: ${message.replace(/^error parsing regexp: /, '')}`,
      syntax: false,
    };
  }
  // Built on the first replacement only: event rules and the continuation pattern never need it.
  let search: ProgSearch | null | undefined;
  let twin: RegExp | null | undefined;
  let lastReplacement = '';
  let escaped = '';
  const named = re.namedGroups();
  const groupNames = Object.keys(named).sort((a, b) => named[a]! - named[b]!);
  return {
    ok: true,
    value: {
      source,
      linear: true,
      groupNames,
      test: (text) => re.test(text),
      exec(text) {
        const m = re.exec(text) as (string[] & { index: number; groups?: Record<string, string> }) | null;
        if (m === null) return null;
        return { index: m.index, text: m[0]!, groups: m.groups ?? EMPTY_GROUPS };
      },
      replaceAll(text, replacement) {
        if (twin === undefined) twin = nativeTwin(source, flags, re);
        if (twin !== null && text.length <= NATIVE_TWIN_TEXT) {
          if (replacement !== lastReplacement) {
            lastReplacement = replacement;
            escaped = replacement.replace(/\$/g, '$$$$');
          }
          return text.replace(twin, escaped);
        }
        if (search === undefined) search = progSearch(re);
        if (search !== null && text.length <= search.maxLength) {
          let span = search.find(text, 0);
          if (span === null) return text;
          let out = '';
          let at = 0;
          while (span !== null) {
            out += text.slice(at, span[0]) + replacement;
            at = span[1];
            // After an empty match the next search starts one character on, as RE2's `find` does.
            const from: number = span[0] === span[1] ? at + charWidth(text, at) : at;
            span = from > text.length ? null : search.find(text, from);
          }
          return out + text.slice(at);
        }
        // Match-only first (RE2's DFA where the pattern has no lookbehind): most lines hold no match.
        if (!re.test(text)) return text;
        // Then only where each match starts and ends: asking for no group spares RE2 a second pass
        // per match to place the groups, and the JavaScript-style match arrays.
        const m = re.matcher(text);
        let out = '';
        let at = 0;
        while (m.find()) {
          out += text.slice(at, m.start()) + replacement;
          at = m.end();
        }
        return out + text.slice(at);
      },
      matchesEmpty: () => whole.test(''),
    },
  };
}

/** 2 at a surrogate pair, 1 at any other character, 1 past the end. */
function charWidth(text: string, at: number): number {
  const c = text.charCodeAt(at);
  if (c >= 0xd800 && c <= 0xdbff && at + 1 < text.length) {
    const d = text.charCodeAt(at + 1);
    if (d >= 0xdc00 && d <= 0xdfff) return 2;
  }
  return 1;
}

/**
 * Pure: the first construct of `source` RE2 has no linear-time form for — a backreference or a
 * lookahead — as a sentence naming it and its character position, or null.
 */
export function unsupportedConstruct(source: string): string | null {
  let inClass = false;
  for (let i = 0; i < source.length; i++) {
    const c = source[i]!;
    if (c === '\\') {
      const next = source[i + 1] ?? '';
      if (!inClass && /[1-9]/.test(next))
        return `the backreference "\\${next}" at character ${i + 1} has no linear-time form (RE2 has no backreferences); match the text again instead`;
      if (!inClass && next === 'k' && source[i + 2] === '<')
        return `the named backreference "${source.slice(i, source.indexOf('>', i) + 1 || i + 3)}" at character ${i + 1} has no linear-time form (RE2 has no backreferences)`;
      i++;
    } else if (inClass) {
      if (c === ']') inClass = false;
    } else if (c === '[') {
      inClass = true;
      if (source[i + 1] === '^') i++;
      if (source[i + 1] === ']') i++;
    } else if (c === '(' && source[i + 1] === '?' && (source[i + 2] === '=' || source[i + 2] === '!')) {
      return `the lookahead "(?${source[i + 2]}" at character ${i + 1} has no linear-time form (RE2 has no lookahead); match the text after it instead, or drop it`;
    }
  }
  return null;
}

/** Pure: the reason in a native RegExp SyntaxError, without the engine's echo of the pattern. */
export function nativeErrorReason(err: unknown): string {
  const message = err instanceof Error ? err.message : String(err);
  return message
    .replace(/^Invalid regular expression: \/.*\/[a-z]*: /s, '')
    .replace(/^Invalid regular expression: /, '');
}
