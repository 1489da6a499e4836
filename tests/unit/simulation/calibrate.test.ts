import { describe, expect, it } from 'vitest';
import { loadScenario } from '../../../src/engine';
import { readCaseLog } from '../../../src/engine/discovery';
import {
  chooseTickMs,
  empiricalValues,
  MAX_EMPIRICAL,
  runReplication,
  simulationModel,
} from '../../../src/engine/simulation';

const T0 = 1_735_689_600_000;
const ev = (c: string, event: string, s: number) => ({ correlationId: c, event, timestamp: T0 + s * 1000 });

function modelOf(events: unknown[], options = {}) {
  const read = readCaseLog(events);
  if (!read.ok) throw new Error(read.problem.message);
  return simulationModel(read.log, options);
}

type Node = Record<string, unknown> & { fsm?: { states: { name: string }[]; transitions: Record<string, unknown>[] } };
const nodesOf = (t: Record<string, unknown>) => (t['scenario'] as { nodes: Node[] }).nodes;

describe('simulationModel', () => {
  const events = [
    ev('a', 'register', 0),
    ev('a', 'review', 30),
    ev('a', 'close', 60),
    ev('b', 'register', 60),
    ev('b', 'close', 80),
    ev('c', 'register', 180),
    ev('c', 'review', 200),
    ev('c', 'close', 260),
  ];

  it('weights each next activity by its edge count and each end by the cases ending there', () => {
    const m = modelOf(events);
    if (!m.ok) throw new Error(m.message);
    const fsm = nodesOf(m.template)[1]!.fsm!;
    expect(fsm.states.map((s) => s.name)).toEqual(['start', 'register', 'review', 'close', 'end']);
    expect(fsm.transitions).toEqual([
      { from: 'start', to: 'register', trigger: 'token_received', weight: 3 },
      {
        from: 'register',
        to: 'review',
        trigger: 'timer',
        weight: 2,
        delay: { distribution: 'empirical', ms: [20000, 30000] },
      },
      { from: 'register', to: 'close', trigger: 'timer', weight: 1, delay: { distribution: 'empirical', ms: [20000] } },
      {
        from: 'review',
        to: 'close',
        trigger: 'timer',
        weight: 2,
        delay: { distribution: 'empirical', ms: [30000, 60000] },
      },
      { from: 'close', to: 'end', trigger: 'timer', weight: 3, delay: { distribution: 'fixed', ms: 0 } },
    ]);
  });

  it('samples the arrival gaps, or fits their mean; 1 s steps divide every time', () => {
    const m = modelOf(events);
    if (!m.ok) throw new Error(m.message);
    // Starts at 0, 60, 180 s: gaps 60 s and 120 s.
    expect(nodesOf(m.template)[0]!['arrivals']).toEqual({ distribution: 'empirical', ms: [60000, 120000] });
    expect(nodesOf(m.template)[0]!['count']).toBe(3);
    expect(m.tickMs).toBe(1000);
    const e = modelOf(events, { arrivals: 'exponential', stop: 'horizon' });
    if (!e.ok) throw new Error(e.message);
    expect(nodesOf(e.template)[0]).toMatchObject({
      arrivals: { distribution: 'exponential', meanMs: 90000 },
      horizonMs: 180000,
      count: 1000,
    });
  });

  it("puts the first case's first event at the log's first time", () => {
    const m = modelOf(events);
    if (!m.ok) throw new Error(m.message);
    const r = runReplication(m.template, 1, { withLog: true });
    if (!r.ok) throw new Error('load');
    expect(r.replication.log![0]!.times[0]).toBe(T0);
    expect(r.replication.figures['cases.count']).toBe(3);
  });

  it('keeps its own states apart from activities named start and end', () => {
    const m = modelOf([ev('a', 'start', 0), ev('a', 'end', 5), ev('b', 'start', 9)]);
    if (!m.ok) throw new Error(m.message);
    const fsm = nodesOf(m.template)[1]!.fsm!;
    expect(fsm.states.map((s) => s.name)).toEqual(['start_', 'start', 'end', 'end_']);
    expect(loadScenario(m.template).errors).toEqual([]);
    const r = runReplication(m.template, 1);
    expect(r.ok && r.replication.figures['cases.count']).toBe(2);
  });

  it('refuses events without times, and a log of no case', () => {
    expect(modelOf([{ correlationId: 'a', event: 'x' }])).toEqual({
      ok: false,
      message: "event 1 has no time; a simulation model needs every event's time (--time F)",
    });
    expect(modelOf([])).toEqual({ ok: false, message: 'the events hold no case' });
  });

  it('a single case: no gap to sample, one case generated', () => {
    const m = modelOf([ev('a', 'x', 0), ev('a', 'y', 3)]);
    if (!m.ok) throw new Error(m.message);
    const r = runReplication(m.template, 1, { withLog: true });
    expect(r.ok && r.replication.log).toEqual([{ activities: ['x', 'y'], times: [T0, T0 + 3000] }]);
  });
});

describe('empiricalValues and chooseTickMs', () => {
  it('keeps a short list sorted, a long one as evenly spaced order statistics', () => {
    expect(empiricalValues([3, 1, 2])).toEqual([1, 2, 3]);
    const long = Array.from({ length: 10 * MAX_EMPIRICAL }, (_, i) => i);
    const kept = empiricalValues(long);
    expect(kept).toHaveLength(MAX_EMPIRICAL);
    // Ranks ⌊(k + ½) · 10⌋: 5, 15, 25, …
    expect(kept.slice(0, 3)).toEqual([5, 15, 25]);
  });

  it('picks the coarsest step dividing every value, within the step bound', () => {
    expect(chooseTickMs([[60_000, 120_000]], 1e6)).toBe(60_000);
    expect(chooseTickMs([[1000, 1500]], 1e6)).toBe(100);
    expect(chooseTickMs([[7]], 1e6)).toBe(1);
    // 30 days in 1 ms steps is beyond 2 M steps (10 M / 5): the finest that fits.
    expect(chooseTickMs([[7]], 30 * 86_400_000)).toBe(60_000);
  });
});
