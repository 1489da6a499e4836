/**
 * Issue 21: a property over generated hostile templates (src/bench/chaosTemplate.ts) — doubling
 * broadcast → collect chains, broadcast cycles, self-loops that nest their input or spend many
 * formula steps a lap, thousands of idle nodes, numbers at the edge of overflow. For every draw:
 * loading never throws and refuses exactly the templates whose computed numbers overflow; a
 * template that loads runs to its end without throwing, ends completed or truncated (never half
 * done), within `maxSteps` and `maxEvents`, with every token within the size bound of built
 * values; the run's work is bounded by `maxWork`, so each case is bounded in time. Fixed seed.
 */
import fc from 'fast-check';
import { cpuClock } from '../timeBudget';
import { describe, expect, it } from 'vitest';
import { chaosDocument, type ChaosParams } from '../../../src/bench/chaosTemplate';
import { Engine, loadScenario } from '../../../src/engine';
import { DSL_DEFAULTS } from '../../../src/engine/dsl/defaults';
import { valueBoundIssue } from '../../../src/engine/behaviors/valueBounds';

const WORST: ChaosParams = {
  levels: 19,
  cycleFanOut: 0,
  nestingLoop: true,
  heavyLoop: true,
  idle: 0,
  window: 5,
  interval: 1,
  weight: 1,
  tickMs: 1000,
  maxSteps: 200,
  maxEvents: 10_000,
  maxWork: 150_000,
};

const paramsArbitrary: fc.Arbitrary<ChaosParams> = fc.record({
  // Level 19 is the first whose aggregate passes the size bound: drawn often.
  levels: fc.oneof(
    { weight: 4, arbitrary: fc.integer({ min: 0, max: 18 }) },
    { weight: 1, arbitrary: fc.constant(19) },
  ),
  cycleFanOut: fc.integer({ min: 0, max: 4 }),
  nestingLoop: fc.boolean(),
  heavyLoop: fc.boolean(),
  idle: fc.integer({ min: 0, max: 200 }),
  window: fc.constantFrom(1, 5, 1e300, 1e305, 1e308, 1.7e308),
  interval: fc.constantFrom(1, 3, 1e6, 1e305, 1e308),
  weight: fc.constantFrom(1, 1e307, 8e307, 1e308, 1.7e308),
  tickMs: fc.constantFrom(1, 1000, 1e300),
  maxSteps: fc.oneof(fc.integer({ min: 1, max: 5000 }), fc.constant(200)),
  maxEvents: fc.oneof(fc.integer({ min: 1, max: 10_000 }), fc.constant(10_000)),
  maxWork: fc.oneof(fc.integer({ min: 1, max: 150_000 }), fc.constant(150_000)),
});

/** The engine's step count of `seconds` at `tickMs`, computed by hand as DSL.md defines it. */
const steps = (seconds: number, tickMs: number) => Math.max(1, Math.round((seconds * 1000) / tickMs));

/** Whether every number the engine derives from `p` is finite: what decides if the template loads. */
function finiteNumbers(p: ChaosParams): boolean {
  return (
    Number.isFinite(steps(p.window, p.tickMs)) &&
    Number.isFinite(steps(p.interval, p.tickMs)) &&
    Number.isFinite(p.weight + p.weight) &&
    Number.isFinite(DSL_DEFAULTS.startTime + p.maxSteps * p.tickMs)
  );
}

describe('generated hostile templates', () => {
  it('load exactly when their numbers stay finite, and run within every bound', () => {
    let ran = 0;
    fc.assert(
      fc.property(paramsArbitrary, (p) => {
        const loaded = loadScenario(chaosDocument(p));
        const shouldLoad = finiteNumbers(p);
        expect(loaded.errors.length === 0, JSON.stringify(loaded.errors.slice(0, 3))).toBe(shouldLoad);
        for (const e of loaded.errors) expect(e.path).toMatch(/^\/nodes\/\d+\/|^\/tickMs$/);
        if (loaded.scenario === null) return;
        ran++;
        const engine = new Engine();
        engine.start(loaded.scenario);
        const started = cpuClock();
        const status = engine.advance('end');
        // A hang guard, not a speed measure: maxWork and maxEvents bound each case far below it.
        expect(cpuClock() - started).toBeLessThan(10_000);
        expect(['completed', 'truncated']).toContain(status);
        const tick = engine.getCurrentTick();
        expect(Number.isSafeInteger(tick)).toBe(true);
        expect(tick).toBeLessThanOrEqual(p.maxSteps);
        expect(engine.ledger.size).toBeLessThanOrEqual(p.maxEvents);
        if (status === 'truncated') expect(['maxSteps', 'maxEvents', 'maxWork']).toContain(engine.truncatedBy);
        for (const token of engine.ledger.tokens.slice()) expect(valueBoundIssue(token.data)).toBeNull();
        expect(engine.ledgerHash()).toMatch(/^[0-9a-f]{64}$/);
        if (tick > 1) expect(engine.stateAt(tick - 1).ok).toBe(true);
      }),
      // Always tried too: the doubling chain long enough to pass the size bound, both self-loops
      // and idle nodes, with room to reach them (a broadcast cycle would fill maxEvents first).
      { seed: 21, numRuns: 15, examples: [[{ ...WORST, heavyLoop: false, idle: 50 }]] },
    );
    // The ranges make most draws load: the run checks are not vacuous.
    expect(ran).toBeGreaterThanOrEqual(6);
  }, 60_000);
});
