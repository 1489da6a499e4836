/**
 * Distributions of durations (issue 42): the exact mean, median, 90th percentile, least and most
 * of a list of times in ms. Exact, not estimated: the values are kept, and the two ranks are found
 * by selection (quickselect with a three-way partition, so runs of equal durations cost nothing
 * extra; a range that keeps partitioning badly is sorted instead) — expected linear in the list,
 * O(n log n) at worst. The lists of one discovery hold at most twice its events, so discovery
 * stays linear in events (D1 measures it).
 *
 * Percentiles interpolate linearly between the closest ranks (NumPy's default, Excel's
 * PERCENTILE.INC): of n sorted values x₀…xₙ₋₁, the p-th (0 ≤ p ≤ 1) is at h = (n − 1)·p,
 * x_⌊h⌋ + (h − ⌊h⌋)·(x_⌊h⌋₊₁ − x_⌊h⌋). The median of 1, 2, 3, 4 is 2.5; their 90th percentile 3.7.
 */
import type { DurationBin, DurationStats } from '../../contract/discovery';

/** Bars of a case-duration histogram, at most. */
export const DURATION_BINS = 20;

/**
 * Reorders `a[from..]` so that `a[k]` is the value a sort would put there, every value before it
 * (from `from`) no larger and every value after it no smaller. `a[from..]` must hold the largest
 * values of `a` (true for `from` 0, and for `from` a rank selected before).
 */
function select(a: Float64Array, k: number, from: number): void {
  let lo = from;
  let hi = a.length - 1;
  // Enough rounds for any fair run of pivots; past them the range is sorted (introselect).
  let rounds = 2 * Math.ceil(Math.log2(hi - lo + 2)) + 8;
  while (hi > lo) {
    if (rounds-- === 0) {
      a.subarray(lo, hi + 1).sort();
      return;
    }
    const mid = lo + ((hi - lo) >> 1);
    const x = a[lo]!;
    const y = a[mid]!;
    const z = a[hi]!;
    const pivot = x < y ? (y < z ? y : x < z ? z : x) : x < z ? x : y < z ? z : y;
    // Three-way partition: [lo, lt) < pivot, [lt, i) = pivot, (gt, hi] > pivot.
    let lt = lo;
    let gt = hi;
    let i = lo;
    while (i <= gt) {
      const v = a[i]!;
      if (v < pivot) {
        a[i++] = a[lt]!;
        a[lt++] = v;
      } else if (v > pivot) {
        a[i] = a[gt]!;
        a[gt--] = v;
      } else i++;
    }
    if (k < lt) hi = lt - 1;
    else if (k > gt) lo = gt + 1;
    else return;
  }
}

/** Pure: the smallest of `a[from..]`. */
function least(a: Float64Array, from: number): number {
  let m = a[from]!;
  for (let i = from + 1; i < a.length; i++) if (a[i]! < m) m = a[i]!;
  return m;
}

/**
 * The p-th percentile (0–1) of `a` (not empty), by linear interpolation; reorders `a`. `from`: a
 * rank selected before at or below this one (see `select`).
 */
function percentileAt(a: Float64Array, p: number, from = 0): { value: number; rank: number } {
  const h = (a.length - 1) * p;
  const lo = Math.floor(h);
  select(a, lo, from);
  const at = a[lo]!;
  if (lo + 1 >= a.length || h === lo) return { value: at, rank: lo };
  return { value: at + (h - lo) * (least(a, lo + 1) - at), rank: lo };
}

/** Pure: the p-th percentile (0–1) of `values` (not empty), by linear interpolation. */
export function percentile(values: Float64Array, p: number): number {
  return percentileAt(values.slice(), p).value;
}

/** The distribution of `values` (not empty); reorders `values`. */
export function durationStats(values: Float64Array): DurationStats {
  let sum = 0;
  let min = Infinity;
  let max = -Infinity;
  for (let i = 0; i < values.length; i++) {
    const v = values[i]!;
    sum += v;
    if (v < min) min = v;
    if (v > max) max = v;
  }
  const median = percentileAt(values, 0.5);
  const p90 = percentileAt(values, 0.9, median.rank);
  return {
    n: values.length,
    meanMs: sum / values.length,
    medianMs: median.value,
    p90Ms: p90.value,
    minMs: min,
    maxMs: max,
  };
}

/**
 * Pure: `values` (not empty, any order) as equal-width bars from its least to its most value: as
 * many as there are distinct values up to DURATION_BINS, one bar when all are equal.
 */
export function durationBins(values: Float64Array): DurationBin[] {
  let min = Infinity;
  let max = -Infinity;
  const distinct = new Set<number>();
  for (let i = 0; i < values.length; i++) {
    const v = values[i]!;
    if (v < min) min = v;
    if (v > max) max = v;
    if (distinct.size < DURATION_BINS) distinct.add(v);
  }
  if (max === min) return [{ fromMs: min, toMs: max, count: values.length }];
  const k = distinct.size;
  const width = (max - min) / k;
  const bins: DurationBin[] = [];
  for (let b = 0; b < k; b++)
    bins.push({ fromMs: min + b * width, toMs: b === k - 1 ? max : min + (b + 1) * width, count: 0 });
  for (let i = 0; i < values.length; i++) bins[Math.min(k - 1, Math.floor((values[i]! - min) / width))]!.count++;
  return bins;
}

/** A growable list of durations (a doubling Float64Array: no boxing of a million numbers). */
export class Durations {
  private data = new Float64Array(8);
  length = 0;

  push(x: number): void {
    if (this.length === this.data.length) {
      const bigger = new Float64Array(this.data.length * 2);
      bigger.set(this.data);
      this.data = bigger;
    }
    this.data[this.length++] = x;
  }

  /** The values pushed (a view: reordering it reorders them here). */
  values(): Float64Array {
    return this.data.subarray(0, this.length);
  }
}
