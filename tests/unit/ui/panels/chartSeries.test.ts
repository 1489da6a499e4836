import { describe, expect, it } from 'vitest';
import type { NodeState } from '../../../../src/engine/types';
import {
  fsmStateSeries,
  sampleSteps,
  sinkCountSeries,
  stack,
  valuesAt,
  type StepSample,
} from '../../../../src/ui/controllers/chart/series';
import { chartData, chartOptions, drawOrder } from '../../../../src/ui/controllers/chart/uplotChart';

const state = (nodeId: string, tokensProcessed: number, aggregates: Record<string, unknown> = {}): NodeState => ({
  nodeId,
  currentState: null,
  tokensProcessed,
  aggregates,
  lastUpdate: null,
});

const samples: StepSample[] = [
  { step: 4, nodeStates: { sink: state('sink', 3), fsm: state('fsm', 5, { open: 1, closed: 2 }) } },
  { step: 0, nodeStates: { sink: state('sink', 0), fsm: state('fsm', 0, {}) } },
  { step: 2, nodeStates: { sink: state('sink', 1), fsm: state('fsm', 2, { open: 2, closed: 0 }) } },
];

describe('sampleSteps', () => {
  it('takes every step of a short run and a power-of-two stride of a long one, both ends included', () => {
    expect(sampleSteps(3)).toEqual([0, 1, 2, 3]);
    expect(sampleSteps(0)).toEqual([0]);
    expect(sampleSteps(10, 5)).toEqual([0, 4, 8, 10]);
    const long = sampleSteps(1000, 60);
    expect(long.length).toBeLessThanOrEqual(60);
    expect(long[1]).toBe(32);
    expect(long.at(-1)).toBe(1000);
  });

  it('keeps the steps already sampled as the run grows, until the stride doubles', () => {
    const before = sampleSteps(1000, 60);
    const after = sampleSteps(1100, 60);
    expect(before.slice(0, -1).every((s) => after.includes(s))).toBe(true);
  });
});

describe('sinkCountSeries', () => {
  it('gives each sink its collected count per step, steps in order', () => {
    expect(sinkCountSeries(samples, ['sink'])).toEqual({ steps: [0, 2, 4], labels: ['sink'], values: [[0, 1, 3]] });
  });
});

describe('fsmStateSeries and stack', () => {
  it('counts instances per state per step (missing = 0) and stacks them as running sums', () => {
    const s = fsmStateSeries(samples, 'fsm', ['open', 'closed']);
    expect(s.values).toEqual([
      [0, 2, 1],
      [0, 0, 2],
    ]);
    expect(stack(s.values)).toEqual([
      [0, 2, 1],
      [0, 2, 3],
    ]);
    expect(valuesAt(s, 3)).toEqual([2, 0]);
    expect(valuesAt(s, 100)).toEqual([1, 2]);
  });
});

describe('chart options and data', () => {
  it('draws a stacked area largest band first, so every band stays visible', () => {
    const s = fsmStateSeries(samples, 'fsm', ['open', 'closed']);
    expect(drawOrder(3, true)).toEqual([2, 1, 0]);
    expect(chartData(s, true)).toEqual([
      [0, 2, 4],
      [0, 2, 3],
      [0, 2, 1],
    ]);
    const o = chartOptions({
      width: 400,
      height: 160,
      labels: s.labels,
      stacked: true,
      axisColor: '#000',
      gridColor: '#ccc',
    });
    expect(o.series.slice(1).map((x) => x.label)).toEqual(['closed', 'open']);
    expect(o.series.slice(1).every((x) => typeof x.fill === 'string')).toBe(true);
  });

  it('draws lines in label order when not stacked', () => {
    const s = sinkCountSeries(samples, ['sink']);
    expect(chartData(s, false)).toEqual([
      [0, 2, 4],
      [0, 1, 3],
    ]);
    const o = chartOptions({
      width: 10,
      height: 10,
      labels: ['sink'],
      stacked: false,
      axisColor: '#000',
      gridColor: '#ccc',
    });
    expect(o.width).toBe(120);
    expect(o.series[1]!.fill).toBeUndefined();
  });
});
