/**
 * A quick "is there any match at or after here?" for a user's mask, over the program RE2 compiled for
 * it: a DFA built lazily from the program, one table step per character, in time linear in the text.
 *
 * Most lines hold no match of a given mask (a dotted host name, a path, a hexadecimal id), and the
 * part of a line after its last match holds none either; searching for a match that is not there
 * is most of what `progSearch` does. The gate answers that question first and much faster: it runs
 * every try at once as a set of program positions (a state), so each character is read once, and
 * each state's step on each ASCII character is worked out the first time it is needed and then read
 * from a table. It only says "no match" when there is none; a character at or above 128, a program
 * it does not know, or too many states make it answer "maybe", and the search runs as before.
 *
 * Empty-width assertions (`\b`, `^`, `$`) are evaluated when the character after them is read: a
 * state remembers what kind of character came before (none, a word character, a line break, other).
 *
 * Pure: the states built so far are a cache; every answer depends on the program and the text only.
 */

import {
  ALT,
  ALT_MATCH,
  BEGIN_LINE,
  BEGIN_TEXT,
  CAPTURE,
  EMPTY_WIDTH,
  END_LINE,
  END_TEXT,
  FAIL,
  MATCH,
  NOP,
  NO_WORD_BOUNDARY,
  RUNE,
  RUNE1,
  RUNE_ANY,
  RUNE_ANY_NOT_NL,
  WORD_BOUNDARY,
} from './re2Program';

/** What came before a position: the start of the text, a word character, a line break, another. */
const BEFORE_START = 0;
const BEFORE_WORD = 1;
const BEFORE_NL = 2;
const BEFORE_OTHER = 3;

/** The column of a state's table for the end of the text. */
const END = 128;
const UNKNOWN = -1;
const MATCHED = -2;
const NONE = -3;

/** More states than this and the gate stops answering (always "maybe"): a bound on its memory. */
export const MAX_GATE_STATES = 1000;

export interface MatchGate {
  /** Pure: false when no match of the program starts at or after `from` in `text`; true when one may. */
  mayMatch(text: string, from: number): boolean;
}

/** The decoded program: instruction codes, targets, and which ASCII units each rune instruction takes. */
export interface GateProgram {
  op: Int32Array;
  out: Int32Array;
  arg: Int32Array;
  /** `ascii[pc * 128 + c]` is 1 when instruction pc reads code unit c (c < 128). */
  ascii: Uint8Array;
  start: number;
}

function kindOf(c: number): number {
  if (c === 10) return BEFORE_NL;
  const word = (c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || c === 95;
  return word ? BEFORE_WORD : BEFORE_OTHER;
}

/** RE2's empty-width flags between what came before (`before`) and the code unit `c` (END at the end). */
function flagsAt(before: number, c: number): number {
  let f = 0;
  if (before === BEFORE_START) f |= BEGIN_TEXT | BEGIN_LINE;
  if (before === BEFORE_NL) f |= BEGIN_LINE;
  if (c === END) f |= END_TEXT | END_LINE;
  if (c === 10) f |= END_LINE;
  const wordBefore = before === BEFORE_WORD;
  const wordAfter = c !== END && kindOf(c) === BEFORE_WORD;
  f |= wordBefore !== wordAfter ? WORD_BOUNDARY : NO_WORD_BOUNDARY;
  return f;
}

/** Pure: a gate for the decoded program (see the file comment). */
export function matchGate(p: GateProgram, maxStates = MAX_GATE_STATES): MatchGate {
  const size = p.op.length;
  const { op, out, arg, ascii, start } = p;
  // A state: the instructions the tries stand at before reading a character, and what came before.
  const seeds: Int32Array[] = [];
  const before: number[] = [];
  // Row s, column c (129 columns): the state after reading c in state s, or UNKNOWN, MATCHED, NONE.
  let table = new Int32Array(129 * 16).fill(UNKNOWN);
  const index = new Map<string, number>();
  let full = false;
  // Scratch for one step: a mark per instruction (a generation number) and a work stack.
  const mark = new Int32Array(size);
  let generation = 0;
  const stack = new Int32Array(size + 1);
  const nextMark = new Int32Array(size);
  let nextGeneration = 0;
  const next: number[] = [];

  const stateOf = (pcs: readonly number[], kind: number): number => {
    const sorted = Int32Array.from(pcs).sort();
    const key = `${kind}:${sorted.join(',')}`;
    const known = index.get(key);
    if (known !== undefined) return known;
    if (seeds.length >= maxStates) return NONE;
    const id = seeds.length;
    seeds.push(sorted);
    before.push(kind);
    if (table.length < (id + 1) * 129) {
      const grown = new Int32Array(table.length * 2).fill(UNKNOWN);
      grown.set(table);
      table = grown;
    }
    index.set(key, id);
    return id;
  };

  /** The state after reading `c` (END: the end of the text) in state `s`, MATCHED, or NONE. */
  const step = (s: number, c: number): number => {
    const f = flagsAt(before[s]!, c);
    generation++;
    nextGeneration++;
    next.length = 0;
    let top = 0;
    for (const pc of seeds[s]!) {
      if (mark[pc] === generation) continue;
      mark[pc] = generation;
      stack[top++] = pc;
    }
    while (top > 0) {
      const pc = stack[--top]!;
      const o = op[pc]!;
      let to = -1;
      let also = -1;
      if (o === ALT || o === ALT_MATCH) {
        to = out[pc]!;
        also = arg[pc]!;
      } else if (o === CAPTURE || o === NOP) to = out[pc]!;
      else if (o === EMPTY_WIDTH) {
        if ((arg[pc]! & ~f) === 0) to = out[pc]!;
      } else if (o === MATCH) return MATCHED;
      else if (o !== FAIL && c !== END) {
        const takes =
          o === RUNE1
            ? c === arg[pc]
            : o === RUNE
              ? ascii[pc * 128 + c] === 1
              : o === RUNE_ANY || (o === RUNE_ANY_NOT_NL && c !== 10);
        if (takes && nextMark[out[pc]!] !== nextGeneration) {
          nextMark[out[pc]!] = nextGeneration;
          next.push(out[pc]!);
        }
      }
      if (to >= 0 && mark[to] !== generation) ((mark[to] = generation), (stack[top++] = to));
      if (also >= 0 && mark[also] !== generation) ((mark[also] = generation), (stack[top++] = also));
    }
    if (c === END) return NONE;
    // A new try starts at every position.
    if (nextMark[start] !== nextGeneration) next.push(start);
    return stateOf(next, kindOf(c));
  };

  // The first state for each kind of character before the first position.
  const first = [-1, -1, -1, -1];

  return {
    mayMatch(text, from) {
      if (full) return true;
      const kind = from === 0 ? BEFORE_START : kindOf(text.charCodeAt(from - 1));
      let s = first[kind]!;
      if (s < 0) s = first[kind] = stateOf([start], kind);
      if (s === NONE) return true;
      const n = text.length;
      let tab = table;
      for (let i = from; i <= n; i++) {
        let c = END;
        if (i < n) {
          c = text.charCodeAt(i);
          if (c >= END) return true;
        }
        let t = tab[s * 129 + c]!;
        if (t === UNKNOWN) {
          t = step(s, c);
          tab = table;
          if (t === NONE && c !== END) {
            // Out of room for states: answer "maybe" from now on.
            full = true;
            return true;
          }
          tab[s * 129 + c] = t;
        }
        if (t < 0) return t === MATCHED;
        s = t;
      }
      return false;
    },
  };
}
