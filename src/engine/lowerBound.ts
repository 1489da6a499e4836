/**
 * The one binary search of the engine: every sorted index (per-node seqs, posted seqs, Sink
 * positions, external batches, checkpoints, ledger pages) is searched through it, so the boundary
 * rule is written — and tested — once.
 */

/**
 * Pure: the first index `i` in `[lo, hi)` for which `below(i)` is false, given that `below` is true
 * on a prefix of the range and false after it (`hi` when it is true everywhere).
 */
export function lowerBound(lo: number, hi: number, below: (i: number) => boolean): number {
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (below(mid)) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}
