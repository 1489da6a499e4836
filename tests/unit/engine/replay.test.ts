/**
 * Time travel: the state at every earlier step, rebuilt from checkpoints and replay, equals the
 * live state recorded right after that step — for generated scenarios, with external events added
 * at various steps — and reading it never changes the live run.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Engine, type EngineSettings } from '../../../src/engine';
import type { RunSnapshot } from '../../../src/contract/queries';
import { buildScenario, shapeArbitrary, type Json, type Shape } from './scenarioArbitrary';
import { engineFor, run, scenario, sink, source, stepOnce } from './helpers';

const RUNS = 60;

/** External events: batches addressed to the first source, each added at a step. */
const batchesArbitrary = fc.array(
  fc.record({
    step: fc.integer({ min: 0, max: 12 }),
    values: fc.array(fc.integer({ min: 0, max: 9 }), { minLength: 1, maxLength: 3 }),
    correlated: fc.boolean(),
  }),
  { maxLength: 4 },
);

type Batch = { step: number; values: number[]; correlated: boolean };

function start(shape: Shape, settings: EngineSettings = {}): Engine {
  const engine = new Engine(settings);
  const loaded = engine.initialize(buildScenario(shape));
  if (loaded.scenario === null) throw new Error(`generated scenario does not load: ${JSON.stringify(loaded.errors)}`);
  return engine;
}

function eventsOf(batch: Batch, i: number): Json[] {
  return batch.values.map((value, k) => ({
    targetDataSourceId: 'src0',
    value,
    ...(batch.correlated ? { correlationId: `ext-${i}-${k % 2}` } : {}),
  }));
}

/**
 * Runs `engine` to the end, adding each batch at its step (or, when the run ends first, at its last
 * step), and returns the live snapshot of every step, taken once that step's batches were in.
 */
function runRecording(engine: Engine, batches: readonly Batch[]): RunSnapshot[] {
  const live: RunSnapshot[] = [];
  const pending = batches.map((b, i) => ({ ...b, i })).sort((a, b) => a.step - b.step);
  for (;;) {
    const tick = engine.getCurrentTick();
    while (pending.length > 0 && pending[0]!.step <= tick) {
      const b = pending.shift()!;
      expect(engine.getExternalEventQueue().addEvents(eventsOf(b, b.i)).ok).toBe(true);
    }
    const snap = engine.stateAt(tick);
    if (!snap.ok) throw new Error(snap.error.message);
    live[tick] = structuredClone(snap.value);
    if (stepOnce(engine)) continue;
    if (pending.length === 0) break;
    // The run ended before the next batch's step: add it now, as a user would.
    pending[0]!.step = tick;
  }
  return live;
}

describe('stateAt (checkpoints + replay)', () => {
  it('equals the live snapshot right after every step k, in any order, with any checkpoint spacing', () => {
    fc.assert(
      fc.property(
        shapeArbitrary,
        batchesArbitrary,
        fc.constantFrom(1, 5, 40, 8192),
        fc.integer({ min: 0, max: 1000 }),
        (shape, batches, spacing, shuffle) => {
          const engine = start(shape, { checkpointSpacing: spacing });
          const live = runRecording(engine, batches);
          const last = engine.getCurrentTick();
          const hash = engine.ledgerHash();
          // A scrambled order exercises both restoring a checkpoint and continuing the scratch run.
          const steps = Array.from({ length: last + 1 }, (_, k) => (k * (2 * shuffle + 1)) % (last + 1));
          for (const k of [...steps, ...steps.slice().reverse()]) {
            const replayed = engine.stateAt(k);
            expect(replayed.ok).toBe(true);
            if (replayed.ok) expect(replayed.value, `step ${k} of ${last}`).toEqual(live[k]);
          }
          expect(engine.ledgerHash()).toBe(hash);
          expect(engine.getCurrentTick()).toBe(last);
        },
      ),
      { numRuns: RUNS },
    );
  });

  it('does not disturb the live run: reading earlier steps mid-run gives the uninterrupted run’s hash', () => {
    fc.assert(
      fc.property(shapeArbitrary, batchesArbitrary, (shape, batches) => {
        const plain = start(shape);
        runRecording(plain, batches);
        const probed = start(shape, { checkpointSpacing: 3 });
        const pending = batches.map((b, i) => ({ ...b, i })).sort((a, b) => a.step - b.step);
        for (;;) {
          const tick = probed.getCurrentTick();
          while (pending.length > 0 && pending[0]!.step <= tick) {
            const b = pending.shift()!;
            probed.getExternalEventQueue().addEvents(eventsOf(b, b.i));
          }
          for (const k of [0, tick >> 1, Math.max(0, tick - 1)]) {
            expect(probed.stateAt(k).ok).toBe(true);
            expect(probed.stepResult(k).ok).toBe(true);
          }
          if (tick % 3 === 0) probed.ledgerHash();
          if (stepOnce(probed)) continue;
          if (pending.length === 0) break;
          pending[0]!.step = tick;
        }
        expect(probed.ledgerHash()).toBe(plain.ledgerHash());
        expect(probed.ledger.toNdjson()).toBe(plain.ledger.toNdjson());
      }),
      { numRuns: RUNS },
    );
  });

  it('is an error value beyond the current step, and for a step that is not a whole number', () => {
    const engine = engineFor(scenario([source('src', 'sink'), sink()]));
    engine.advance(2);
    for (const bad of [3, -1, 1.5, Number.NaN]) {
      const r = engine.stateAt(bad);
      expect(r.ok).toBe(false);
      if (!r.ok) expect(r.error.code).toBe('STEP_OUT_OF_RANGE');
    }
    const r = engine.stateAt(3);
    if (!r.ok) expect(r.error.message).toMatch(/step 3 .*at step 2/);
  });

  it('reports the queue as it was, external events included', () => {
    const engine = engineFor(scenario([source('src', 'sink', { count: 0 }), sink()]));
    engine.getExternalEventQueue().addEvents([{ targetDataSourceId: 'src', value: 1 }]);
    engine.advance(1);
    engine.getExternalEventQueue().addEvents([
      { targetDataSourceId: 'src', value: 2 },
      { targetDataSourceId: 'src', value: 3 },
    ]);
    engine.runToEnd();
    const at = (k: number) => {
      const r = engine.stateAt(k);
      if (!r.ok) throw new Error(r.error.message);
      return r.value;
    };
    expect(at(0).queue).toEqual({ size: 1, next: [], external: { pending: 1, byTarget: { src: 1 } } });
    expect(at(1).queue).toEqual({
      size: 3,
      next: [{ nodeId: 'sink', tokenId: 'src#1' }],
      external: { pending: 2, byTarget: { src: 2 } },
    });
    expect(at(2)).toMatchObject({
      status: 'running',
      ledgerSize: 3,
      sinks: { sink: { count: 1, sum: 1, values: [1] } },
    });
    expect(at(engine.getCurrentTick())).toMatchObject({
      status: 'completed',
      queue: { size: 0 },
      sinks: { sink: { count: 3, sum: 6 } },
    });
  });

  it('emits no more external events than are left when a batch asks for more', () => {
    // batchSize 2, three events: step 1 emits src#1 and src#2, step 2 only src#3 (the batch's second
    // slot finds none), which waits for the sink while #1 and #2 arrive there (1 + 2 = 3).
    const engine = new Engine({ checkpointSpacing: 8192 });
    const doc = scenario([source('src', 'sink', { count: 0, batchSize: 2 }), sink()]);
    expect(engine.initialize(doc).errors).toEqual([]);
    engine.getExternalEventQueue().addEvents([1, 2, 3].map((value) => ({ targetDataSourceId: 'src', value })));
    engine.advance(2);
    const live = engine.stateAt(2);
    engine.runToEnd();
    // Replayed from step 0 (no checkpoint since), step 2 must be what the live run saw.
    const replayed = engine.stateAt(2);
    if (!live.ok || !replayed.ok) throw new Error('no state at step 2');
    expect(replayed.value).toMatchObject({
      queue: { next: [{ nodeId: 'sink', tokenId: 'src#3' }], external: { pending: 0 } },
      sinks: { sink: { count: 2, sum: 3 } },
    });
    expect(replayed.value).toEqual(live.value);
  });

  it('keeps checkpoint memory bounded by thinning on long runs', () => {
    const engine = run(scenario([source('src', 'sink', { count: 3000 }), sink()], { maxSteps: 5000 }), {});
    const spaced = new Engine({ checkpointSpacing: 2 });
    spaced.initialize(scenario([source('src', 'sink', { count: 3000 }), sink()], { maxSteps: 5000 }));
    spaced.runToEnd();
    expect(spaced.ledgerHash()).toBe(engine.ledgerHash());
    const mid = spaced.stateAt(1234);
    expect(mid.ok && mid.value.nodeStates['src']!.tokensProcessed).toBe(1234);
  });
});
