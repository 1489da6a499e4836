/**
 * A faster search for where a user's pattern matches, over the program RE2 compiled for it, in time
 * linear in the text: O(text length × program size) per search, as RE2's own bit-state engine.
 *
 * RE2 (`re2js`) finds each match of a mask with a bit-state backtracker that reads the text through
 * an input object, a call per character, and starts a try at every position. `progSearch` runs the
 * same program (the same instructions in the same priority order, so the same leftmost-first match)
 * over the string directly, remembers every (instruction, position) pair it has visited across all
 * start positions (a pair that failed once fails again: nothing depends on captures, which it does
 * not record), and starts only where the text's character can begin a match (the program's first
 * characters, worked out once). Programs with lookbehind or any instruction it does not know are
 * left to RE2 (null). An ASCII text is first given to the DFAs of dfaSearch.ts (one table step per
 * character, the same match); where they cannot answer, the gate of matchGate.ts rules out texts
 * with no match before the search runs.
 *
 * Pure: the scratch arrays are reused between calls but hold nothing a later call reads.
 */
import type { RE2JS } from 're2js';
import { doubled } from './grow';
import { dfaSearch } from './dfaSearch';
import { matchGate } from './matchGate';
import {
  ALT,
  ALT_MATCH,
  BEGIN_LINE,
  BEGIN_TEXT,
  CAPTURE,
  EMPTY_WIDTH,
  END_LINE,
  END_TEXT,
  entryInstructions,
  NO_WORD_BOUNDARY,
  WORD_BOUNDARY,
  FAIL,
  MATCH,
  NOP,
  RUNE,
  RUNE1,
  RUNE_ANY,
  RUNE_ANY_NOT_NL,
  type ProgInst,
} from './re2Program';

/** re2js's FOLD_CASE flag on a one-rune instruction. */
const FOLD_CASE = 1;

/** Start and end (UTF-16 indices) of a match. */
export type Span = [number, number];

export interface ProgSearch {
  /** The longest text it takes (its visited bitmap stays under `maxBits`); longer ones go to RE2. */
  maxLength: number;
  /** Pure: the leftmost-first match of the program at or after `from` in `text`, or null. */
  find(text: string, from: number): Span | null;
  /** Pure: false when no match starts at or after `from` in `text`, true when one may (matchGate.ts). */
  mayMatch(text: string, from: number): boolean;
}

/** After this many questions the gate is kept only if it has ruled out at least half of the searches. */
const GATE_TRIAL = 256;

/** The visited bitmap's size limit (8 MiB). */
export const MAX_VISITED_BITS = 1 << 26;

function isWord(c: number): boolean {
  return (c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || c === 95;
}

/** RE2's empty-width context between code units `r1` and `r2` (−1 at either end of the text). */
function context(r1: number, r2: number): number {
  let f = 0;
  if (r1 < 0) f |= BEGIN_TEXT | BEGIN_LINE;
  if (r1 === 10) f |= BEGIN_LINE;
  if (r2 < 0) f |= END_TEXT | END_LINE;
  if (r2 === 10) f |= END_LINE;
  f |= isWord(r1) !== isWord(r2) ? WORD_BOUNDARY : NO_WORD_BOUNDARY;
  return f;
}

/** Pure: a search over `re`'s compiled program, or null when the program is one to leave to RE2. */
export function progSearch(re: RE2JS, maxBits = MAX_VISITED_BITS): ProgSearch | null {
  const re2 = (re as unknown as { re2?: () => unknown }).re2?.() as
    { prog?: { inst?: unknown; start?: unknown; numLb?: unknown } } | undefined;
  const prog = re2?.prog;
  if (!prog || !Array.isArray(prog.inst) || typeof prog.start !== 'number' || prog.numLb !== 0) return null;
  const inst = prog.inst as ProgInst[];
  const size = inst.length;
  for (const i of inst) {
    if (typeof i.op !== 'number' || i.op < ALT || i.op > RUNE_ANY_NOT_NL) return null;
    if (typeof i.out !== 'number' || typeof i.arg !== 'number') return null;
    if (i.op === RUNE1 && (i.runes.length !== 1 || (i.arg & FOLD_CASE) !== 0)) return null;
    if (i.op === RUNE && typeof i.matchRune !== 'function') return null;
  }
  const op = Int32Array.from(inst, (i) => i.op);
  const out = Int32Array.from(inst, (i) => i.out);
  const arg = Int32Array.from(inst, (i) => (i.op === RUNE1 ? i.runes[0]! : i.arg));
  // For each RUNE instruction, which code units below 128 it matches (most text is ASCII).
  const ascii = new Uint8Array(size * 128);
  inst.forEach((i, pc) => {
    if (i.op === RUNE) for (let c = 0; c < 128; c++) if (i.matchRune(c)) ascii[pc * 128 + c] = 1;
  });
  const start = prog.start;
  const gate = matchGate({ op, out, arg, ascii, start });
  const first = firstUnits(inst, start);
  // The DFAs take every ASCII text of a program that cannot match the empty text (`first` is null
  // for one that can); the search below takes the rest.
  const dfa = dfaSearch({ op, out, arg, ascii, start }, first === null);
  const lead = leadingAssertions(inst, start);
  const loop = leadingLoop(inst, start);
  // The gate pays for itself where most searches find nothing; where most find a match it only reads
  // the text once more, so it is dropped after a trial (the matches are the same either way).
  let asked = 0;
  let ruledOut = 0;
  let gated = true;

  let visited = new Uint32Array(0);
  let jobPc = new Int32Array(64);
  let jobPos = new Int32Array(64);

  // A program every match of which begins with one ASCII character (`/.+?\s`, `0x.*?\s`, `blk_-?\d+`)
  // starts at that character's next occurrence, found by the engine's own indexOf: no match starts
  // before it (none can begin with another character), and none at all without it.
  const only = onlyFirst(inst, start);
  const onlyText = only < 0 ? '' : String.fromCharCode(only);
  // Characters every match holds (the `.` of `([\w-]+\.){2,}[\w-]+`): a text without one after
  // `from` holds no match there.
  const required = requiredUnits(inst, start).map((c) => String.fromCharCode(c));

  const find = (text: string, from: number): Span | null => {
    if (only >= 0) {
      const at = text.indexOf(onlyText, from);
      if (at === -1) return null;
      from = at;
    }
    for (let k = 0; k < required.length; k++) if (text.indexOf(required[k]!, from) === -1) return null;
    if (dfa !== null) {
      const span = dfa.find(text, from);
      if (span !== undefined) return span;
    }
    // Most texts hold no match (or none after the last one): the gate says so reading each character once.
    if (gated) {
      asked++;
      if (!gate.mayMatch(text, from)) {
        ruledOut++;
        return null;
      }
      if (asked === GATE_TRIAL && ruledOut * 2 < asked) gated = false;
    }
    const n = text.length;
    const words = (size * (n + 1) + 31) >>> 5;
    if (visited.length < words) visited = new Uint32Array(Math.max(words, visited.length * 2));
    let lowest = n + 1;
    let highest = -1;
    let found: Span | null = null;
    outer: for (let s = from; s <= n; s++) {
      if (first !== null && s < n) {
        // Skip to the next code unit that can begin a match (units ≥ 128 always can); none can begin
        // one at the end of the text (the program has no empty match).
        while (s < n) {
          const c = text.charCodeAt(s);
          // A program whose every path begins with `\b` (or another assertion) starts only where it holds.
          if (
            (c >= 128 || first[c] === 1) &&
            (lead === 0 || (lead & ~context(s > 0 ? text.charCodeAt(s - 1) : -1, c)) === 0)
          )
            break;
          // A surrogate pair is skipped whole: RE2 never starts a try between its halves.
          s += c >= 0xd800 && c <= 0xdbff && s + 1 < n && (text.charCodeAt(s + 1) & 0xfc00) === 0xdc00 ? 2 : 1;
        }
        if (s === n) break;
      }
      let jobs = 0;
      jobPc[jobs] = start;
      jobPos[jobs] = s;
      jobs++;
      while (jobs > 0) {
        jobs--;
        let pc = jobPc[jobs]!;
        let pos = jobPos[jobs]!;
        for (;;) {
          const bit = pos * size + pc;
          const w = bit >>> 5;
          const m = 1 << (bit & 31);
          if ((visited[w]! & m) !== 0) break;
          visited[w] = visited[w]! | m;
          if (pos < lowest) lowest = pos;
          if (pos > highest) highest = pos;
          const o = op[pc]!;
          if (o === ALT || o === ALT_MATCH) {
            if (jobs === jobPc.length) {
              jobPc = doubled(jobPc);
              jobPos = doubled(jobPos);
            }
            jobPc[jobs] = arg[pc]!;
            jobPos[jobs] = pos;
            jobs++;
            pc = out[pc]!;
            continue;
          }
          if (o >= RUNE) {
            if (pos >= n) break;
            let r = text.charCodeAt(pos);
            let width = 1;
            if (r >= 0xd800 && r <= 0xdbff && pos + 1 < n) {
              const d = text.charCodeAt(pos + 1);
              if (d >= 0xdc00 && d <= 0xdfff) {
                r = ((r - 0xd800) << 10) + (d - 0xdc00) + 0x10000;
                width = 2;
              }
            }
            if (
              o === RUNE1
                ? r !== arg[pc]
                : o === RUNE
                  ? r < 128
                    ? ascii[pc * 128 + r] === 0
                    : !inst[pc]!.matchRune(r)
                  : o !== RUNE_ANY && r === 10
            )
              break;
            pos += width;
            pc = out[pc]!;
            continue;
          }
          if (o === CAPTURE || o === NOP) {
            pc = out[pc]!;
            continue;
          }
          if (o === EMPTY_WIDTH) {
            const f = context(pos > 0 ? text.charCodeAt(pos - 1) : -1, pos < n ? text.charCodeAt(pos) : -1);
            if ((arg[pc]! & ~f) !== 0) break;
            pc = out[pc]!;
            continue;
          }
          if (o === MATCH) {
            found = [s, pos];
            break outer;
          }
          break; // FAIL
        }
      }
      // A program that begins with a loop `C+` has no match starting inside a run of C after a try at
      // the run's start failed: from the run's start the loop reads the same characters and goes on
      // the same way. Skip the rest of the run (when the try began on an ASCII character of C, the
      // ASCII characters of C after it; the others are tried).
      const at = s < n ? text.charCodeAt(s) : 128;
      if (loop >= 0 && at < 128 && ascii[loop * 128 + at] === 1) {
        while (s + 1 < n) {
          const d = text.charCodeAt(s + 1);
          if (d >= 128 || ascii[loop * 128 + d] === 0) break;
          s++;
        }
      }
      // A try that started at a surrogate pair's first half moves on past the pair, as RE2 steps.
      const c = s < n ? text.charCodeAt(s) : 0;
      if (c >= 0xd800 && c <= 0xdbff && s + 1 < n) {
        const d = text.charCodeAt(s + 1);
        if (d >= 0xdc00 && d <= 0xdfff) s++;
      }
    }
    if (highest >= 0)
      visited.fill(0, (lowest * size) >>> 5, Math.min(visited.length, ((highest + 1) * size + 31) >>> 5));
    return found;
  };
  return { maxLength: Math.floor(maxBits / size) - 1, find, mayMatch: gate.mayMatch };
}

/**
 * Pure: the empty-width flags every path from the start asserts before its first character (`\b`
 * before each branch of `\b\d+\b|\b0x[0-9a-f]+\b`), or 0. A greatest fixed point over the
 * instructions: a loop of no-ops adds no path a shorter one lacks.
 */
function leadingAssertions(inst: ProgInst[], start: number): number {
  const need = new Int32Array(inst.length).fill(-1);
  let changed = true;
  // Each round lowers some instruction's flags or ends; 32 flags each bound the rounds.
  for (let rounds = 0; changed; rounds++) {
    if (rounds > 33 * inst.length) return 0;
    changed = false;
    for (let pc = 0; pc < inst.length; pc++) {
      const i = inst[pc]!;
      let f: number;
      if (i.op === ALT || i.op === ALT_MATCH) f = need[i.out]! & need[i.arg]!;
      else if (i.op === CAPTURE || i.op === NOP) f = need[i.out]!;
      else if (i.op === EMPTY_WIDTH) f = i.arg | need[i.out]!;
      else if (i.op === FAIL) f = -1;
      else f = 0;
      if (f !== need[pc]) ((need[pc] = f), (changed = true));
    }
  }
  const f = need[start]!;
  // −1: no path reaches a character or the end (the program never matches); leave that to the search.
  return f === -1 ? 0 : f;
}

/**
 * Pure: the RUNE instruction of a loop `C+` the program begins with (reached from the start through
 * captures and no-ops only, then repeated by a split that prefers it), or −1.
 */
function leadingLoop(inst: ProgInst[], start: number): number {
  let pc = start;
  for (let k = 0; k < inst.length && (inst[pc]!.op === CAPTURE || inst[pc]!.op === NOP); k++) pc = inst[pc]!.out;
  const r = inst[pc]!;
  if (r.op !== RUNE) return -1;
  const next = inst[r.out];
  return next !== undefined && next.op === ALT && next.out === pc ? pc : -1;
}

/**
 * Pure: the one code unit (below 128) every match begins with, or −1 when there is not one: every
 * path from the start reads that character first (through splits, captures, no-ops and assertions),
 * so a match can be empty on no path.
 */
export function onlyFirst(inst: readonly ProgInst[], start: number): number {
  let only = -1;
  for (const i of entryInstructions(inst, start)) {
    let c: number;
    if (i.op === FAIL) continue;
    if (i.op === RUNE1 && i.runes.length === 1 && (i.arg & FOLD_CASE) === 0) c = i.runes[0]!;
    else if (i.op === RUNE && i.runes.length === 2 && i.runes[0] === i.runes[1]) c = i.runes[0]!;
    else return -1;
    if (c >= 128 || (only >= 0 && c !== only)) return -1;
    only = c;
  }
  return only;
}

/** Instructions that read exactly one code unit below 128: that unit, else −1. */
function singleUnit(i: ProgInst): number {
  let c = -1;
  if (i.op === RUNE1 && i.runes.length === 1 && (i.arg & FOLD_CASE) === 0) c = i.runes[0]!;
  else if (i.op === RUNE && i.runes.length === 2 && i.runes[0] === i.runes[1]) c = i.runes[0]!;
  return c >= 0 && c < 128 ? c : -1;
}

/**
 * Pure: the code units below 128 every match reads (at most two; none when the program's graph is
 * too large to check): the match instruction cannot be reached from the start without passing an
 * instruction that reads exactly that unit.
 */
export function requiredUnits(inst: readonly ProgInst[], start: number): number[] {
  if (inst.length > 500) return [];
  const candidates = new Set<number>();
  for (const i of inst) {
    const c = singleUnit(i);
    if (c >= 0) candidates.add(c);
  }
  const out: number[] = [];
  for (const c of candidates) {
    const seen = new Uint8Array(inst.length);
    const todo = [start];
    let reached = false;
    while (todo.length > 0 && !reached) {
      const pc = todo.pop()!;
      if (seen[pc] === 1) continue;
      seen[pc] = 1;
      const i = inst[pc]!;
      if (i.op === MATCH) reached = true;
      else if (i.op === ALT || i.op === ALT_MATCH) todo.push(i.out, i.arg);
      else if (i.op === FAIL) continue;
      else if (singleUnit(i) !== c) todo.push(i.out);
    }
    if (!reached) out.push(c);
    if (out.length === 2) break;
  }
  return out;
}

/**
 * Pure: which code units below 128 can begin a match, or null when any can (a match may be empty, or start with any character or one at or above 128).
 */
function firstUnits(inst: ProgInst[], start: number): Uint8Array | null {
  const table = new Uint8Array(128);
  for (const i of entryInstructions(inst, start)) {
    switch (i.op) {
      case FAIL:
        break;
      case RUNE1:
      case RUNE:
        for (let c = 0; c < 128; c++) if (i.matchRune(c)) table[c] = 1;
        break;
      default:
        // MATCH (an empty match), RUNE_ANY, RUNE_ANY_NOT_NL: any unit can begin one.
        return null;
    }
  }
  return table;
}
