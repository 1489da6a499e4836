/**
 * An index of a tree leaf's clusters by their constant words, so that a line is compared with the few
 * clusters that could take it rather than with all of them. On a log whose lines carry two random words
 * (20,000 lines, every line a cluster of its own in one leaf until two words coincide) comparing each
 * line with every cluster of its leaf made mining quadratic.
 *
 * Exact, not a heuristic: a cluster can reach similarity `s` only if at most ⌊n(1 − s)⌋ of its constant
 * positions differ from the line (n = the leaf's token count), so among any ⌊n(1 − s)⌋ + 1 positions
 * of the line it must, at one of them, hold the line's word or no constant word at all (`<*>` or a
 * variable-looking token). The index keeps, per position, the clusters by their constant word there
 * and the clusters without one; a query picks the positions whose two lists are shortest and returns
 * the union, in creation order (the order the full scan compares them in, so ties go the same way).
 * Pure data structure: the miner tells it every change of a cluster's template.
 */
import { WILDCARD, type Cluster } from './cluster';

/** One position: clusters by their constant word there, and those with no constant word there. */
interface Column {
  byWord: Map<string, Set<Cluster>>;
  other: Set<Cluster>;
}

export class LeafIndex {
  private readonly columns: Column[];

  constructor(length: number) {
    this.columns = Array.from({ length }, () => ({ byWord: new Map(), other: new Set() }));
  }

  /** Adds a cluster of the leaf. */
  add(c: Cluster): void {
    for (let i = 0; i < this.columns.length; i++) this.put(c, i);
  }

  /** Removes a cluster that left the leaf (merged into another). */
  remove(c: Cluster): void {
    for (let i = 0; i < this.columns.length; i++) {
      const col = this.columns[i]!;
      if (isConstant(c, i)) {
        const set = col.byWord.get(c.tokens[i]!);
        set?.delete(c);
        if (set?.size === 0) col.byWord.delete(c.tokens[i]!);
      } else col.other.delete(c);
    }
  }

  /** Records that position `i` of `c`'s template, which held the constant `word`, is now `<*>`. */
  wildcarded(c: Cluster, i: number, word: string): void {
    const col = this.columns[i]!;
    const set = col.byWord.get(word);
    if (set !== undefined && set.delete(c)) {
      if (set.size === 0) col.byWord.delete(word);
      col.other.add(c);
    }
  }

  /**
   * The clusters that can match `tokens` with at most `misses` of their own constant positions
   * differing (a superset, in creation order), or null when `misses` leaves no position to rule
   * any out (the caller scans them all).
   */
  candidates(tokens: readonly string[], misses: number): Cluster[] | null {
    const n = this.columns.length;
    const take = misses + 1;
    if (take > n) return null;
    // The `take` positions whose lists are shortest.
    const sizes: [number, number][] = [];
    for (let i = 0; i < n; i++) {
      const col = this.columns[i]!;
      sizes.push([(col.byWord.get(tokens[i]!)?.size ?? 0) + col.other.size, i]);
    }
    sizes.sort((a, b) => a[0] - b[0] || a[1] - b[1]);
    const out = new Set<Cluster>();
    for (let k = 0; k < take; k++) {
      const col = this.columns[sizes[k]![1]]!;
      const same = col.byWord.get(tokens[sizes[k]![1]]!);
      if (same !== undefined) for (const c of same) out.add(c);
      for (const c of col.other) out.add(c);
    }
    return [...out].sort((a, b) => a.id - b.id);
  }

  private put(c: Cluster, i: number): void {
    const col = this.columns[i]!;
    if (!isConstant(c, i)) {
      col.other.add(c);
      return;
    }
    const word = c.tokens[i]!;
    let set = col.byWord.get(word);
    if (set === undefined) col.byWord.set(word, (set = new Set()));
    set.add(c);
  }
}

/** Pure: position `i` of `c`'s template holds a constant word (not `<*>`, not variable-looking). */
export function isConstant(c: Cluster, i: number): boolean {
  return c.tokens[i] !== WILDCARD && !c.vars[i];
}
