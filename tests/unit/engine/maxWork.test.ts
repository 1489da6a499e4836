/**
 * Issue 21, item 6: nothing bounded a run's total work — a formula just under its per-evaluation
 * budget on a self-loop with a large `maxSteps` would run for hours. `maxWork` counts one unit per
 * task a node runs (a delivery, a wake-up, an emission) plus every formula evaluation's steps, and
 * closes the run as truncated when it is spent, in the middle of a step if need be; the same run
 * re-executed (replay, export and import) stops at the same point. A caller's deadline, asked
 * between steps, closes it too.
 */
import { describe, expect, it } from 'vitest';
import { Engine, loadScenario } from '../../../src/engine';
import { engineFor, events, run, scenario, sink, source } from './helpers';

describe('maxWork', () => {
  it('counts one unit per emission and per delivery: 5 tokens to a sink are 10 units', () => {
    // Step t emits token t (units 2t − 1 … ) and delivers token t − 1: unit 10 is the 5th delivery, at step 6.
    const doc = (maxWork: number) => scenario([source('src', 'sink', { count: 5 }), sink()], { maxWork });
    const whole = run(doc(10));
    expect(whole.status).toBe('completed');
    expect(whole.ledger.size).toBe(10);

    const cut = run(doc(9));
    expect(cut.status).toBe('truncated');
    expect(cut.truncatedBy).toBe('maxWork');
    expect(cut.getCurrentTick()).toBe(6);
    expect(events(cut).map((e) => `${e.step} ${e.operation}`)).toEqual([
      '1 TOKEN_GENERATED',
      '2 TOKEN_GENERATED',
      '2 TOKEN_COLLECTED',
      '3 TOKEN_GENERATED',
      '3 TOKEN_COLLECTED',
      '4 TOKEN_GENERATED',
      '4 TOKEN_COLLECTED',
      '5 TOKEN_GENERATED',
      '5 TOKEN_COLLECTED',
    ]);
    const last = cut.stepResult(6);
    expect(last.ok && last.value.message).toContain(
      '; truncated: maxWork (9 work units) was reached before the run completed',
    );
  });

  it('stops a self-loop whose formula spends its whole budget every lap, and re-executes to the same point', () => {
    // Each lap evaluates a JavaScript formula of many thousand steps; maxSteps alone would allow a million laps.
    const formula =
      'const a = Array.isArray(data.a) ? data.a : [1, 2, 3, 4, 5, 6, 7, 8]; return { n: (data.n ?? 0) + a.map((x) => x * 2).filter((x) => x > 2).length, a: a };';
    const doc = scenario(
      [
        source('src', 'loop', { count: 1 }),
        {
          nodeId: 'loop',
          type: 'ProcessNode',
          formula,
          outputs: [{ destinationNodeId: 'loop' }],
        },
      ],
      { maxSteps: 1_000_000, maxWork: 5_000 },
    );
    expect(loadScenario(doc).errors).toEqual([]);
    const engine = engineFor(doc);
    expect(engine.advance('end')).toBe('truncated');
    expect(engine.truncatedBy).toBe('maxWork');
    const laps = events(engine).filter((e) => e.operation === 'TOKEN_TRANSFORMED').length;
    expect(laps).toBeGreaterThan(10);
    expect(laps).toBeLessThan(5_000);

    const again = Engine.importRun(engine.exportRun());
    expect(again.ok).toBe(true);
    if (!again.ok) return;
    expect(again.value.ledgerHash()).toBe(engine.ledgerHash());
    expect(again.value.truncatedBy).toBe('maxWork');
    // The state of an earlier step is replayed from a checkpoint that carries the work spent.
    const before = engine.stateAt(engine.getCurrentTick() - 1);
    expect(before.ok).toBe(true);
  });

  it('a caller\'s deadline closes the run between steps as truncated by "deadline"', () => {
    const engine = engineFor(scenario([source('src', 'sink', { count: 100 }), sink()]));
    let asked = 0;
    expect(engine.advance('end', { deadline: () => ++asked > 10 })).toBe('truncated');
    expect(engine.truncatedBy).toBe('deadline');
    expect(engine.getCurrentTick()).toBe(10);
    const last = engine.stepResult(10);
    expect(last.ok && last.value.message).toContain(
      '; truncated: the time limit given to the run passed before the run completed',
    );
    // A deadline that passes once the run has nothing left does not make it truncated.
    const done = engineFor(scenario([source('src', 'sink', { count: 1 }), sink()]));
    expect(done.advance('end', { deadline: () => false })).toBe('completed');
  });

  it('a deadline asked once the run has ended changes nothing: completed stays completed, a bound stays its bound', () => {
    const done = run(scenario([source('src', 'sink', { count: 2 }), sink()]));
    expect(done.status).toBe('completed');
    expect(done.advance('end', { deadline: () => true })).toBe('completed');
    expect(done.truncatedBy).toBeNull();
    const cut = run(scenario([source('src', 'sink', { count: 5 }), sink()], { maxSteps: 2 }));
    expect(cut.truncatedBy).toBe('maxSteps');
    expect(cut.advance('end', { deadline: () => true })).toBe('truncated');
    expect(cut.truncatedBy).toBe('maxSteps');
  });
});
