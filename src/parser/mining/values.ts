/**
 * Which words are values: the evidence the final pass (merge.ts) reads before it splits an event by a
 * position with few words, or joins templates one word apart. A word is a value when the log uses it
 * as one somewhere (a user of a small pool, `login accepted for user amy` / `bo` / `lee`, is a user
 * elsewhere too), not when it tells one event from another (`session opened` / `session closed`).
 */
import { WILDCARD, type Cluster } from './cluster';
import { isPunctuation } from './tokens';
import { crossed, isEnumeration, type ConstantRule } from './enumeration';

/**
 * Pure: which words are values:
 * - seen at a parameter (`valueWords`: a position with `variableAfter` words or more);
 * - varying in two or more groups that show more words than there are groups, where a group is a
 *   few-valued position of a cluster, or a position where templates of the same length are one word
 *   apart (`service cron|sshd|ntp` before `restarted` and before `stopped`: three words, two groups). An event word of a family crossed with a small
 *   variable (`restarted`/`stopped` after each of the services) shows as many groups as words. The
 *   other words of a group holding two such values are values too;
 * - standing `variableAfter` or more apart where templates are one word apart (not the leading word).
 */
/** Few-valued positions of one length and place compared pairwise for instances (see `valueTest`). */
const MAX_BUCKET = 256;

/** Pure: `general` equals `t` wherever it is not `<*>`, at every position but `p`, and differs somewhere. */
function generalises(general: readonly string[], t: readonly string[], p: number): boolean {
  let differs = false;
  for (let i = 0; i < t.length; i++) {
    if (i === p || general[i] === t[i]) continue;
    if (general[i] !== WILDCARD) return false;
    differs = true;
  }
  return differs;
}

export function valueTest(
  roots: readonly Cluster[],
  valueWords: ReadonlySet<string>,
  isVariable: (t: string) => boolean,
  variableAfter: number,
  maxAligned: number,
  constants: ConstantRule,
): (word: string) => boolean {
  const shared = new Set<string>();
  /**
   * Marks the words of `groups` that are in two or more of them, which show more words than groups.
   * Groups of one context count once: two positions of one template (a transition's `from <*> to
   * <*>`, whose states vary together), or templates apart only in values (`user kahoho removed from
   * group <*>` and `user tesu removed …` when the users are values).
   */
  const noteShared = (groups: Iterable<ReadonlySet<string>>, spread: boolean, contexts?: readonly unknown[]): void => {
    const inGroups = new Map<string, { groups: Set<unknown>; words: Set<string> }>();
    const all = [...groups];
    const list: ReadonlySet<string>[] = [];
    all.forEach((g, k) => {
      if (g.size < 2) return;
      list.push(g);
      const context = contexts?.[k] ?? g;
      for (const w of g) {
        let e = inGroups.get(w);
        if (e === undefined) inGroups.set(w, (e = { groups: new Set(), words: new Set() }));
        e.groups.add(context);
        for (const x of g) e.words.add(x);
      }
    });
    for (const [w, e] of inGroups) if (e.groups.size >= 2 && e.words.size > e.groups.size) shared.add(w);
    // A group with two of those words holds values of the same kind (the services only stopped).
    if (spread)
      for (const g of list) {
        let values = 0;
        for (const w of g) if (shared.has(w)) values++;
        if (values >= 2) for (const w of g) shared.add(w);
      }
  };
  const byLength = new Map<number, Cluster[]>();
  for (const c of roots) {
    if (c.tokens.length > maxAligned) continue;
    const list = byLength.get(c.tokens.length);
    if (list) list.push(c);
    else byLength.set(c.tokens.length, [c]);
  }
  /** Groups of the templates of `list` that are one word apart at `p`, keyed by their other tokens. */
  const apartAt = (
    list: readonly Cluster[],
    p: number,
    same: (t: string) => boolean,
  ): Map<string, Map<string, number>> => {
    const groups = new Map<string, Map<string, number>>();
    for (const c of list) {
      const w = c.tokens[p]!;
      if (w === WILDCARD || isVariable(w) || isPunctuation(w)) continue;
      const key = c.tokens.map((t, i) => (i === p ? '' : same(t) ? '\u0001' : t)).join('\u0000');
      let g = groups.get(key);
      if (g === undefined) groups.set(key, (g = new Map()));
      g.set(w, (g.get(w) ?? 0) + c.size);
    }
    return groups;
  };
  const valueLooking = (t: string): boolean => isVariable(t) || t === WILDCARD;
  /**
   * Whether the words `g` at `p` of the templates keyed `key` vary apart from another position
   * (co-variation, merge.ts `variesApart`): each template's words there (its few words, or its
   * constant one) paired with its word at p make more pairs than the two vocabularies' sizes.
   */
  const crossedWith = (list: readonly Cluster[], p: number, key: string, g: ReadonlyMap<string, number>): boolean => {
    const members = list.filter(
      (c) =>
        g.has(c.tokens[p]!) &&
        c.tokens.map((t, i) => (i === p ? '' : valueLooking(t) ? '\u0001' : t)).join('\u0000') === key,
    );
    for (let q = 0; q < (members[0]?.tokens.length ?? 0); q++) {
      if (q === p) continue;
      const pairs = new Set<string>();
      const words = new Set<string>();
      for (const c of members) {
        const v = c.tokens[q] === WILDCARD ? c.values[q] : new Set([c.tokens[q]!]);
        if (v == null) continue;
        for (const w of v) {
          words.add(w);
          pairs.add(`${c.tokens[p]}\u0000${w}`);
        }
      }
      if (words.size >= 2 && crossed(pairs.size, g.size, words.size)) return true;
    }
    return false;
  };
  // Where `variableAfter` words or more stand one word apart, the position is a parameter (as the
  // one-word-apart merge will make it), and its words are values — but not the leading word, and
  // not the words of an enumeration (each frequent: merge.ts), which stay apart.
  const apart = new Set<string>();
  for (const [n, list] of byLength) {
    if (list.length < 4) continue;
    for (let p = 1; p < n; p++) {
      for (const [key, g] of apartAt(list, p, valueLooking)) {
        if (g.size < variableAfter) continue;
        if (g.size <= constants.maxValues && isEnumeration(g, constants) && !crossedWith(list, p, key, g)) continue;
        for (const w of g.keys()) apart.add(w);
      }
    }
  }
  for (const w of apart) shared.add(w);
  // Templates apart only in those words are one context: `courier kavon reported BUSY` and
  // `courier lovon reported IDLE` once the couriers are values.
  const sameAfterApart = (t: string): boolean => valueLooking(t) || apart.has(t);
  for (const [n, list] of byLength) {
    if (list.length < 4) continue;
    for (let p = 0; p < n; p++) {
      const groups = apartAt(list, p, sameAfterApart);
      noteShared(
        [...groups.values()].map((g) => new Set(g.keys())),
        true,
      );
    }
  }
  // A few-valued position of a cluster whose template is an instance of another's (equal wherever
  // that one is not `<*>`: `node kaviho moved to state <*>` of `node <*> moved to state <*>`) is the
  // same context: their words count as one group (a family spread over clusters by a word of its
  // tree prefix is one group, not many).
  const buckets = new Map<string, { c: Cluster; words: Set<string> }[]>();
  for (const c of roots) {
    for (let i = 0; i < c.values.length; i++) {
      const v = c.values[i];
      if (v == null || v.size < 2 || c.tokens[i] !== WILDCARD) continue;
      const key = `${c.tokens.length}:${i}`;
      const list = buckets.get(key);
      const entry = { c, words: new Set([...v].filter((w) => !isVariable(w))) };
      if (list) list.push(entry);
      else buckets.set(key, [entry]);
    }
  }
  const fewValued: Set<string>[] = [];
  const contexts: string[] = [];
  /**
   * A few-valued position's context: its template (where it is `<*>`), value-looking tokens and
   * values alike (those found above too: `courier kavon reported <*>` and `courier lovon …` are one
   * context once the couriers stand `variableAfter` or more apart).
   */
  const contextOf = (c: Cluster): string =>
    c.tokens
      .map((t) => (t === WILDCARD || isVariable(t) || valueWords.has(t) || shared.has(t) ? '\u0001' : t))
      .join('\u0000');
  for (const [key, list] of buckets) {
    const p = Number(key.slice(key.indexOf(':') + 1));
    const into = list.map(() => -1);
    // Quadratic in a bucket: only for buckets of a bounded size (else each position is its own group).
    if (list.length <= MAX_BUCKET)
      for (let a = 0; a < list.length; a++) {
        for (let b = 0; b < list.length && into[a] === -1; b++) {
          if (a !== b && into[b] === -1 && generalises(list[b]!.c.tokens, list[a]!.c.tokens, p)) into[a] = b;
        }
      }
    const merged = list.map((e) => new Set(e.words));
    for (let a = 0; a < list.length; a++) {
      let r = a;
      for (let hops = 0; into[r] !== -1 && hops < list.length; hops++) r = into[r]!;
      if (r !== a) for (const w of list[a]!.words) merged[r]!.add(w);
    }
    for (let a = 0; a < list.length; a++)
      if (into[a] === -1) {
        fewValued.push(merged[a]!);
        contexts.push(contextOf(list[a]!.c));
      }
  }
  noteShared(fewValued, true, contexts);
  return (w) => valueWords.has(w) || shared.has(w);
}
