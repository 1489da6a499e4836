/**
 * Template mining in the manner of Drain (He et al., ICWS 2017), written for this project.
 *
 * A line's tokens walk a fixed-depth prefix tree: first by token count, then by the leading tokens
 * (a token that looks variable — a digit or a mask placeholder — walks the `<*>` branch, and so does
 * any new token once a node has `maxChildren` children). The leaf holds clusters; the line joins the
 * most similar one if the similarity reaches the threshold, and the cluster's template turns every
 * position where they differ into `<*>`. Otherwise the line starts a new cluster. Each call returns
 * what changed as a value, like Drain3: `cluster_created`, `cluster_template_changed` or `none`.
 *
 * Two departures from plain Drain, both measured on Loghub-2k (`src/bench/parser.ts`):
 * - Similarity is the share of the template's *constant* positions the line repeats: positions that
 *   are `<*>`, or variable-looking on both sides, are left out of the ratio. A generalised template is
 *   not penalised for its parameters, so the threshold can be high (0.8) and one differing word in a
 *   short template (`… proxy <host> HTTPS` / `… SOCKS5`) keeps two events apart.
 * - A word is a parameter once it is seen with `variableAfter` (5) different values: when a new
 *   cluster differs from leaf siblings at one and the same position only, and together they show that
 *   many values there, they merge into the oldest, with `<*>` at that position (`Invalid user admin`,
 *   `… oracle`, `… test`, … → `Invalid user <*>`). This also keeps leaves small when a word varies a lot.
 * - Each cluster keeps the different words of each position (up to `variableAfter`) and its lines by
 *   their words at the few-valued positions (`Variant`); the final pass (merge.ts) splits a cluster by
 *   a position with fewer than `variableAfter` words, so frequency, not a token's shape, decides.
 *
 * Cluster ids are creation numbers (1, 2, …): deterministic for a given input, and unchanged when a
 * template generalises. A cluster merged into another keeps its id and points at the survivor
 * (`mergedInto`), so an early event's id still leads to its final template.
 */

import { LeafIndex } from './leafIndex';
import { isPunctuation } from './tokens';
import { liveVariant, WILDCARD, type Cluster, type Variant } from './cluster';

export type ChangeKind = 'cluster_created' | 'cluster_template_changed' | 'none';

export { liveVariant, WILDCARD, type Cluster, type Variant } from './cluster';

/** Variants a cluster keeps apart before it gives up splitting (memory stays bounded). */
export const MAX_VARIANTS = 64;

/** Words the miner remembers as values of parameters (memory stays bounded; later ones are not kept). */
export const MAX_VALUE_WORDS = 65_536;

/** Default of `DrainOptions.maxValues` (the configuration's `mining.constantMaxValues`). */
export const DEFAULT_MAX_VALUES = 8;

export interface DrainOptions {
  /** Tree depth counting the root and the length layer (Drain's `depth`); ≥ 3. */
  depth: number;
  /** Similarity threshold, 0–1. */
  similarity: number;
  maxChildren: number;
  /** Different values a word position needs among sibling clusters to become a parameter (≥ 2). */
  variableAfter: number;
  /**
   * Different words a position's count is kept for (`mining.constantMaxValues`, default 8): one with
   * more is an open vocabulary, a parameter for good. The final pass judges the ones with
   * `variableAfter` to this many words by how often each occurs (merge.ts). Never below `variableAfter` − 1.
   */
  maxValues?: number;
  /** True for tokens that look variable (route to the `<*>` branch, never count as constant). */
  isVariable(token: string): boolean;
  /** Leaves with more clusters than this are searched through an index (default 32; the result is the same). */
  indexFrom?: number;
}

interface Node {
  children: Map<string, Node>;
  /** The leaf's live clusters in creation order (a set: a merge takes members out in O(1)). */
  clusters: Set<Cluster>;
  /** Built once the leaf holds more than `INDEX_FROM` clusters (leafIndex.ts), then kept up to date. */
  index: LeafIndex | null;
}

function newNode(): Node {
  return { children: new Map(), clusters: new Set(), index: null };
}

/** Leaves with more clusters than this are searched through their index; smaller ones are scanned. */
const INDEX_FROM = 32;

export interface AddResult {
  cluster: Cluster;
  change: ChangeKind;
  /** The line's variant in its cluster (null when the cluster keeps none). */
  variant: Variant | null;
}

/** Pure: the live cluster `c` ended up in. */
export function survivor(c: Cluster): Cluster {
  let s = c;
  while (s.mergedInto !== null) s = s.mergedInto;
  return s;
}

/** The miner. Deterministic: the same lines in the same order give the same clusters and ids. */
export class Drain {
  private readonly root = new Map<number, Node>();
  private readonly all: Cluster[] = [];
  private readonly prefixDepth: number;
  /** The `<*>` count of the template `similarity` last measured (saves an allocation per comparison). */
  private lastParams = 0;
  /** Clusters a line was compared with so far (similarity or one-word-apart tests): the miner's work. */
  comparisons = 0;
  /**
   * Words seen at a parameter (a position with `variableAfter` values or more): a word the log uses
   * as a value somewhere. The final pass reads it: a few-valued position whose words are all values
   * is a parameter too (a user of a small pool, `login accepted for user amy` / `bo`), not an event
   * of its own per word.
   */
  readonly valueWords = new Set<string>();
  /**
   * Words seen at an open position: one that showed more than `maxValues` words (an open vocabulary).
   * The final pass reads these as values (`valueWords` also holds the words of positions with
   * `variableAfter` to `maxValues` words, which may be an enumeration of events).
   */
  readonly openWords = new Set<string>();
  /** Words a position is followed for before it counts as open (see `DrainOptions.maxValues`). */
  readonly maxValues: number;

  constructor(private readonly opts: DrainOptions) {
    this.prefixDepth = Math.max(1, opts.depth - 2);
    this.maxValues = Math.max(opts.maxValues ?? DEFAULT_MAX_VALUES, opts.variableAfter - 1);
  }

  /** Every cluster in creation order, merged ones included (live objects: templates keep generalising). */
  get clusters(): readonly Cluster[] {
    return this.all;
  }

  /** Adds one line's tokens; returns its (live) cluster and what changed. */
  add(tokens: string[], glue: boolean[]): AddResult {
    const vars = this.variables(tokens, glue);
    const leafFound = this.leafOf(tokens, vars);
    let found = leafFound === null ? null : this.bestMatch(leafFound, tokens, vars);
    // A line with a constant word never turns a template into one without any (`<*>`).
    if (found !== null && this.wouldLoseAllWords(found, tokens)) found = null;
    if (found === null) {
      const cluster: Cluster = {
        id: this.all.length + 1,
        tokens: tokens.slice(),
        glue,
        vars,
        size: 1,
        mergedInto: null,
        values: tokens.map((t) => new Set([t])),
        variants: [],
        variantIndex: new Map(),
      };
      const variant = this.variantOf(cluster, tokens);
      const leaf = this.insertLeaf(tokens, vars);
      leaf.clusters.add(cluster);
      if (leaf.index !== null) leaf.index.add(cluster);
      else if (leaf.clusters.size > (this.opts.indexFrom ?? INDEX_FROM)) {
        leaf.index = new LeafIndex(tokens.length);
        for (const c of leaf.clusters) leaf.index.add(c);
      }
      this.all.push(cluster);
      const merged = this.mergeSiblings(leaf, cluster);
      return merged === null
        ? { cluster, change: 'cluster_created', variant }
        : { cluster: merged, change: 'cluster_template_changed', variant };
    }
    found.size++;
    let changed = false;
    const t = found.tokens;
    const index = leafFound!.index;
    let opened = false;
    for (let i = 0; i < t.length; i++) {
      if (t[i] !== tokens[i]) {
        const seen = found.values[i];
        if (seen == null) this.noteValue(tokens[i]!, true);
        else if (!seen.has(tokens[i]!)) {
          seen.add(tokens[i]!);
          // `variableAfter` words: a parameter for the similarity; past `maxValues`: an open vocabulary.
          if (seen.size === this.opts.variableAfter) for (const w of seen) this.noteValue(w, false);
          else if (seen.size > this.opts.variableAfter) this.noteValue(tokens[i]!, false);
          if (seen.size > this.maxValues) {
            found.values[i] = null;
            for (const w of seen) this.noteValue(w, true);
            opened = true;
          }
        }
        if (t[i] !== WILDCARD) {
          const word = t[i]!;
          t[i] = WILDCARD;
          index?.wildcarded(found, i, word);
          changed = true;
        }
      }
    }
    if (opened) foldVariants(found);
    return {
      cluster: found,
      change: changed ? 'cluster_template_changed' : 'none',
      variant: this.variantOf(found, tokens),
    };
  }

  /**
   * Remembers `w` as a value of a parameter when it is a word (not variable-looking, not
   * punctuation); `open`: seen at an open position (see `openWords`).
   */
  private noteValue(w: string, open: boolean): void {
    if (w === WILDCARD || this.opts.isVariable(w) || isPunctuation(w)) return;
    if (this.valueWords.size < MAX_VALUE_WORDS) this.valueWords.add(w);
    if (open && this.openWords.size < MAX_VALUE_WORDS) this.openWords.add(w);
  }

  /** True when joining `tokens` to `c` leaves no constant word although the line has one. */
  private wouldLoseAllWords(c: Cluster, tokens: readonly string[]): boolean {
    const isVariable = this.opts.isVariable;
    let lineHasWord = false;
    const t = c.tokens;
    for (let i = 0; i < t.length; i++) {
      const w = tokens[i]!;
      if (w === WILDCARD || isVariable(w) || isPunctuation(w)) continue;
      if (t[i] === w) return false;
      lineHasWord = true;
    }
    return lineHasWord;
  }

  /** The variant of `cluster` a line with `tokens` belongs to (created if new), counted once. */
  private variantOf(cluster: Cluster, tokens: readonly string[]): Variant | null {
    const list = cluster.variants;
    if (list === null) return null;
    const key = variantKey(cluster.values, tokens);
    const found = cluster.variantIndex.get(key);
    let v = found === undefined ? undefined : liveVariant(found);
    if (v === undefined) {
      if (list.length >= MAX_VARIANTS) {
        cluster.variants = null;
        cluster.variantIndex.clear();
        return null;
      }
      v = { tokens: tokens.slice(), count: 0, into: null };
      list.push(v);
      cluster.variantIndex.set(key, v);
    }
    v.count++;
    return v;
  }

  /**
   * Records one more line identical (after masking) to a line `cluster` already took: such a line
   * fits the template as it stands, so nothing changes but the count. Returns the live cluster.
   */
  repeat(cluster: Cluster): Cluster {
    const live = survivor(cluster);
    live.size++;
    return live;
  }

  /** No change to the tree: the live cluster `tokens` would join, or null. */
  match(tokens: string[], glue?: boolean[]): Cluster | null {
    return this.search(tokens, this.variables(tokens, glue));
  }

  /** Variable-looking tokens: a digit or placeholder, or the value of a `key=value` / `key:value` pair. */
  private variables(tokens: readonly string[], glue?: readonly boolean[]): boolean[] {
    const isVariable = this.opts.isVariable;
    const vars = new Array<boolean>(tokens.length);
    for (let i = 0; i < tokens.length; i++)
      vars[i] =
        isVariable(tokens[i]!) ||
        (i > 0 && glue?.[i] === true && isKey(tokens[i - 1]!)) ||
        this.valueWords.has(tokens[i]!);
    return vars;
  }

  private search(tokens: string[], vars: boolean[]): Cluster | null {
    const leaf = this.leafOf(tokens, vars);
    return leaf === null ? null : this.bestMatch(leaf, tokens, vars);
  }

  /** The leaf a line's tokens walk to, or null. */
  private leafOf(tokens: string[], vars: boolean[]): Node | null {
    let node = this.root.get(tokens.length);
    if (node === undefined) return null;
    const depth = Math.min(this.prefixDepth, tokens.length);
    for (let i = 0; i < depth && node !== undefined; i++) {
      node = (vars[i] ? undefined : node.children.get(tokens[i]!)) ?? node.children.get(WILDCARD);
    }
    return node ?? null;
  }

  /** The leaf a new cluster for `tokens` goes to, creating the path (Drain's insertion rules). */
  private insertLeaf(tokens: string[], vars: boolean[]): Node {
    const n = tokens.length;
    let node: Node | undefined = this.root.get(n);
    if (node === undefined) {
      node = newNode();
      this.root.set(n, node);
    }
    const depth = Math.min(this.prefixDepth, n);
    const max = this.opts.maxChildren;
    for (let i = 0; i < depth; i++) {
      const token = tokens[i]!;
      const children: Map<string, Node> = node.children;
      let key = token;
      if (vars[i]) key = WILDCARD;
      else if (!children.has(token)) {
        // A new constant token gets its own branch while there is room; the last slot is kept for `<*>`.
        const room = children.has(WILDCARD) ? children.size < max : children.size + 1 < max;
        if (!room) key = WILDCARD;
      }
      let next: Node | undefined = children.get(key);
      if (next === undefined) {
        next = newNode();
        children.set(key, next);
      }
      node = next;
    }
    return node;
  }

  /**
   * After `fresh` joined `leaf`: siblings equal to it except at one word position p, if together
   * they show `variableAfter` values at p, merge into the oldest of them. Returns the survivor or null.
   */
  private mergeSiblings(leaf: Node, fresh: Cluster): Cluster | null {
    if (leaf.clusters.size < this.opts.variableAfter) return null;
    const byPosition = new Map<number, Cluster[]>();
    // A sibling one word apart differs from `fresh` at one position at most (leafIndex.ts).
    for (const s of leaf.index?.candidates(fresh.tokens, 1) ?? leaf.clusters) {
      if (s === fresh) continue;
      this.comparisons++;
      const p = singleDifference(s, fresh);
      if (p === -1) continue;
      const list = byPosition.get(p);
      if (list) list.push(s);
      else byPosition.set(p, [s]);
    }
    for (const [p, siblings] of byPosition) {
      if (siblings.length + 1 < this.opts.variableAfter) continue;
      // Different words, not clusters: siblings apart elsewhere only in values may repeat the word.
      const words = new Set(siblings.map((c) => c.tokens[p]));
      words.add(fresh.tokens[p]);
      if (words.size < this.opts.variableAfter) continue;
      // Never leave a template without a constant word: one-word messages stay apart.
      if (!hasWordBesides(fresh.tokens, p, this.opts.isVariable)) continue;
      const members = [...siblings, fresh].sort((a, b) => a.id - b.id);
      const keep = members[0]!;
      const index = leaf.index;
      for (const m of members.slice(1)) {
        keep.size += m.size;
        m.mergedInto = keep;
        index?.remove(m);
        leaf.clusters.delete(m);
        for (let i = 0; i < keep.tokens.length; i++) {
          const word = keep.tokens[i]!;
          if (word !== m.tokens[i] && word !== WILDCARD) {
            keep.tokens[i] = WILDCARD;
            index?.wildcarded(keep, i, word);
          }
        }
        absorbStats(keep, m, this.opts.variableAfter, this.maxValues, (w, open) => this.noteValue(w, open));
      }
      return keep;
    }
    return null;
  }

  private bestMatch(leaf: Node, tokens: string[], vars: boolean[]): Cluster | null {
    let best: Cluster | null = null;
    let bestSim = -1;
    let bestParams = -1;
    // A cluster at the threshold differs from the line at ⌊n(1 − s)⌋ of its constant positions at
    // most (leafIndex.ts); the margin keeps a bound that floating point puts just under an integer.
    const misses = Math.floor(tokens.length * (1 - this.opts.similarity) + 1e-6);
    const clusters = leaf.index?.candidates(tokens, misses) ?? leaf.clusters;
    for (const c of clusters) {
      this.comparisons++;
      const sim = this.similarity(c, tokens, vars);
      const params = this.lastParams;
      if (sim > bestSim || (sim === bestSim && params > bestParams)) {
        best = c;
        bestSim = sim;
        bestParams = params;
      }
    }
    return best !== null && bestSim >= this.opts.similarity ? best : null;
  }

  /** The share of the template's constant positions `tokens` repeats; leaves the `<*>` count in `lastParams`. */
  private similarity(c: Cluster, tokens: string[], vars: boolean[]): number {
    let same = 0;
    let counted = 0;
    let params = 0;
    const template = c.tokens;
    const templateVars = c.vars;
    for (let i = 0; i < template.length; i++) {
      const t = template[i]!;
      if (t === WILDCARD) {
        params++;
        continue;
      }
      if (t === tokens[i]) {
        if (!templateVars[i]) {
          same++;
          counted++;
        }
      } else if (!templateVars[i] || !vars[i]) counted++;
    }
    this.lastParams = params;
    return counted === 0 ? 1 : same / counted;
  }
}

/** The key of a line's variant: its words at the positions of `values` that still have few words. */
function variantKey(values: readonly (Set<string> | null)[], tokens: readonly string[]): string {
  let key = '';
  for (let i = 0; i < values.length; i++) {
    const v = values[i];
    if (v != null && v.size > 1) key += `${i}\u0001${tokens[i]}\u0000`;
  }
  return key;
}

/**
 * Adds `m`'s word sets and variants to `keep`'s (same length), when `m` is merged into it. `onParam`
 * receives the words of each position that shows `variableAfter` words or more (`open`: more than
 * `maxValues`, which makes the position open).
 */
export function absorbStats(
  keep: Cluster,
  m: Cluster,
  variableAfter: number,
  maxValues: number,
  onParam?: (word: string, open: boolean) => void,
): void {
  let opened = false;
  for (let i = 0; i < keep.values.length; i++) {
    const a = keep.values[i];
    const b = m.values[i];
    if (a == null) {
      if (b != null) for (const w of b) onParam?.(w, true);
      continue;
    }
    if (b == null) {
      for (const w of a) onParam?.(w, true);
      keep.values[i] = null;
      opened = true;
      continue;
    }
    for (const w of b) a.add(w);
    if (a.size > maxValues) {
      for (const w of a) onParam?.(w, true);
      keep.values[i] = null;
      opened = true;
    } else if (a.size >= variableAfter) for (const w of a) onParam?.(w, false);
  }
  if (keep.variants === null || m.variants === null || keep.variants.length + m.variants.length > MAX_VARIANTS) {
    keep.variants = null;
    keep.variantIndex.clear();
  } else {
    keep.variants.push(...m.variants);
    if (opened) foldVariants(keep);
  }
}

/**
 * Re-keys a cluster's variants by its positions that still have few words (after one became open, or
 * after a merge brought another's in): variants now equal there fold into the first of them, which
 * takes their count. Linear in the variants; a position becomes open once per cluster.
 */
export function foldVariants(c: Cluster): void {
  const list = c.variants;
  if (list === null) return;
  c.variantIndex.clear();
  const kept: Variant[] = [];
  for (const v of list) {
    const key = variantKey(c.values, v.tokens);
    const first = c.variantIndex.get(key);
    if (first === undefined) {
      c.variantIndex.set(key, v);
      kept.push(v);
    } else {
      first.count += v.count;
      v.count = 0;
      v.into = first;
    }
  }
  c.variants = kept;
}

/** Pure: a token that names a value: it ends with `=` or `:` (`uid=`, `ret:`). */
export function isKey(token: string): boolean {
  const n = token.length;
  if (n < 2) return false;
  const c = token.charCodeAt(n - 1);
  if (c !== 61 && c !== 58) return false;
  const b = token.charCodeAt(n - 2);
  return (b >= 48 && b <= 57) || (b >= 65 && b <= 90) || (b >= 97 && b <= 122) || b === 95;
}

/** Pure: whether `tokens` keeps a constant word (not `<*>`, variable-looking or punctuation) outside position `skip`. */
export function hasWordBesides(tokens: readonly string[], skip: number, isVariable: (t: string) => boolean): boolean {
  for (let i = 0; i < tokens.length; i++) {
    if (i === skip) continue;
    const t = tokens[i]!;
    if (t !== WILDCARD && !isVariable(t) && !isPunctuation(t)) return true;
  }
  return false;
}

/**
 * Pure: the one position where two equal-length templates differ with a constant word on at least one
 * side, when everywhere else they are equal or both variable-looking; otherwise -1.
 */
export function singleDifference(a: Cluster, b: Cluster): number {
  let at = -1;
  const at_ = a.tokens;
  const bt = b.tokens;
  for (let i = 0; i < at_.length; i++) {
    const x = at_[i]!;
    const y = bt[i]!;
    if (x === y) continue;
    if (x === WILDCARD || y === WILDCARD) return -1;
    if (a.vars[i] && b.vars[i]) continue;
    if (at !== -1) return -1;
    at = i;
  }
  return at;
}
