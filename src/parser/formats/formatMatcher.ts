/**
 * A purpose-built matcher for the regular expression a `<Field>` format string becomes
 * (`formatToRegexSource` in format.ts), in time linear in the line: O(line length × program size).
 *
 * A format string's regex is a few shapes only: `^`, literal characters, whitespace runs (`\s+`,
 * `\s*`), and one named group per field — `(?<_k>.*?)` (the content), `(?<_k>\S+)` (a word) or
 * `(?<_k>\S(?:.*?\S)??)` (a header field) — optional groups of these (`(\[<Pid>\])?`) and `$`.
 * `formatMatcher` reads the regex source and accepts it only when it is made of these shapes
 * (anything else a user wrote between fields, such as `[ab]`, `\d+` or `a|b`, gives null and the
 * format stays on RE2). It compiles the shapes into a small
 * program (consume one character of a class, split with a preferred branch, jump, save a capture,
 * assert the end) and runs it as a backtracking search that remembers every (instruction, position)
 * pair it has visited, as RE2's own bit-state engine does: a pair that failed once fails again, since
 * nothing here depends on captures, so each pair is explored at most once and the first match found
 * in priority order is the one the regex gives (leftmost, lazy fields as short as they can be).
 *
 * Before that search, each line gets a native first try (formatNative.ts): the same shapes with each
 * unit made atomic, linear in the line; a line it does not match is searched here.
 *
 * Characters are read as code points, as RE2 reads them (a surrogate pair is one character; a lone
 * surrogate is one character too). `\s` is RE2's: tab, line feed, form feed, carriage
 * return and space (docs/parser.md lists where that differs from the browser's engine). Pure: the
 * scratch arrays are reused between calls but hold nothing a later call reads.
 */
import { doubled } from '../regex/grow';
import { nativeFormat, type Atom } from './formatNative';

/** Where a matched format's fields are: `caps[2k]`, `caps[2k + 1]` for group `_k`, and the match end. */
export interface FormatMatch {
  /** Start and end of each group `_k`, by k (−1 for a group the format does not have). */
  caps: Int32Array;
  /** Where the match ends (the header's end when the format stops before `<Content>`). */
  end: number;
}

export interface FormatMatcher {
  /** The number of groups it has slots for (highest group number + 1). */
  groups: number;
  /** The longest line it takes (its visited bitmap stays under `maxBits`); longer ones go to RE2. */
  maxLength: number;
  /** Pure: the match of the format's regex at the start of `line`, or null. */
  match(line: string): FormatMatch | null;
}

/** The visited bitmap's size limit (8 MiB): a longer line is left to RE2, which needs no bitmap. */
export const MAX_VISITED_BITS = 1 << 26;

const CHAR = 0;
const WS = 1;
const NOT_WS = 2;
const ANY = 3;
const SPLIT = 4;
const JMP = 5;
const SAVE = 6;
const END = 7;
const MATCH = 8;

/** RE2's `\s`: \t \n \f \r and space. */
function isSpace(c: number): boolean {
  return c === 32 || c === 9 || c === 10 || c === 12 || c === 13;
}

/** 2 at a surrogate pair (RE2 reads code points: a field never ends inside one), else 1. */
function width(line: string, pos: number, n: number): number {
  const c = line.charCodeAt(pos);
  if (c < 0xd800 || c > 0xdbff || pos + 1 >= n) return 1;
  const d = line.charCodeAt(pos + 1);
  return d >= 0xdc00 && d <= 0xdfff ? 2 : 1;
}

const META = '^$\\.*+?()[]{}|';
const QUANTIFIER = '*+?{';
/** ASCII punctuation: `\` before one of these is the character itself, on both engines. */
const PUNCT = /^[!-/:-@[-`{-~]$/;

const GROUP_SHAPES: ReadonlyArray<[string, 'content' | 'word' | 'field']> = [
  ['.*?)', 'content'],
  ['\\S+)', 'word'],
  ['\\S(?:.*?\\S)??)', 'field'],
];

/**
 * Pure: a matcher for `source` (a regex `formatToRegexSource` wrote, maybe with its content tail cut
 * off), read with the `s` flag, or null when it holds anything but the shapes above.
 */
export function formatMatcher(source: string, maxBits = MAX_VISITED_BITS): FormatMatcher | null {
  const op: number[] = [];
  const x: number[] = [];
  const y: number[] = [];
  const emit = (o: number, a = 0, b = 0): number => {
    op.push(o);
    x.push(a);
    y.push(b);
    return op.length - 1;
  };
  if (!source.startsWith('^')) return null;
  // The same shapes as atoms, for the fast first try (formatNative.ts).
  const lists: Atom[][] = [[]];
  const add = (a: Atom): void => void lists[lists.length - 1]!.push(a);
  let i = 1;
  let groups = 0;
  /** The split instruction of each group still open. */
  const open: number[] = [];
  const quantified = (at: number): boolean => at < source.length && QUANTIFIER.includes(source[at]!);
  while (i < source.length) {
    const c = source[i]!;
    if (c === '$') {
      if (i !== source.length - 1) return null;
      emit(END);
      add({ kind: 'end' });
      i++;
    } else if (c === '(' && !source.startsWith('(?<_', i)) {
      // A group of literals and fields, as in `(\[<Pid>\])?`: a split before its body, set at `)`.
      if (source[i + 1] === '?' && source[i + 2] !== ':') return null;
      open.push(emit(SPLIT));
      lists.push([]);
      i += source[i + 1] === '?' ? 3 : 1;
    } else if (c === ')') {
      const split = open.pop();
      if (split === undefined) return null;
      i++;
      const body = split + 1;
      const inner = lists.pop()!;
      if (source[i] === '?') {
        const lazy = source[i + 1] === '?';
        i += lazy ? 2 : 1;
        if (quantified(i)) return null;
        x[split] = lazy ? op.length : body;
        y[split] = lazy ? body : op.length;
        add({ kind: 'optional', body: inner, lazy });
      } else {
        if (quantified(i)) return null;
        op[split] = JMP;
        x[split] = body;
        for (const a of inner) add(a);
      }
    } else if (c === '(') {
      const head = /^\(\?<_(\d{1,4})>/.exec(source.slice(i, i + 10));
      if (head === null) return null;
      const k = Number(head[1]);
      i += head[0].length;
      const shape = GROUP_SHAPES.find(([text]) => source.startsWith(text, i));
      if (shape === undefined) return null;
      i += shape[0].length;
      if (quantified(i)) return null;
      groups = Math.max(groups, k + 1);
      emit(SAVE, 2 * k);
      add({ kind: shape[1], group: k });
      if (shape[1] === 'content') {
        // L: SPLIT(exit, body); body: ANY; JMP L
        const l = emit(SPLIT);
        emit(ANY);
        emit(JMP, l);
        x[l] = op.length;
        y[l] = l + 1;
      } else if (shape[1] === 'word') {
        // L: NOT_WS; SPLIT(L, exit)
        const l = emit(NOT_WS);
        emit(SPLIT, l, l + 2);
      } else {
        // NOT_WS; SPLIT(exit, L); L: SPLIT(M, body); body: ANY; JMP L; M: NOT_WS
        emit(NOT_WS);
        const skip = emit(SPLIT);
        const l = emit(SPLIT);
        emit(ANY);
        emit(JMP, l);
        const last = emit(NOT_WS);
        x[skip] = op.length;
        y[skip] = l;
        x[l] = last;
        y[l] = l + 1;
      }
      emit(SAVE, 2 * k + 1);
    } else if (c === '\\') {
      const next = source[i + 1] ?? '';
      if (next === 's') {
        const q = source[i + 2];
        if (q === '+' || q === '*') {
          if (quantified(i + 3)) return null;
          if (q === '+') {
            const l = emit(WS);
            emit(SPLIT, l, l + 2);
            add({ kind: 'wsPlus' });
          } else {
            // L: SPLIT(body, exit); body: WS; JMP L
            const l = emit(SPLIT, 0, 0);
            emit(WS);
            emit(JMP, l);
            x[l] = l + 1;
            y[l] = op.length;
            add({ kind: 'wsStar' });
          }
          i += 3;
        } else {
          if (quantified(i + 2)) return null;
          emit(WS);
          add({ kind: 'ws' });
          i += 2;
        }
      } else if (PUNCT.test(next)) {
        if (quantified(i + 2)) return null;
        emit(CHAR, next.charCodeAt(0));
        add({ kind: 'char', code: next.charCodeAt(0) });
        i += 2;
      } else {
        return null;
      }
    } else if (META.includes(c)) {
      return null;
    } else {
      if (quantified(i + 1)) return null;
      emit(CHAR, c.charCodeAt(0));
      add({ kind: 'char', code: c.charCodeAt(0) });
      i++;
    }
  }
  if (open.length > 0) return null;
  emit(MATCH);
  const quick = nativeFormat(lists[0]!, groups);
  return program(Int32Array.from(op), Int32Array.from(x), Int32Array.from(y), groups, maxBits, quick);
}

function program(
  op: Int32Array,
  x: Int32Array,
  y: Int32Array,
  groups: number,
  maxBits: number,
  quick: ReturnType<typeof nativeFormat>,
): FormatMatcher {
  const size = op.length;
  const ncap = 2 * groups;
  const cap = new Int32Array(ncap);
  // Jobs: (pc, pos) to explore, or (−1 − slot, old value) to restore a capture when backing out.
  let jobPc = new Int32Array(64);
  let jobPos = new Int32Array(64);
  let visited = new Uint32Array(0);
  return {
    groups,
    maxLength: Math.floor(maxBits / size) - 1,
    match(line) {
      // The native try first (formatNative.ts); the bit-state search when it finds no match.
      const first = quick?.match(line);
      if (first !== undefined) return first;
      const n = line.length;
      const words = (size * (n + 1) + 31) >>> 5;
      if (visited.length < words) visited = new Uint32Array(Math.max(words, visited.length * 2));
      // Only positions up to the furthest reached were marked; clear those after the search.
      let furthest = 0;
      cap.fill(-1);
      let jobs = 0;
      const push = (pc: number, pos: number): void => {
        if (jobs === jobPc.length) {
          jobPc = doubled(jobPc);
          jobPos = doubled(jobPos);
        }
        jobPc[jobs] = pc;
        jobPos[jobs] = pos;
        jobs++;
      };
      push(0, 0);
      let result: FormatMatch | null = null;
      search: while (jobs > 0) {
        jobs--;
        let pc = jobPc[jobs]!;
        let pos = jobPos[jobs]!;
        if (pc < 0) {
          cap[-1 - pc] = pos;
          continue;
        }
        for (;;) {
          const bit = pos * size + pc;
          const word = bit >>> 5;
          const mask = 1 << (bit & 31);
          if ((visited[word]! & mask) !== 0) break;
          visited[word] = visited[word]! | mask;
          if (pos > furthest) furthest = pos;
          switch (op[pc]) {
            case CHAR:
              if (pos < n && line.charCodeAt(pos) === x[pc]) {
                pc++;
                pos++;
                continue;
              }
              break;
            case WS:
              if (pos < n && isSpace(line.charCodeAt(pos))) {
                pc++;
                pos++;
                continue;
              }
              break;
            case NOT_WS:
              if (pos < n && !isSpace(line.charCodeAt(pos))) {
                pc++;
                pos += width(line, pos, n);
                continue;
              }
              break;
            case ANY:
              if (pos < n) {
                pc++;
                pos += width(line, pos, n);
                continue;
              }
              break;
            case SPLIT:
              push(y[pc]!, pos);
              pc = x[pc]!;
              continue;
            case JMP:
              pc = x[pc]!;
              continue;
            case SAVE: {
              const slot = x[pc]!;
              push(-1 - slot, cap[slot]!);
              cap[slot] = pos;
              pc++;
              continue;
            }
            case END:
              if (pos === n) {
                pc++;
                continue;
              }
              break;
            default:
              result = { caps: cap.slice(), end: pos };
              break search;
          }
          break;
        }
      }
      visited.fill(0, 0, Math.min(visited.length, ((furthest + 1) * size + 31) >>> 5));
      return result;
    },
  };
}

/** Pure: the text group `_k` took in `line`, or undefined when it took no part. */
export function groupText(line: string, m: FormatMatch, k: number): string | undefined {
  const s = m.caps[2 * k]!;
  const e = m.caps[2 * k + 1]!;
  return s < 0 || e < 0 ? undefined : line.slice(s, e);
}
