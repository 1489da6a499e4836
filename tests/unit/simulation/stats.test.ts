import { describe, expect, it } from 'vitest';
import { mean, sampleSd, studentTCdf, studentTQuantile, summarise } from '../../../src/engine/simulation';

describe('replication statistics, against hand-computed values', () => {
  it('mean and sample sd (n − 1) of 2, 4, 4, 4, 5, 5, 7, 9', () => {
    const xs = [2, 4, 4, 4, 5, 5, 7, 9];
    expect(mean(xs)).toBe(5);
    // Σ(x − 5)² = 9 + 1 + 1 + 1 + 0 + 0 + 4 + 16 = 32; 32 / 7 = 4.571428…
    expect(sampleSd(xs)).toBeCloseTo(Math.sqrt(32 / 7), 12);
    expect(sampleSd([3])).toBe(0);
  });

  it('Student t quantiles agree with the printed tables', () => {
    const table: [number, number, number][] = [
      [0.975, 1, 12.7062047],
      [0.975, 2, 4.3026527],
      [0.975, 3, 3.1824463],
      [0.975, 5, 2.5705818],
      [0.975, 10, 2.2281389],
      [0.975, 29, 2.0452296],
      [0.975, 30, 2.0422725],
      [0.975, 100, 1.9839715],
      [0.975, 1000, 1.9623391],
      [0.95, 10, 1.8124611],
      [0.995, 4, 4.6040949],
    ];
    for (const [p, df, t] of table) expect(studentTQuantile(p, df)).toBeCloseTo(t, 6);
    expect(studentTQuantile(0.025, 5)).toBeCloseTo(-2.5705818, 6);
    expect(studentTQuantile(0.5, 7)).toBe(0);
    // df = 1 is Cauchy: P(T ≤ 1) = 3/4.
    expect(studentTCdf(1, 1)).toBeCloseTo(0.75, 12);
  });

  it('the 95 % interval of 1, 2, 3: 2 ± 4.302653 / √3', () => {
    const s = summarise([1, 2, 3]);
    expect(s.mean).toBe(2);
    expect(s.sd).toBe(1);
    expect(s.ci95[0]).toBeCloseTo(2 - 2.4841377, 6);
    expect(s.ci95[1]).toBeCloseTo(2 + 2.4841377, 6);
  });

  it('the 95 % interval of two values: mean ± t(0.975, 1) · sd / √2', () => {
    const s = summarise([10, 12]);
    expect(s.sd).toBeCloseTo(Math.SQRT2, 12);
    expect(s.ci95[0]).toBeCloseTo(11 - 12.7062047, 6);
    expect(s.ci95[1]).toBeCloseTo(11 + 12.7062047, 6);
  });

  it('the 95 % interval of 2, 4, 4, 4, 5, 5, 7, 9: 5 ± 2.364624 · 2.138090 / √8', () => {
    const s = summarise([2, 4, 4, 4, 5, 5, 7, 9]);
    expect(s.ci95[0]).toBeCloseTo(3.2125121, 6);
    expect(s.ci95[1]).toBeCloseTo(6.7874879, 6);
  });

  it('a constant metric has sd 0 and the interval [x, x]', () => {
    expect(summarise([4, 4, 4])).toEqual({ mean: 4, sd: 0, ci95: [4, 4] });
    // Exactly, with no rounding noise of the sum (0.1 · 3 / 3 is not 0.1 in floating point).
    expect(summarise([0.1, 0.1, 0.1])).toEqual({ mean: 0.1, sd: 0, ci95: [0.1, 0.1] });
    const x = 7527.272727272727;
    expect(summarise([x, x, x, x, x])).toEqual({ mean: x, sd: 0, ci95: [x, x] });
  });
});
