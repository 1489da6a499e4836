import { describe, expect, it } from 'vitest';
import { knownProcessEvents, KNOWN_PROCESS } from '../../../src/bench/knownProcess';
import { readCaseLog } from '../../../src/engine/discovery';
import { loadScenario } from '../../../src/engine';
import {
  casesOfLog,
  fidelity,
  runReplication,
  simulationModel,
  summariseReplications,
  type Replication,
} from '../../../src/engine/simulation';

const MEAN_GAP_MS = 60_000;
const CASES = 5000;

function model(arrivals: 'empirical' | 'exponential' = 'empirical') {
  const events = knownProcessEvents({ cases: CASES, meanGapMs: MEAN_GAP_MS, seed: 7 });
  const read = readCaseLog(events);
  if (!read.ok) throw new Error(read.problem.message);
  const m = simulationModel(read.log, { arrivals });
  if (!m.ok) throw new Error(m.message);
  return { template: m.template, tickMs: m.tickMs, log: read.log };
}

function replications(doc: unknown, n: number, withLog = false): Replication[] {
  const out: Replication[] = [];
  for (let seed = 1; seed <= n; seed++) {
    const r = runReplication(doc, seed, { withLog });
    if (!r.ok) throw new Error(JSON.stringify(r.load.errors));
    out.push(r.replication);
  }
  return out;
}

describe('a model calibrated on a log of a known process', () => {
  const { template, tickMs, log } = model();
  const runs = replications(template, 30, true);
  const summary = summariseReplications(runs);
  const m = (name: string) => summary.metrics[name]!;

  it('loads without errors or warnings, with 1 s steps (whole ms times, but 5,000 minutes are too many 100 ms steps)', () => {
    const load = loadScenario(template);
    expect(load.errors).toEqual([]);
    expect(load.warnings).toEqual([]);
    expect(tickMs).toBe(1000);
  });

  it('finishes every case in every replication', () => {
    expect(m('cases.count')).toMatchObject({ mean: CASES, sd: 0 });
    expect(m('sinks.completed.count').mean).toBe(CASES);
  });

  it('puts the branch probability within ±0.03 of 0.7', () => {
    const review = m('fsm.process.transitions.register->review').mean;
    const fast = m('fsm.process.transitions.register->fastTrack').mean;
    expect(review + fast).toBe(CASES);
    expect(Math.abs(review / CASES - KNOWN_PROCESS.branch)).toBeLessThanOrEqual(0.03);
  });

  it('puts the mean cycle time within 5 % of 57 s', () => {
    const c = m('cases.cycleTimeMs');
    expect(Math.abs(c.mean - KNOWN_PROCESS.meanCycleMs) / KNOWN_PROCESS.meanCycleMs).toBeLessThanOrEqual(0.05);
    // The Sink's values are the cycle times too.
    expect(m('sinks.completed.sum').mean / CASES).toBeCloseTo(c.mean, 6);
  });

  it('puts the arrival rate within 5 % of 1 per minute', () => {
    const perHour = m('cases.arrivalRatePerHour').mean;
    expect(Math.abs(perHour - 60) / 60).toBeLessThanOrEqual(0.05);
  });

  it('is faithful to its own log: cycle-time distance ≤ 0.1, variant distance ≤ 0.05', () => {
    const f = fidelity(
      casesOfLog(log),
      runs.map((r) => r.log!),
    );
    expect(f.cycleTimeDistance).toBeLessThanOrEqual(0.1);
    expect(f.variantDistance).toBeLessThanOrEqual(0.05);
    expect(Math.abs(f.arrivalRateRatio! - 1)).toBeLessThanOrEqual(0.05);
    for (const ratio of Object.values(f.edgeFrequencyRatio)) expect(Math.abs(ratio - 1)).toBeLessThanOrEqual(0.05);
    expect(f.unseenEdges).toEqual({});
  });

  it('gives the same figures for the same seed and different ones for another', () => {
    const again = replications(template, 2);
    expect(again[0]!.figures).toEqual(runs[0]!.figures);
    expect(again[1]!.figures).not.toEqual(again[0]!.figures);
  });

  it('with a fitted exponential arrival process, keeps the arrival rate within 5 %', () => {
    const exp = model('exponential');
    const s = summariseReplications(replications(exp.template, 10));
    expect(Math.abs(s.metrics['cases.arrivalRatePerHour']!.mean - 60) / 60).toBeLessThanOrEqual(0.05);
  });
});
