/**
 * RE2's compiled program as re2js hands it out: the instruction codes, the shape of an instruction,
 * its empty-width flags, and the walk both the native twin (nativeTwin.ts) and the linear search
 * (progSearch.ts) make to learn what a program can begin with. The DFA search (dfaSearch.ts) and the
 * match gate (matchGate.ts) read the same codes. The codes are those of re2js 2.10 (package.json pins that
 * exact version: a new one is taken on purpose, after the property tests in progSearch.test.ts pass).
 */

export const ALT = 1;
export const ALT_MATCH = 2;
export const CAPTURE = 3;
export const EMPTY_WIDTH = 4;
export const FAIL = 5;
export const MATCH = 6;
export const NOP = 7;
export const RUNE = 8;
export const RUNE1 = 9;
export const RUNE_ANY = 10;
export const RUNE_ANY_NOT_NL = 11;

// re2js's empty-width flags (Utils): what an EMPTY_WIDTH instruction's `arg` asks of a position.
export const BEGIN_LINE = 1;
export const END_LINE = 2;
export const BEGIN_TEXT = 4;
export const END_TEXT = 8;
export const WORD_BOUNDARY = 16;
export const NO_WORD_BOUNDARY = 32;

export interface ProgInst {
  op: number;
  out: number;
  arg: number;
  runes: Int32Array | number[];
  matchRune(r: number): boolean;
}

/**
 * Pure: the instructions that end a walk from `pc` through splits, captures, no-ops and empty-width
 * assertions (every branch followed, each instruction once) — those that read a character, MATCH
 * and FAIL — in the order a depth-first walk taking a split's `arg` branch first reaches them.
 */
export function entryInstructions(inst: readonly ProgInst[], pc: number): ProgInst[] {
  const found: ProgInst[] = [];
  const seen = new Set<number>();
  const todo = [pc];
  while (todo.length > 0) {
    const at = todo.pop()!;
    if (seen.has(at)) continue;
    seen.add(at);
    const i = inst[at]!;
    switch (i.op) {
      case ALT:
      case ALT_MATCH:
        todo.push(i.out, i.arg);
        break;
      case CAPTURE:
      case NOP:
      case EMPTY_WIDTH:
        todo.push(i.out);
        break;
      default:
        found.push(i);
    }
  }
  return found;
}
