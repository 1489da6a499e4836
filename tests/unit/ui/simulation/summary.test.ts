import { describe, expect, it } from 'vitest';
import {
  defaultValues,
  differenceText,
  edgeReading,
  fidelityReadings,
  histogram,
  numericFields,
  parseValues,
  summariseExperiment,
  summaryText,
} from '../../../../src/ui/state/simulation/summary';
import { replicationBins } from '../../../../src/ui/controllers/chart/replicationHistogram';
import { compareVariants } from '../../../../src/engine/simulation';
import { formatRoute, parseRoute } from '../../../../src/ui/context/routes';

const run = (seed: number, figures: Record<string, number>) => ({ seed, figures });

describe('the Experiment view and Fidelity region helpers (issue 43)', () => {
  it('summarises variants as the engine does, with paired differences by hand', () => {
    const variants = [
      { label: 'a', runs: [run(1, { x: 1, y: 5 }), run(2, { x: 2, y: 5 }), run(3, { x: 3, y: 5 })] },
      { label: 'b', runs: [run(1, { x: 3, y: 5 }), run(2, { x: 5, y: 5 }), run(3, { x: 4, y: 5 })] },
    ];
    const s = summariseExperiment(variants);
    expect(s).toEqual(compareVariants(variants));
    // d = 2, 3, 1: mean 2, sd 1, t(0.975, 2) = 4.303 → 2 ± 4.303/√3 = [-0.484, 4.484]: contains 0.
    const d = s[1]!.difference!['x']!;
    expect(d.mean).toBe(2);
    expect(d.sd).toBeCloseTo(1, 12);
    expect(d.ci95[0]).toBeCloseTo(-0.4842, 3);
    expect(d.significant).toBe(false);
    expect(s[1]!.difference!['y']).toMatchObject({ mean: 0, ci95: [0, 0], significant: false });
    expect(differenceText(d)).toBe('+2 (95 % CI -0.484 to 4.48; contains 0: cannot tell apart)');
    expect(summaryText(s[0]!.metrics['x']!)).toBe('mean 2 (95 % CI -0.484 – 4.48)');
  });

  it('lists the numeric fields to vary, the arrival interval first, then in node order, a delay without scale at 1, long lists left out', () => {
    const scenario = {
      nodes: [
        {
          nodeId: 'process',
          type: 'FSM',
          fsm: { transitions: [{ weight: 3, delay: { distribution: 'fixed', ms: 500 } }] },
        },
        {
          nodeId: 'arrivals',
          type: 'DataSource',
          displayName: 'Case arrivals',
          count: 519,
          generation: { type: 'sequence', start: 1, step: 1 },
          arrivals: { distribution: 'empirical', ms: [1, 2, 3, 4, 5, 6, 7, 8, 9] },
        },
      ],
    };
    expect(numericFields(scenario).map((f) => [f.path, f.value])).toEqual([
      ['arrivals.arrivals.scale', 1],
      ['process.fsm.transitions.0.weight', 3],
      ['process.fsm.transitions.0.delay.scale', 1],
      ['process.fsm.transitions.0.delay.ms', 500],
      ['arrivals.count', 519],
    ]);
    expect(numericFields(null)).toEqual([]);
  });

  it('reads typed values, and proposes the current value and its half', () => {
    expect(parseValues('1, 0.5')).toEqual([1, 0.5]);
    expect(parseValues(' 2 3;4 ')).toEqual([2, 3, 4]);
    expect(parseValues('1, x')).toBeNull();
    expect(parseValues('')).toBeNull();
    expect(defaultValues(1)).toBe('1, 0.5');
  });

  it('bins values (one bar for equal values) and shares bins across variants', () => {
    expect(histogram([])).toEqual([]);
    expect(histogram([4, 4, 4])).toEqual([{ from: 4, to: 4, count: 3 }]);
    const h = histogram([0, 1, 2, 3]);
    expect(h.map((b) => b.count)).toEqual([2, 2]);
    const { edges, data } = replicationBins([
      [0, 1, 2, 3],
      [2, 3, 4, 4],
    ]);
    expect(edges).toEqual([0, 2, 4]);
    expect(data).toEqual([
      [1, 3],
      [2, 2],
      [0, 4],
    ]);
  });

  it('reads the fidelity figures in words', () => {
    const r = fidelityReadings({ cycleTimeDistance: 0.447, variantDistance: 0.78, arrivalRateRatio: 1.027 });
    expect(r.cycleTime).toContain('about 45 % of the real mean duration: the shape of the durations is not reproduced');
    expect(r.variants).toContain('78 % of the cases would have to change path');
    expect(r.arrivals).toBe('Cases arrive at about the log’s rate (simulated / real = 1.03).');
    expect(
      fidelityReadings({ cycleTimeDistance: 0.01, variantDistance: 0.01, arrivalRateRatio: 0.5 }).arrivals,
    ).toContain('50 % slower');
    expect(edgeReading(1.02)).toBe('as often as in the log');
    expect(edgeReading(1.2)).toBe('20 % more often than in the log');
  });

  it('keeps the Experiment view in the address', () => {
    const route = parseRoute('?view=experiment&template=t1&reps=30&vary=arrivals.arrivals.scale&values=1%2C+0.5');
    expect(route).toMatchObject({
      view: 'experiment',
      template: 't1',
      experiment: { replications: 30, vary: 'arrivals.arrivals.scale', values: '1, 0.5' },
    });
    expect(parseRoute(formatRoute(route))).toEqual(route);
    expect(parseRoute('?view=experiment').view).toBeUndefined();
    expect(formatRoute({ ...route, experiment: { replications: 20, vary: null, values: null } })).toBe(
      '?view=experiment&template=t1',
    );
  });
});
