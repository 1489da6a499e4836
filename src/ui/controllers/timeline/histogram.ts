/**
 * The timeline's activity histogram: ledger events per step, drawn as bars under the slider. Pure:
 * counts in, bar heights out, binned when a run has more steps than the track has pixels.
 */

export interface Bar {
  /** First step of the bin (steps are 1-based; step 0 has no events). */
  step: number;
  /** 0..1 of the tallest bin. */
  height: number;
  events: number;
}

/**
 * Pure. At most `maxBars` bars over steps 1..`counts.length` (`counts[i]` = events of step i+1);
 * each bin sums its steps and heights are relative to the largest bin.
 */
export function histogramBars(counts: readonly number[], maxBars: number): Bar[] {
  const n = counts.length;
  if (n === 0 || maxBars < 1) return [];
  const per = Math.max(1, Math.ceil(n / Math.floor(maxBars)));
  const bars: Bar[] = [];
  for (let i = 0; i < n; i += per) {
    let sum = 0;
    for (let j = i; j < Math.min(n, i + per); j++) sum += counts[j] ?? 0;
    bars.push({ step: i + 1, height: 0, events: sum });
  }
  const max = bars.reduce((m, b) => Math.max(m, b.events), 0);
  for (const b of bars) b.height = max > 0 ? b.events / max : 0;
  return bars;
}

/** Pure. The step label the timeline shows: `Step N of M`. */
export function stepLabel(shown: number, live: number): string {
  return `Step ${shown} of ${live}`;
}

/** Pure. `step` moved by `delta`, kept within 0..`live`. */
export function clampStep(step: number, delta: number, live: number): number {
  return Math.min(live, Math.max(0, step + delta));
}
