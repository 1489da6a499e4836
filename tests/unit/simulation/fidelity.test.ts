import { describe, expect, it } from 'vitest';
import { fidelity, totalVariation, wasserstein1, type LoggedCase } from '../../../src/engine/simulation';

const c = (activities: string[], times: number[]): LoggedCase => ({ activities, times });

describe('fidelity measures, against hand-computed values', () => {
  it('Wasserstein-1: the area between the two distribution functions', () => {
    expect(wasserstein1([0, 1], [1, 0])).toBe(0);
    expect(wasserstein1([0], [1])).toBe(1);
    // A shift by 1 moves all the mass by 1.
    expect(wasserstein1([1, 2, 3], [2, 3, 4])).toBe(1);
    // F = 1/2 on [0, 2) against 0 then 1 at 1: ½·1 + ½·1.
    expect(wasserstein1([0, 2], [1])).toBe(1);
    // Quantiles 0, 0, 3 against 1, 1, 1: (1 + 1 + 2) / 3.
    expect(wasserstein1([0, 0, 3], [1])).toBeCloseTo(4 / 3, 12);
  });

  it('total variation: half the sum of the differences of relative frequencies', () => {
    const p = new Map([
      ['a', 3],
      ['b', 1],
    ]);
    const q = new Map([
      ['a', 1],
      ['c', 1],
    ]);
    // |.75 − .5| + |.25 − 0| + |0 − .5| = 1, halved.
    expect(totalVariation(p, q)).toBe(0.5);
    expect(totalVariation(p, p)).toBe(0);
  });

  it('the four measures of a small log against a small simulation', () => {
    const real = [c(['A', 'B'], [0, 10]), c(['A', 'C'], [5, 25])];
    const sim = [c(['A', 'B'], [0, 10]), c(['A', 'B'], [20, 40])];
    const f = fidelity(real, [sim]);
    // Durations 10, 20 against 10, 20.
    expect(f.cycleTimeDistance).toBe(0);
    expect(f.variantDistance).toBe(0.5);
    // A->B once per simulated case against once per two real cases; A->C never.
    expect(f.edgeFrequencyRatio).toEqual({ 'A->B': 2, 'A->C': 0 });
    // (2 − 1) / 20 ms against (2 − 1) / 5 ms.
    expect(f.arrivalRateRatio).toBe(0.25);
    expect(f.cases).toEqual({ real: 2, simulated: 2 });
    expect(f.unseenEdges).toEqual({});
  });

  it('pools replications and lists edges the log never shows', () => {
    const real = [c(['A', 'B'], [0, 10]), c(['A', 'B'], [10, 30])];
    const f = fidelity(real, [[c(['A', 'B'], [0, 20])], [c(['B', 'A'], [0, 40])]]);
    // Real durations 10, 20 (mean 15) against 20, 40: quantile differences 10 and 20, W₁ = 15.
    expect(f.cycleTimeDistance).toBe(1);
    expect(f.unseenEdges).toEqual({ 'B->A': 0.5 });
    // A single case per replication has no arrival span.
    expect(f.arrivalRateRatio).toBeNull();
  });
});
