/**
 * The leftmost-first match of a user's mask found with two lazily built DFAs over RE2's program, as
 * RE2 itself does: one table step per character, in time linear in the text.
 *
 * Forward, every try runs at once as an ordered list of program positions (a state), in the order
 * the backtracking search would take them; a try that reaches the end of the program cuts every try
 * after it (they would only be taken if it failed), and no new try starts once one has matched. The
 * last position where a try matched is the end of the leftmost-first match. Backward from that end,
 * the set of positions that can still reach it gives every start of a match ending there; the
 * smallest is the match's start (no match starts further left, or the forward pass would have
 * ended elsewhere).
 *
 * Each state's step on each ASCII character is worked out the first time it is needed and then
 * read from a table. A character at or above 128, a program that can match the empty text, or more
 * states than `maxStates` make it answer undefined, and the caller searches as before.
 *
 * Pure: the states built so far are a cache; every answer depends on the program and the text only.
 */
import type { GateProgram } from './matchGate';
import {
  ALT,
  ALT_MATCH,
  BEGIN_LINE,
  BEGIN_TEXT,
  CAPTURE,
  EMPTY_WIDTH,
  END_LINE,
  END_TEXT,
  MATCH,
  NOP,
  NO_WORD_BOUNDARY,
  RUNE,
  RUNE1,
  RUNE_ANY,
  RUNE_ANY_NOT_NL,
  WORD_BOUNDARY,
} from './re2Program';

/** Kinds of the character on one side of a position: none (an end of the text), word, line break, other. */
const EDGE = 0;
const WORD = 1;
const NL = 2;
const OTHER = 3;

/** Table columns: 128 ASCII units and the end of the text (forward) or its start (backward). */
const EDGE_COLUMN = 128;
const COLUMNS = 129;
/**
 * Table entries: 2 × the next state plus a bit (a try matched / a match can start), or −2 plus the bit
 * when no state follows; UNKNOWN is a step not worked out yet, FULL a step that needed too many states.
 */
const UNKNOWN = -4;
const FULL = -8;

/** More states than this (in either direction) and the search answers undefined from then on. */
export const MAX_DFA_STATES = 2000;

/** Start and end (UTF-16 indices) of a match. */
export type DfaSpan = [number, number];

export interface DfaSearch {
  /** Pure: the leftmost-first match at or after `from`, null when there is none, undefined when it cannot say. */
  find(text: string, from: number): DfaSpan | null | undefined;
}

/** The kind of a table column: an ASCII code unit, or EDGE_COLUMN for an end of the text. */
function kindOf(c: number): number {
  if (c === EDGE_COLUMN) return EDGE;
  if (c === 10) return NL;
  const word = (c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || c === 95;
  return word ? WORD : OTHER;
}

/** The kind of the code unit at `i` in `text` (one at or above 128, U+0080 too, is not a word character to RE2). */
function kindAt(text: string, i: number): number {
  const c = text.charCodeAt(i);
  return c >= 128 ? OTHER : kindOf(c);
}

/** RE2's empty-width flags between a character of kind `before` and one of kind `after`. */
function flagsBetween(before: number, after: number): number {
  let f = 0;
  if (before === EDGE) f |= BEGIN_TEXT | BEGIN_LINE;
  if (before === NL) f |= BEGIN_LINE;
  if (after === EDGE) f |= END_TEXT | END_LINE;
  if (after === NL) f |= END_LINE;
  f |= (before === WORD) !== (after === WORD) ? WORD_BOUNDARY : NO_WORD_BOUNDARY;
  return f;
}

/** A lazily built table of states: a key per state, and a row of COLUMNS entries. */
class States {
  readonly keys = new Map<string, number>();
  readonly seeds: Int32Array[] = [];
  readonly kind: number[] = [];
  readonly flag: boolean[] = [];
  table = new Int32Array(COLUMNS * 16).fill(UNKNOWN);

  constructor(private readonly max: number) {}

  /** The state for `seeds` (in the order given), the kind of character beside it and a flag, or FULL. */
  id(seeds: readonly number[], kind: number, flag: boolean): number {
    const key = `${kind}${flag ? '+' : '-'}${seeds.join(',')}`;
    const known = this.keys.get(key);
    if (known !== undefined) return known;
    const id = this.seeds.length;
    if (id >= this.max) return FULL;
    this.seeds.push(Int32Array.from(seeds));
    this.kind.push(kind);
    this.flag.push(flag);
    this.keys.set(key, id);
    if (this.table.length < (id + 1) * COLUMNS) {
      const grown = new Int32Array(this.table.length * 2).fill(UNKNOWN);
      grown.set(this.table);
      this.table = grown;
    }
    return id;
  }
}

/** Pure: the DFA search for the decoded program, or null for a program that can match the empty text. */
export function dfaSearch(p: GateProgram, canMatchEmpty: boolean, maxStates = MAX_DFA_STATES): DfaSearch | null {
  if (canMatchEmpty) return null;
  const { op, out, arg, ascii, start } = p;
  const size = op.length;
  const takes = (pc: number, c: number): boolean => {
    const o = op[pc]!;
    if (o === RUNE1) return c === arg[pc];
    if (o === RUNE) return ascii[pc * 128 + c] === 1;
    return o === RUNE_ANY || (o === RUNE_ANY_NOT_NL && c !== 10);
  };
  // Backward edges: into each instruction without reading (`epsFrom`) and by reading (`runeFrom`).
  const epsFrom: number[][] = Array.from({ length: size }, () => []);
  const runeFrom: number[][] = Array.from({ length: size }, () => []);
  for (let pc = 0; pc < size; pc++) {
    const o = op[pc]!;
    if (o === ALT || o === ALT_MATCH) (epsFrom[out[pc]!]!.push(pc), epsFrom[arg[pc]!]!.push(pc));
    else if (o === CAPTURE || o === NOP || o === EMPTY_WIDTH) epsFrom[out[pc]!]!.push(pc);
    else if (o >= RUNE) runeFrom[out[pc]!]!.push(pc);
  }
  const matches: number[] = [];
  for (let pc = 0; pc < size; pc++) if (op[pc] === MATCH) matches.push(pc);

  const forward = new States(maxStates);
  const backward = new States(maxStates);
  // Scratch for one step: marks by generation (instructions seen, and queued for the next state).
  const seen = new Int32Array(size);
  const queued = new Int32Array(size);
  let generation = 0;
  const stack: number[] = [];
  const next: number[] = [];
  const closure: number[] = [];

  /** Forward step of state `s` on `c` (EDGE_COLUMN: the end of the text); the bit: a try matched before `c`. */
  const stepForward = (s: number, c: number): number => {
    const f = flagsBetween(forward.kind[s]!, kindOf(c));
    const g = ++generation;
    next.length = 0;
    let matched = false;
    // Depth first in priority order: earlier tries first, a split's preferred branch (out) before the other.
    const seeds = forward.seeds[s]!;
    for (let k = seeds.length - 1; k >= 0; k--) stack.push(seeds[k]!);
    while (stack.length > 0) {
      const pc = stack.pop()!;
      if (seen[pc] === g) continue;
      seen[pc] = g;
      const o = op[pc]!;
      if (o === ALT || o === ALT_MATCH) stack.push(arg[pc]!, out[pc]!);
      else if (o === CAPTURE || o === NOP) stack.push(out[pc]!);
      else if (o === EMPTY_WIDTH) {
        if ((arg[pc]! & ~f) === 0) stack.push(out[pc]!);
      } else if (o === MATCH) {
        // Every try after this one would be taken only if it failed: cut them.
        matched = true;
        stack.length = 0;
      } else if (o >= RUNE && c !== EDGE_COLUMN && takes(pc, c)) {
        const to = out[pc]!;
        if (queued[to] !== g) ((queued[to] = g), next.push(to));
      }
    }
    const bit = matched ? 1 : 0;
    if (c === EDGE_COLUMN) return -2 + bit;
    // A new try starts at every position until one has matched.
    const injecting = forward.flag[s]! && !matched;
    if (injecting && queued[start] !== g) next.push(start);
    if (next.length === 0) return -2 + bit;
    const id = forward.id(next, kindOf(c), injecting);
    return id === FULL ? FULL : 2 * id + bit;
  };

  /**
   * Backward step of state `s` (the instructions that reach the match's end over the text after the
   * position; its kind: the character after the position) reading `c`, the character before the
   * position (EDGE_COLUMN: the start of the text); the bit: a match can start at the position.
   */
  const stepBackward = (s: number, c: number): number => {
    const f = flagsBetween(kindOf(c), backward.kind[s]!);
    const g = ++generation;
    let startsHere = false;
    closure.length = 0;
    for (const pc of backward.seeds[s]!) if (seen[pc] !== g) ((seen[pc] = g), stack.push(pc));
    while (stack.length > 0) {
      const pc = stack.pop()!;
      closure.push(pc);
      if (pc === start) startsHere = true;
      for (const q of epsFrom[pc]!) {
        if (seen[q] === g || (op[q] === EMPTY_WIDTH && (arg[q]! & ~f) !== 0)) continue;
        seen[q] = g;
        stack.push(q);
      }
    }
    const bit = startsHere ? 1 : 0;
    if (c === EDGE_COLUMN) return -2 + bit;
    next.length = 0;
    for (const pc of closure)
      for (const q of runeFrom[pc]!) if (queued[q] !== g && takes(q, c)) ((queued[q] = g), next.push(q));
    if (next.length === 0) return -2 + bit;
    next.sort((a, b) => a - b);
    const id = backward.id(next, kindOf(c), false);
    return id === FULL ? FULL : 2 * id + bit;
  };

  let full = false;
  const firstForward = [-1, -1, -1, -1];
  const firstBackward = [-1, -1, -1, -1];

  /** The end of the leftmost-first match at or after `from`, −1 for none, undefined when it cannot say. */
  const endOf = (text: string, from: number): number | undefined => {
    const kind = from === 0 ? EDGE : kindAt(text, from - 1);
    let s = firstForward[kind]!;
    if (s < 0) s = firstForward[kind] = forward.id([start], kind, true);
    if (s === FULL) return undefined;
    const n = text.length;
    let end = -1;
    for (let i = from; i <= n; i++) {
      const c = i === n ? EDGE_COLUMN : text.charCodeAt(i);
      if (c > 127 && i < n) return undefined;
      let t = forward.table[s * COLUMNS + c]!;
      if (t === UNKNOWN) {
        t = stepForward(s, c);
        if (t === FULL) return undefined;
        forward.table[s * COLUMNS + c] = t;
      }
      if ((t & 1) !== 0) end = i;
      if (t < 0) break;
      s = t >> 1;
    }
    return end;
  };

  /** The smallest start at or after `from` of a match ending at `end`, or undefined. */
  const startOf = (text: string, from: number, end: number): number | undefined => {
    const n = text.length;
    const kind = end === n ? EDGE : kindAt(text, end);
    let s = firstBackward[kind]!;
    if (s < 0) s = firstBackward[kind] = backward.id(matches, kind, false);
    if (s === FULL) return undefined;
    let best = -1;
    for (let p = end; p >= from; p--) {
      const c = p === 0 ? EDGE_COLUMN : text.charCodeAt(p - 1);
      if (c > 127 && p > 0) return undefined;
      let t = backward.table[s * COLUMNS + c]!;
      if (t === UNKNOWN) {
        t = stepBackward(s, c);
        if (t === FULL) return undefined;
        backward.table[s * COLUMNS + c] = t;
      }
      if ((t & 1) !== 0) best = p;
      if (t < 0) break;
      s = t >> 1;
    }
    return best < 0 ? undefined : best;
  };

  return {
    find(text, from) {
      if (full) return undefined;
      const end = endOf(text, from);
      if (end === undefined) {
        full = forward.seeds.length >= maxStates;
        return undefined;
      }
      if (end < 0) return null;
      const begin = startOf(text, from, end);
      if (begin === undefined) {
        full = backward.seeds.length >= maxStates;
        return undefined;
      }
      return [begin, end];
    },
  };
}
