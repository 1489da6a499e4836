/**
 * The fast first try of the format matcher (formatMatcher.ts) on the native regex engine, in time
 * linear in the line, for any format string — a user's as well as a preset's.
 *
 * The format's shapes (atoms) are cut into units, each a field with the literal text after it up to
 * the next field (an optional group is a unit of its own), and every unit is made atomic with the
 * usual emulation `(?=(?<f>…)(?<l>…))\k<f>\k<l>`: the engine takes the unit's first match in the
 * regex's own priority order (greedy runs longest, lazy fields shortest) and never backtracks into
 * it. Inside a unit a lazy field tries its ends once each, and the text after it fails or succeeds
 * after a fixed number of characters (its first character is not whitespace, or the whitespace run
 * it starts with is read by one end only), so a line costs time linear in its length.
 *
 * Committing can only lose matches, never change one: the choices a unit skipped failed within the
 * unit itself, so every path through them fails too, and a committed match that reaches the end is
 * the first match of the full regex — the one the bit-state search would find. When the committed
 * try fails, the caller runs that search (a line that does not fit, or one that needs a later choice).
 * Inside a greedy optional group a lost match would change the match instead: the group would be
 * left out where the regex takes it (`(  <Content>)?  <F1>` on "  a": the body's run commits to both
 * spaces and the body fails, yet with one space it matches). So a greedy group's body must lose
 * nothing: each of its units but the last has at most one match where it starts (see `single`).
 * Formats whose units could cost more than linear time (content in the middle followed by
 * whitespace, two whitespace runs in a row), or whose greedy optional bodies could lose a match,
 * get no native try (null).
 */

/** One shape of a format's regex (see formatMatcher.ts for the source forms). */
export type Atom =
  | { kind: 'char'; code: number }
  | { kind: 'ws' }
  | { kind: 'wsPlus' }
  | { kind: 'wsStar' }
  | { kind: 'word'; group: number }
  | { kind: 'field'; group: number }
  | { kind: 'content'; group: number }
  | { kind: 'optional'; body: Atom[]; lazy: boolean }
  | { kind: 'end' };

/** A format's match: group k in `caps[2k]`, `caps[2k + 1]` (−1 when it took no part), and the end. */
export interface NativeMatch {
  caps: Int32Array;
  end: number;
}

/** RE2's `\s` and `\S` (ASCII), as the bit-state search reads them. */
const WS = '[\\t\\n\\f\\r ]';
const NOT_WS = '[^\\t\\n\\f\\r ]';

/** Letters and digits stand for themselves; every other character is written `\u{…}` (valid with `u`). */
function isAlnum(c: number): boolean {
  return (c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122);
}

/** Named groups in the order they cover the line: a field's (its number) or a literal's (−1). */
interface Piece {
  name: string;
  group: number;
}

const isRun = (a: Atom | undefined): boolean => a?.kind === 'wsPlus' || a?.kind === 'wsStar';

/** The characters a sequence of atoms can begin with (`end`: it can match at the end of the line). */
interface Starts {
  any: boolean;
  ws: boolean;
  notWs: boolean;
  end: boolean;
  chars: Set<number>;
}

const ANY: Starts = { any: true, ws: true, notWs: true, end: true, chars: new Set() };

function isSpaceCode(c: number): boolean {
  return c === 32 || c === 9 || c === 10 || c === 12 || c === 13;
}

/** Pure: what `list` followed by something starting with `follow` can begin with. */
function startsOf(list: readonly Atom[], follow: Starts): Starts {
  const s: Starts = { any: false, ws: false, notWs: false, end: false, chars: new Set() };
  const addAll = (t: Starts): Starts => {
    s.any ||= t.any;
    s.ws ||= t.ws;
    s.notWs ||= t.notWs;
    s.end ||= t.end;
    for (const c of t.chars) s.chars.add(c);
    return s;
  };
  for (let i = 0; i < list.length; i++) {
    const a = list[i]!;
    switch (a.kind) {
      case 'char':
        s.chars.add(a.code);
        return s;
      case 'ws':
      case 'wsPlus':
        s.ws = true;
        return s;
      case 'wsStar':
        s.ws = true;
        continue;
      case 'word':
      case 'field':
        s.notWs = true;
        return s;
      case 'content':
        return ANY;
      case 'optional': {
        // What the rest can begin with, worked out once: walking on here as well took 2^n steps.
        const after = startsOf(list.slice(i + 1), follow);
        addAll(startsOf(a.body, after));
        return addAll(after);
      }
      case 'end':
        s.end = true;
        return s;
    }
  }
  return addAll(follow);
}

/** Pure: whether something starting with `s` may begin with whitespace. */
function mayStartWs(s: Starts): boolean {
  return s.any || s.ws || [...s.chars].some(isSpaceCode);
}

/** Pure: whether something starting with `s` may begin with a character other than whitespace. */
function mayStartNotWs(s: Starts): boolean {
  return s.any || s.notWs || [...s.chars].some((c) => !isSpaceCode(c));
}

/**
 * Pure: whether a unit — `field` (or none) then the literal atoms `lit`, followed by something
 * starting with `next` — has at most one match where it starts, so committing to it loses nothing.
 * A word must end where whitespace or the line's end comes; a whitespace run must end before a
 * character that is not whitespace or at the end; a lazy field or the content can end in many places.
 */
function single(field: Atom | undefined, lit: readonly Atom[], next: Starts): boolean {
  const isWsLike = (a: Atom | undefined): boolean =>
    a !== undefined && (a.kind === 'ws' || a.kind === 'wsPlus' || (a.kind === 'char' && isSpaceCode(a.code)));
  if (field !== undefined) {
    if (field.kind !== 'word') return false;
    const first = lit[0];
    if (first === undefined ? mayStartNotWs(next) : !isWsLike(first) && first.kind !== 'end') return false;
  }
  for (let k = 0; k < lit.length; k++) {
    if (!isRun(lit[k])) continue;
    const after = lit[k + 1];
    if (
      after === undefined
        ? mayStartWs(next)
        : after.kind !== 'end' && (after.kind !== 'char' || isSpaceCode(after.code))
    )
      return false;
  }
  return true;
}

/** Pure: a lookahead for `s` (empty when anything may follow). */
function lookahead(s: Starts): string {
  if (s.any || (s.ws && s.notWs)) return '';
  const chars = [...s.chars].filter((c) => !(s.notWs && !isSpaceCode(c)) && !(s.ws && isSpaceCode(c)));
  const escaped = chars.map((c) => `\\u{${c.toString(16)}}`).join('');
  const parts: string[] = [];
  if (s.notWs) parts.push(NOT_WS);
  if (s.ws || escaped !== '') parts.push(`[${s.ws ? '\\t\\n\\f\\r ' : ''}${escaped}]`);
  if (s.end) parts.push('$');
  return parts.length === 0 ? '(?!)' : `(?=${parts.join('|')})`;
}

/** Pure: the native try for a format's atoms with `groups` groups, or null when it would not be linear. */
export function nativeFormat(
  atoms: readonly Atom[],
  groups: number,
): { match(line: string): NativeMatch | undefined } | null {
  const pieces: Piece[] = [];
  let names = 0;
  const fresh = (): string => `p${names++}`;

  /** Source of a run of non-field atoms, or null when not linear. */
  const literals = (list: readonly Atom[]): string | null => {
    let out = '';
    for (let i = 0; i < list.length; i++) {
      const a = list[i]!;
      if (isRun(a) && isRun(list[i + 1])) return null;
      switch (a.kind) {
        case 'char': {
          out += isAlnum(a.code) ? String.fromCharCode(a.code) : `\\u{${a.code.toString(16)}}`;
          break;
        }
        case 'ws':
          out += WS;
          break;
        case 'wsPlus':
          out += `${WS}+`;
          break;
        case 'wsStar':
          out += `${WS}*`;
          break;
        case 'end':
          out += '$';
          break;
        default:
          return null;
      }
    }
    return out;
  };

  /**
   * Source of a sequence of atoms cut into atomic units, recording its pieces; null when not linear.
   * Each unit ends with a lookahead for what can follow it (`follow` after the sequence): an end of
   * a lazy field after which the rest cannot even begin fails in every path, so skipping it is safe.
   * `exact`: the sequence is a greedy optional group's body (or its last unit), which must fail only
   * where every path through it fails — null when a unit but the last could match in two ways.
   */
  const sequence = (list: readonly Atom[], follow: Starts, exact: boolean): string | null => {
    let out = '';
    let i = 0;
    while (i < list.length) {
      const a = list[i]!;
      if (a.kind === 'optional') {
        // Taken or left out: two ways, so never before another unit of an exact sequence.
        if (exact && i < list.length - 1) return null;
        const name = fresh();
        const after = startsOf(list.slice(i + 1), follow);
        const body = sequence(a.body, after, exact || !a.lazy);
        if (body === null) return null;
        // An alternation, not `?`: a quantifier refuses an empty pass through the group, RE2 does not.
        const choice = a.lazy ? `(?:|${body})` : `(?:${body}|)`;
        out += `(?=(?<${name}>${choice})${lookahead(after)})\\k<${name}>`;
        i++;
        continue;
      }
      let field = '';
      let group = -1;
      if (a.kind === 'word' || a.kind === 'field' || a.kind === 'content') {
        group = a.group;
        field = a.kind === 'word' ? `${NOT_WS}+` : a.kind === 'field' ? `${NOT_WS}(?:.*?${NOT_WS})??` : '.*?';
        i++;
      }
      let j = i;
      while (j < list.length && !['word', 'field', 'content', 'optional'].includes(list[j]!.kind)) j++;
      const rest = list.slice(i, j);
      // Content followed by whitespace would read a whitespace run once for each of its characters.
      if (a.kind === 'content' && (rest[0]?.kind === 'ws' || isRun(rest[0]))) return null;
      const lit = literals(rest);
      if (lit === null) return null;
      const next = startsOf(list.slice(j), follow);
      if (exact && j < list.length && !single(group >= 0 ? a : undefined, rest, next)) return null;
      let unit = '';
      let refs = '';
      if (group >= 0) {
        const name = `_${group}`;
        pieces.push({ name, group });
        unit += `(?<${name}>${field})`;
        refs += `\\k<${name}>`;
      }
      if (lit !== '') {
        const name = fresh();
        pieces.push({ name, group: -1 });
        unit += `(?<${name}>${lit})`;
        refs += `\\k<${name}>`;
      }
      if (unit !== '') out += `(?=${unit}${lookahead(next)})${refs}`;
      i = j;
    }
    return out;
  };

  const named = sequence(atoms, ANY, false);
  if (named === null) return null;
  const { source, numbers } = numbered(named);
  let re: RegExp;
  try {
    re = new RegExp(`^${source}`, 'su');
  } catch {
    return null;
  }
  const slots = Int32Array.from(pieces, (p) => numbers.get(p.name)!);
  const caps = new Int32Array(2 * groups);
  return {
    match(line) {
      const m = re.exec(line);
      if (m === null) return undefined;
      caps.fill(-1);
      let pos = 0;
      for (let k = 0; k < pieces.length; k++) {
        const p = pieces[k]!;
        const text = m[slots[k]!];
        if (text === undefined) continue;
        if (p.group >= 0) {
          caps[2 * p.group] = pos;
          caps[2 * p.group + 1] = pos + text.length;
        }
        pos += text.length;
      }
      return { caps: caps.slice(), end: pos };
    },
  };
}

/**
 * Pure: `source` with its named groups numbered (`(?<p0>…)` → `(…)`, `\k<p0>` → `(?:\1)`) and the
 * number of each name: reading a match's numbered groups costs far less than building its `groups`
 * object. The source holds no other `(?<` (literal text is written `\u{…}`) and no lookbehind.
 */
function numbered(source: string): { source: string; numbers: Map<string, number> } {
  const numbers = new Map<string, number>();
  const opened = source.replace(/\(\?<([\w]+)>/g, (_, name: string) => {
    numbers.set(name, numbers.size + 1);
    return '(';
  });
  return { source: opened.replace(/\\k<([\w]+)>/g, (_, name: string) => `(?:\\${numbers.get(name)})`), numbers };
}
