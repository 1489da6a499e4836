/**
 * Series for the Charts panel, derived from node states sampled at a few steps of a run: each Sink's
 * collected count over steps, and for each per-correlation FSM the number of instances in each state
 * over steps, stacked. Pure, so the numbers a chart draws are tested in Node.
 */
import type { NodeState } from '../../../contract/coreTypes';

/** Node states of the run right after `step`. */
export interface StepSample {
  step: number;
  nodeStates: Record<string, NodeState>;
}

/** A chart's data: shared x values (steps) and one y array per series, aligned with `labels`. */
export interface ChartSeries {
  steps: number[];
  labels: string[];
  values: number[][];
}

/**
 * Pure: at most `max` steps from 0 to `last`, both ends included, on a power-of-two stride — so as a
 * run grows, the steps already sampled stay in the set (until the stride doubles) and are not re-read.
 */
export function sampleSteps(last: number, max = 60): number[] {
  const end = Math.max(0, Math.floor(last));
  let stride = 1;
  while (Math.ceil(end / stride) + 1 > max) stride *= 2;
  const out: number[] = [];
  for (let s = 0; s < end; s += stride) out.push(s);
  out.push(end);
  return out;
}

/** Pure: each Sink's collected count (`tokensProcessed`) at each sampled step. */
export function sinkCountSeries(samples: readonly StepSample[], sinkIds: readonly string[]): ChartSeries {
  const sorted = [...samples].sort((a, b) => a.step - b.step);
  return {
    steps: sorted.map((s) => s.step),
    labels: [...sinkIds],
    values: sinkIds.map((id) => sorted.map((s) => s.nodeStates[id]?.tokensProcessed ?? 0)),
  };
}

/**
 * Pure: instances of FSM `fsmId` in each of `states` at each sampled step, read from its per-state
 * aggregates (a missing count is 0). `states` fixes the series order (the machine's declared order).
 */
export function fsmStateSeries(samples: readonly StepSample[], fsmId: string, states: readonly string[]): ChartSeries {
  const sorted = [...samples].sort((a, b) => a.step - b.step);
  return {
    steps: sorted.map((s) => s.step),
    labels: [...states],
    values: states.map((state) =>
      sorted.map((s) => {
        const n = s.nodeStates[fsmId]?.aggregates[state];
        return typeof n === 'number' && Number.isFinite(n) ? n : 0;
      }),
    ),
  };
}

/** Pure: running sums of `values` (series i = values[0] + … + values[i]), the bands of a stacked area. */
export function stack(values: readonly (readonly number[])[]): number[][] {
  const out: number[][] = [];
  for (let i = 0; i < values.length; i++) {
    const row = values[i]!;
    out.push(row.map((v, j) => v + (i > 0 ? out[i - 1]![j]! : 0)));
  }
  return out;
}

/** Pure: the value of each series at the last sampled step at or before `step` (for the legend). */
export function valuesAt(series: ChartSeries, step: number): number[] {
  let at = -1;
  for (let j = 0; j < series.steps.length && series.steps[j]! <= step; j++) at = j;
  return series.values.map((row) => (at < 0 ? 0 : row[at]!));
}
