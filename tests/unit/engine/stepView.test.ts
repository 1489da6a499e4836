/**
 * The step view of an earlier step: which nodes acted in that step (its events only, not the next
 * step's), the clock at that step (startTime + step × tickMs) and the tokens waiting per edge. One
 * token, generated at step 1 and collected at step 2, makes every value countable by hand.
 */
import { describe, expect, it } from 'vitest';
import { run, scenario, sink, source } from './helpers';

const T = 1735689600000;

describe('stepView', () => {
  it('shows the nodes that acted in that step only, its clock and the tokens waiting on each edge', () => {
    const engine = run(scenario([source('src', 'sink', { count: 1 }), sink()], { startTime: T, tickMs: 500 }));
    const at = (step: number) => {
      const r = engine.stepView(step);
      if (!r.ok) throw new Error(r.error.message);
      return r.value;
    };
    // Step 1: src generates the token, which waits on edge-0 (src → sink); the sink has not acted.
    const one = at(1);
    expect(one.timestamp).toBe(T + 500);
    expect(one.stepEvents).toBe(1);
    expect(one.nodes['src']).toMatchObject({ acted: true, processed: 1 });
    expect(one.nodes['sink']).toMatchObject({ acted: false, processed: 0, waiting: 1 });
    expect(one.edges).toEqual([{ id: 'edge-0', waiting: 1 }]);
    // Step 2: the sink collects it (2 × 500 ms after the start); src has nothing left to do.
    const two = at(2);
    expect(two.timestamp).toBe(T + 1000);
    expect(two.nodes['src']).toMatchObject({ acted: false });
    expect(two.nodes['sink']).toMatchObject({ acted: true, processed: 1, waiting: 0 });
    expect(two.edges).toEqual([{ id: 'edge-0', waiting: 0 }]);
    expect(two.sinks).toEqual({ sink: { count: 1, sum: 1 } });
  });
});
