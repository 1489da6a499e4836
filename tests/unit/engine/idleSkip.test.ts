/**
 * Issue 10, item 10: steps in which nothing can happen are skipped in one go (Simulation.skipIdle),
 * and a run that skips them is indistinguishable from one executed a step at a time: same ledger,
 * step numbers, status, truncation, step answers and state at every step.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Engine } from '../../../src/engine';
import { engineFor, events, scenario, sink, source, type Json } from './helpers';
import { buildScenario, shapeArbitrary } from './scenarioArbitrary';

/** Gaps: where each DataSource starts, how far apart it emits, the run's bound, when events arrive. */
const gapArbitrary = fc.record({
  startAt: fc.array(fc.oneof(fc.integer({ min: 1, max: 40 }), fc.integer({ min: 100, max: 3000 })), {
    minLength: 2,
    maxLength: 2,
  }),
  interval: fc.array(fc.integer({ min: 1, max: 400 }), { minLength: 2, maxLength: 2 }),
  maxSteps: fc.integer({ min: 20, max: 4000 }),
  addAt: fc.integer({ min: 0, max: 3000 }),
  externals: fc.nat(3),
  samples: fc.array(fc.nat(4000), { maxLength: 6 }),
});

type Gaps = typeof gapArbitrary extends fc.Arbitrary<infer G> ? G : never;

/** The generated scenario with its DataSources spread out in time and the run's bound set. */
function withGaps(doc: Json, gaps: Gaps): Json {
  let k = 0;
  const nodes = (doc.nodes as Json[]).map((n) => {
    if (n.type !== 'DataSource') return n;
    const i = k++;
    return { ...n, startAt: gaps.startAt[i % 2], interval: gaps.interval[i % 2] };
  });
  return { ...doc, tickMs: 1000, maxSteps: gaps.maxSteps, nodes };
}

/** Events for the first DataSource, added while the run stands at `gaps.addAt`. */
function addExternals(engine: Engine, doc: Json, gaps: Gaps): void {
  const target = (doc.nodes as Json[]).find((n) => n.type === 'DataSource')!.nodeId as string;
  const batch = Array.from({ length: gaps.externals }, (_, i) => ({ targetDataSourceId: target, value: i + 1 }));
  if (batch.length > 0) expect(engine.getExternalEventQueue().addEvents(batch).ok).toBe(true);
}

describe('skipping idle steps', () => {
  it('gives the same run as executing one step at a time (generated templates with gaps)', () => {
    fc.assert(
      fc.property(shapeArbitrary, gapArbitrary, (shape, gaps) => {
        const doc = withGaps(buildScenario(shape), gaps);
        const sampled = new Set(gaps.samples);

        // One step at a time (advancing to the next step number cannot skip), reading the live state as it goes.
        const single = engineFor(doc);
        const live = new Map<number, unknown>();
        let steps = 0;
        for (;;) {
          const t = single.getCurrentTick();
          if (t === gaps.addAt) addExternals(single, doc, gaps);
          // The state after step t, with the events added at t (as a query at t shows it).
          if (sampled.has(t) || t === gaps.addAt) live.set(t, single.stateAt(t));
          single.advance(t + 1);
          if (single.getCurrentTick() === t) break;
          steps++;
        }
        // Without a skip every executed step is one more step.
        expect(steps).toBe(single.getCurrentTick());

        const skipping = engineFor(doc);
        skipping.advance(gaps.addAt);
        if (skipping.getCurrentTick() === gaps.addAt) addExternals(skipping, doc, gaps);
        skipping.advance('end');

        const last = single.getCurrentTick();
        expect(skipping.getCurrentTick()).toBe(last);
        expect(skipping.ledgerHash()).toBe(single.ledgerHash());
        expect(skipping.exportRun()).toBe(single.exportRun());
        for (const s of [0, last, gaps.addAt, ...gaps.samples]) {
          expect(skipping.stepResult(s), `step ${s}`).toEqual(single.stepResult(s));
          expect(skipping.stepView(s), `view of step ${s}`).toEqual(single.stepView(s));
        }
        expect(skipping.histogram()).toEqual(single.histogram());
        // A replay of the skipping run (checkpoints at other steps) shows what the live run showed.
        for (const [s, state] of live) expect(skipping.stateAt(s), `state at ${s}`).toEqual(state);
      }),
      { numRuns: 120 },
    );
  }, 60_000);

  it('ends at once when a DataSource starts beyond the step bound (startAt 1e12, maxSteps 10,000,000)', () => {
    const doc = scenario([source('late', 'sink', { startAt: 1e12 }), sink()], { maxSteps: 10_000_000 });
    const engine = engineFor(doc);
    expect(engine.runToEnd()).toBe('truncated');
    expect(engine.getCurrentTick()).toBe(10_000_000);
    expect(events(engine)).toEqual([]);
    const r = engine.stepResult(10_000_000);
    expect(r.ok && r.value.message).toContain('truncated: maxSteps (10000000) was reached before the run completed');
    // The ten million steps were one jump, not ten million steps: executed one by one they left 153
    // checkpoints (one per 8,192 units of work, thinned as they grow); the jump leaves step 0's and one.
    expect(engine.diagnostics().checkpoints.count).toBeLessThanOrEqual(2);
  }, 2_000);

  it('jumps over a long gap between two sources and writes their tokens at the steps a step-by-step run does', () => {
    // Computed by hand: `early` emits 1, 2 at steps 1, 2; `late` (startAt 5,000,000, interval 1 s at
    // 1 s a tick) emits 1, 2 at steps 5,000,000 and 5,000,001; the Sink collects each one step later.
    const doc = scenario(
      [
        source('early', 'sink', { count: 2 }),
        source('late', 'sink', { count: 2, startAt: 5_000_000, interval: 1 }),
        sink(),
      ],
      { maxSteps: 10_000_000, tickMs: 1000 },
    );
    const engine = engineFor(doc);
    expect(engine.runToEnd()).toBe('completed');
    expect(events(engine).map((e) => [e.step, e.nodeId, e.operation])).toEqual([
      [1, 'early', 'TOKEN_GENERATED'],
      [2, 'early', 'TOKEN_GENERATED'],
      [2, 'sink', 'TOKEN_COLLECTED'],
      [3, 'sink', 'TOKEN_COLLECTED'],
      [5_000_000, 'late', 'TOKEN_GENERATED'],
      [5_000_001, 'late', 'TOKEN_GENERATED'],
      [5_000_001, 'sink', 'TOKEN_COLLECTED'],
      [5_000_002, 'sink', 'TOKEN_COLLECTED'],
    ]);
    expect(engine.getCurrentTick()).toBe(5_000_002);
    // A step inside the gap answers as an idle step: nothing happened, the late tokens still wait.
    const idle = engine.stepResult(2_500_000);
    expect(idle.ok && [idle.value.activity, idle.value.queueSize]).toEqual([[], 2]);
    const state = engine.stateAt(2_500_000);
    expect(state.ok && state.value.nodeStates.late!.tokensProcessed).toBe(0);
    expect(engine.diagnostics().checkpoints.count).toBeLessThanOrEqual(4);
  }, 2_000);
});
