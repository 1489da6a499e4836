/**
 * A native twin of a user's mask: the same pattern on the browser's engine, about five times faster
 * than searching RE2's program, for the patterns where that engine cannot backtrack far and reads
 * the text the way RE2 does. Most masks people write are of this kind (`blk_-?\d+`,
 * `(\d+\.){3}\d+(:\d+)?`; not `([\w-]+\.){2,}[\w-]+`, whose `[\w-]` both repeats and begins the tail).
 *
 * Two checks, both on what RE2 itself compiled or on a small whitelist of syntax:
 * - Same meaning: the pattern uses only literal characters, `\d \w \b` (and their capitals), `\s`
 *   (written out as RE2's ASCII `[\t\n\f\r ]`), classes of those, groups, alternation, anchors and
 *   counted or open repeats, with no flag; the twin runs with `u`, so it reads code points as RE2
 *   does. Anything else (`.`, lookaround, flags, `\S` inside a class) has no twin.
 * - No backtracking: at every split of RE2's program (an alternation or a repeat) the characters the
 *   two branches can begin with are disjoint, and at most one of them can end the match at once. The
 *   engine then takes at most one branch that goes on at each character, so a try from one position
 *   reads each character once, and the leftmost-first match is the same as RE2's.
 *
 * Tries from successive positions may read the same characters again, so the twin only takes texts
 * of up to `NATIVE_TWIN_TEXT` characters: at most that many tries of that many steps — a bound per
 * line, as for the presets' format strings on the native engine (format.ts). Longer texts go to the
 * linear search. Pure.
 */
import type { RE2JS } from 're2js';
import {
  ALT,
  ALT_MATCH,
  entryInstructions,
  MATCH,
  RUNE,
  RUNE1,
  RUNE_ANY,
  RUNE_ANY_NOT_NL,
  type ProgInst,
} from './re2Program';

/** The longest text a twin takes (longer ones are searched in linear time on RE2's program). */
export const NATIVE_TWIN_TEXT = 256;

const MAX_RUNE = 0x10ffff;

/** Characters that must be escaped outside a class with `u`; other punctuation is written `\u{…}`. */
const SYNTAX = '^$\\.*+?()[]{}|/';

function hex(c: string): string {
  return `\\u{${c.codePointAt(0)!.toString(16)}}`;
}

/** Pure: `source` written for the native engine with `u`, meaning what it means to RE2; or null. */
export function twinSource(source: string): string | null {
  let out = '';
  for (let i = 0; i < source.length; i++) {
    const c = source[i]!;
    if (c === '\\') {
      const n = source[++i];
      if (n === undefined) return null;
      if ('dDwWbB'.includes(n)) out += `\\${n}`;
      else if (n === 's') out += '[\\t\\n\\f\\r ]';
      else if (n === 'S') out += '[^\\t\\n\\f\\r ]';
      else if ('ntrfv'.includes(n)) out += `\\${n}`;
      else if (/[!-/:-@[-`{-~]/.test(n)) out += hex(n);
      else return null;
    } else if (c === '[') {
      const end = classEnd(source, i);
      if (end === -1) return null;
      const body = classBody(source.slice(i + 1, end));
      if (body === null) return null;
      out += `[${body}]`;
      i = end;
    } else if (c === '(') {
      if (source[i + 1] === '?') {
        if (source[i + 2] !== ':') return null;
        out += '(?:';
        i += 2;
      } else out += '(';
    } else if (c === '{') {
      const q = /^\{\d+(,\d*)?\}/.exec(source.slice(i));
      if (q === null) return null;
      out += q[0];
      i += q[0].length - 1;
    } else if (c === '.' || c === ']' || c === '}') {
      return null;
    } else if ('^$()|*+?'.includes(c)) {
      out += c;
    } else out += SYNTAX.includes(c) ? `\\${c}` : c;
  }
  return out;
}

/** The index of the `]` closing the class opened at `open`, or −1. */
function classEnd(source: string, open: number): number {
  let i = open + 1;
  if (source[i] === '^') i++;
  if (source[i] === ']') return -1;
  for (; i < source.length; i++) {
    if (source[i] === '\\') i++;
    else if (source[i] === '[') return -1;
    else if (source[i] === ']') return i;
  }
  return -1;
}

function classBody(body: string): string | null {
  let out = '';
  for (let i = 0; i < body.length; i++) {
    const c = body[i]!;
    if (c === '\\') {
      const n = body[++i];
      if (n === undefined) return null;
      if ('dDwW'.includes(n) || 'ntrfv'.includes(n)) out += `\\${n}`;
      else if (n === 's') out += '\\t\\n\\f\\r ';
      else if (/[!-/:-@[-`{-~]/.test(n)) out += hex(n);
      else return null;
    } else if (c === '^' && i === 0) out += c;
    else if (c === '-' || /[A-Za-z0-9_ ]/.test(c) || c.charCodeAt(0) > 127) out += c;
    else out += hex(c);
  }
  return out;
}

interface Starts {
  ranges: [number, number][];
  /** The branch can reach the end of the match without reading a character. */
  ends: boolean;
}

/** Pure: what the program from `pc` can begin with. */
function startsAt(inst: readonly ProgInst[], pc: number): Starts {
  const s: Starts = { ranges: [], ends: false };
  for (const i of entryInstructions(inst, pc)) {
    switch (i.op) {
      case MATCH:
        s.ends = true;
        break;
      case RUNE1:
        s.ranges.push([i.runes[0]!, i.runes[0]!]);
        break;
      case RUNE:
        for (let k = 0; k + 1 < i.runes.length; k += 2) s.ranges.push([i.runes[k]!, i.runes[k + 1]!]);
        break;
      case RUNE_ANY:
      case RUNE_ANY_NOT_NL:
        s.ranges.push([0, MAX_RUNE]);
        break;
      default:
        break; // FAIL
    }
  }
  return s;
}

function overlap(a: Starts, b: Starts): boolean {
  for (const [lo, hi] of a.ranges) for (const [l2, h2] of b.ranges) if (lo <= h2 && l2 <= hi) return true;
  return false;
}

/**
 * Pure: true when every split of `re`'s program has branches that begin with different characters,
 * and the program cannot match the empty text.
 */
export function splitsAreDisjoint(re: RE2JS): boolean {
  const re2 = (re as unknown as { re2?: () => unknown }).re2?.() as
    { prog?: { inst?: unknown; numLb?: unknown; start?: unknown } } | undefined;
  const prog = re2?.prog;
  if (!prog || !Array.isArray(prog.inst) || prog.numLb !== 0 || prog.inst.length > 2000) return false;
  if (typeof prog.start !== 'number') return false;
  const inst = prog.inst as ProgInst[];
  // A pattern that can match the empty text has no twin: the native engine tries an empty match inside
  // a surrogate pair where RE2 does not (masks may not match empty anyway).
  if (startsAt(inst, prog.start).ends) return false;
  for (const i of inst) {
    if (i.op !== ALT && i.op !== ALT_MATCH) continue;
    const a = startsAt(inst, i.out);
    const b = startsAt(inst, i.arg);
    if ((a.ends && b.ends) || overlap(a, b)) return false;
  }
  return true;
}

/** Pure: the native twin of a user's pattern compiled as `re` (global, `u`), or null when it has none. */
export function nativeTwin(source: string, flags: string, re: RE2JS): RegExp | null {
  if (flags.replace('u', '') !== '') return null;
  const twin = twinSource(source);
  if (twin === null || !splitsAreDisjoint(re)) return null;
  try {
    return new RegExp(twin, 'gu');
  } catch {
    return null;
  }
}
