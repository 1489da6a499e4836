/**
 * Distributions of durations (issue 42): the exact mean, median, 90th percentile, least and most
 * of a list of times in ms. Exact, not estimated: the values are kept and sorted, O(n log n) per
 * list (a typed-array sort, numeric); the lists of one discovery hold at most twice its events, so
 * discovery stays linear in events up to that log factor (D1 measures it).
 *
 * Percentiles interpolate linearly between the closest ranks (NumPy's default, Excel's
 * PERCENTILE.INC): of n sorted values x₀…xₙ₋₁, the p-th (0 ≤ p ≤ 1) is at h = (n − 1)·p,
 * x_⌊h⌋ + (h − ⌊h⌋)·(x_⌊h⌋₊₁ − x_⌊h⌋). The median of 1, 2, 3, 4 is 2.5; their 90th percentile 3.7.
 */
import type { DurationBin, DurationStats } from '../../contract/mining';

/** Bars of a case-duration histogram, at most. */
export const DURATION_BINS = 20;

/** Pure: the p-th percentile (0–1) of `sorted` (ascending, not empty), by linear interpolation. */
export function percentile(sorted: Float64Array, p: number): number {
  const h = (sorted.length - 1) * p;
  const lo = Math.floor(h);
  const at = sorted[lo]!;
  return lo + 1 < sorted.length ? at + (h - lo) * (sorted[lo + 1]! - at) : at;
}

/** Pure: the distribution of `values` (not empty); `values` is sorted in place. */
export function durationStats(values: Float64Array): DurationStats {
  values.sort();
  let sum = 0;
  for (let i = 0; i < values.length; i++) sum += values[i]!;
  return {
    n: values.length,
    meanMs: sum / values.length,
    medianMs: percentile(values, 0.5),
    p90Ms: percentile(values, 0.9),
    minMs: values[0]!,
    maxMs: values[values.length - 1]!,
  };
}

/**
 * Pure: `sorted` (ascending, not empty) as equal-width bars from its least to its most value: as
 * many as there are distinct values up to DURATION_BINS, one bar when all are equal.
 */
export function durationBins(sorted: Float64Array): DurationBin[] {
  const min = sorted[0]!;
  const max = sorted[sorted.length - 1]!;
  if (max === min) return [{ fromMs: min, toMs: max, count: sorted.length }];
  let distinct = 1;
  for (let i = 1; i < sorted.length && distinct < DURATION_BINS; i++) if (sorted[i] !== sorted[i - 1]) distinct++;
  const k = distinct;
  const width = (max - min) / k;
  const bins: DurationBin[] = [];
  for (let b = 0; b < k; b++)
    bins.push({ fromMs: min + b * width, toMs: b === k - 1 ? max : min + (b + 1) * width, count: 0 });
  for (let i = 0; i < sorted.length; i++) bins[Math.min(k - 1, Math.floor((sorted[i]! - min) / width))]!.count++;
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

  /** The values pushed (a view; sorting it sorts them here). */
  values(): Float64Array {
    return this.data.subarray(0, this.length);
  }
}
