// Edge times, case durations and sojourn times of discovery (issue 42): exact means, medians and
// 90th percentiles (linear interpolation between the closest ranks, docs/discovery.md), on a small
// log whose every figure is computed by hand below.
import fc from 'fast-check';
import { cpuClock } from '../timeBudget';
import { describe, expect, it } from 'vitest';
import { dfgFile, discover, filterDfg, readCaseLog } from '../../../src/engine/discovery';
import { durationBins, durationStats, percentile } from '../../../src/engine/discovery/durations';

const ev = (c: string, a: string, t: number) => ({ targetDataSourceId: 's', correlationId: c, event: a, timestamp: t });
// k1: a@0 b@10 c@40 · k2: a@0 b@20 c@30 · k3: a@100 b@130 · k4: a@0 b@40 c@140 · k5: a@0 b@100.
const LOG = [
  ev('k1', 'a', 0),
  ev('k2', 'a', 0),
  ev('k1', 'b', 10),
  ev('k3', 'a', 100),
  ev('k2', 'b', 20),
  ev('k4', 'a', 0),
  ev('k2', 'c', 30),
  ev('k1', 'c', 40),
  ev('k5', 'a', 0),
  ev('k4', 'b', 40),
  ev('k3', 'b', 130),
  ev('k5', 'b', 100),
  ev('k4', 'c', 140),
];

function discovered(events: unknown[] = LOG) {
  const r = readCaseLog(events);
  if (!r.ok) throw new Error(r.problem.message);
  return discover(r.log);
}

describe('percentiles', () => {
  it('interpolate linearly between the closest ranks', () => {
    const x = Float64Array.of(4, 1, 3, 2);
    const s = durationStats(x);
    // Sorted 1 2 3 4: median at h = 1.5 → 2.5; p90 at h = 2.7 → 3 + 0.7 · 1 = 3.7.
    expect(s).toMatchObject({ n: 4, meanMs: 2.5, medianMs: 2.5, minMs: 1, maxMs: 4 });
    expect(s.p90Ms).toBeCloseTo(3.7, 12);
    expect(percentile(Float64Array.of(7), 0.9)).toBe(7);
    expect(percentile(Float64Array.of(1, 2, 3), 0.5)).toBe(2);
  });
});

describe('selection', () => {
  /** The definition read off a full sort, for the property below. */
  const bySort = (xs: number[], p: number) => {
    const s = [...xs].sort((a, b) => a - b);
    const h = (s.length - 1) * p;
    const lo = Math.floor(h);
    return lo + 1 < s.length ? s[lo]! + (h - lo) * (s[lo + 1]! - s[lo]!) : s[lo]!;
  };

  it('gives what a full sort gives, for runs of equal values, sorted and reversed input too (property)', () => {
    const values = fc.oneof(
      fc.array(fc.integer({ min: -5, max: 5 }), { minLength: 1, maxLength: 300 }),
      fc.array(fc.integer({ min: 0, max: 1e6 }), { minLength: 1, maxLength: 300 }),
      fc
        .array(fc.integer({ min: 0, max: 1e6 }), { minLength: 1, maxLength: 300 })
        .map((xs) => xs.sort((a, b) => a - b)),
      fc
        .array(fc.integer({ min: 0, max: 1e6 }), { minLength: 1, maxLength: 300 })
        .map((xs) => xs.sort((a, b) => b - a)),
    );
    fc.assert(
      fc.property(values, (xs) => {
        const s = durationStats(Float64Array.from(xs));
        expect(s.medianMs).toBe(bySort(xs, 0.5));
        expect(s.p90Ms).toBe(bySort(xs, 0.9));
        expect(s.minMs).toBe(Math.min(...xs));
        expect(s.maxMs).toBe(Math.max(...xs));
      }),
      { numRuns: 300 },
    );
  });

  it('stays fast on 200,000 equal durations and on sorted ones', () => {
    const t0 = cpuClock();
    expect(durationStats(new Float64Array(200_000).fill(1000)).medianMs).toBe(1000);
    expect(durationStats(Float64Array.from({ length: 200_000 }, (_, i) => i)).medianMs).toBe(99_999.5);
    // A hang guard (a quadratic selection on these inputs takes minutes); the speed itself is bench row D1.
    expect(cpuClock() - t0).toBeLessThan(20_000);
  });
});

describe('discovery durations on a hand-made log', () => {
  const d = discovered();
  const edge = (from: string, to: string) => d.edges.find((e) => e.from === from && e.to === to)!.time!;

  it('edge a→b: 10 20 30 40 100 → mean 40, median 30, p90 76', () => {
    const t = edge('a', 'b');
    // p90 at h = 4 · 0.9 = 3.6: 40 + 0.6 · (100 − 40) = 76.
    expect(t).toMatchObject({ n: 5, meanMs: 40, medianMs: 30, minMs: 10, maxMs: 100 });
    expect(t.p90Ms).toBeCloseTo(76, 9);
  });

  it('edge b→c: 30 10 100 → mean 46.67, median 30, p90 86', () => {
    const t = edge('b', 'c');
    // Sorted 10 30 100; p90 at h = 1.8: 30 + 0.8 · 70 = 86.
    expect(t).toMatchObject({ n: 3, medianMs: 30, minMs: 10, maxMs: 100 });
    expect(t.meanMs).toBeCloseTo(140 / 3, 9);
    expect(t.p90Ms).toBeCloseTo(86, 9);
  });

  it('case durations: 40 30 30 140 100 → mean 68, median 40, p90 124', () => {
    // Sorted 30 30 40 100 140; p90 at h = 3.6: 100 + 0.6 · 40 = 124.
    expect(d.durations).toMatchObject({ n: 5, meanMs: 68, medianMs: 40, minMs: 30, maxMs: 140 });
    expect(d.durations!.p90Ms).toBeCloseTo(124, 9);
    // Four distinct durations, four bars of (140 − 30) / 4 = 27.5 ms.
    expect(d.durationBins).toEqual([
      { fromMs: 30, toMs: 57.5, count: 3 },
      { fromMs: 57.5, toMs: 85, count: 0 },
      { fromMs: 85, toMs: 112.5, count: 1 },
      { fromMs: 112.5, toMs: 140, count: 1 },
    ]);
  });

  it('sojourn: how long cases stay at a (its way to b) and at b (its way to c); c is never left', () => {
    expect(Object.keys(d.sojourn!)).toEqual(['a', 'b']);
    expect(d.sojourn!['a']).toEqual(edge('a', 'b'));
    expect(d.sojourn!['b']).toEqual(edge('b', 'c'));
  });

  it('a case is measured from its earliest to its latest time, in whatever order they come', () => {
    const r = discovered([ev('x', 'a', 500), ev('x', 'b', 100), ev('x', 'c', 300), ev('y', 'a', 7)]);
    // x: 500 − 100 = 400; y: one event, 0.
    expect(r.durations).toMatchObject({ n: 2, meanMs: 200, medianMs: 200, minMs: 0, maxMs: 400 });
  });

  it('are left out where the log has no times, kept by the filters, and written to the --dfg file', () => {
    const untimed = discovered([{ targetDataSourceId: 's', correlationId: 'k', event: 'a' }]);
    expect(untimed.durations).toBeUndefined();
    expect(untimed.durationBins).toBeUndefined();
    expect(untimed.sojourn).toBeUndefined();
    expect('durations' in dfgFile(untimed)).toBe(false);
    const f = filterDfg(d, { activities: 50 });
    expect(f.durations).toBe(d.durations);
    expect(f.sojourn).toBe(d.sojourn);
    expect(Object.keys(dfgFile(d))).toEqual(['activities', 'edges', 'starts', 'ends', 'variants', 'durations']);
    expect(dfgFile(d).durations).toBe(d.durations);
  });
});

describe('durationBins', () => {
  it('is one bar when every duration is the same', () => {
    expect(durationBins(Float64Array.of(5, 5, 5))).toEqual([{ fromMs: 5, toMs: 5, count: 3 }]);
  });
  it('is at most 20 bars, the longest duration in the last', () => {
    const x = Float64Array.from({ length: 100 }, (_, i) => i);
    const bins = durationBins(x);
    expect(bins.length).toBe(20);
    expect(bins.map((b) => b.count)).toEqual(new Array(20).fill(5));
    expect(bins[19]!.toMs).toBe(99);
  });
});
