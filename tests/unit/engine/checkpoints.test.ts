/**
 * Checkpoint memory stays bounded: past 256 checkpoints every other one is dropped — never step
 * 0's — and the spacing doubles (src/engine/replay/checkpoints.ts). With a spacing of 1 work unit a
 * checkpoint is taken after every step, since each step adds at least one unit (the step itself),
 * so the list after each step is countable by hand. The nearest checkpoint to a step is never one
 * taken after it: before step 0 there is none.
 */
import { describe, expect, it } from 'vitest';
import { loadScenario } from '../../../src/engine/dsl';
import { LiveRun } from '../../../src/engine/replay/liveRun';
import { scenario, sink, source } from './helpers';

describe('Checkpoints', () => {
  it('past 256 checkpoints keeps step 0’s and every other one after it, and doubles the spacing', () => {
    const loaded = loadScenario(scenario([source('src', 'sink', { count: 300 }), sink()], { maxSteps: 2000 }));
    expect(loaded.scenario).toBeDefined();
    const live = new LiveRun(loaded.scenario!, 1, { checkpointSpacing: 1 });
    while (live.step < 255) expect(live.stepSync()).toBe(true);
    // Steps 0 … 255: 256 checkpoints, the most that are kept.
    expect(live.checkpoints.count).toBe(256);
    expect(live.checkpoints.currentSpacing).toBe(1);
    // Step 256 makes 257: the ones at steps 0, 2, 4, …, 256 stay (129 of them).
    expect(live.stepSync()).toBe(true);
    expect(live.checkpoints.count).toBe(129);
    expect(live.checkpoints.currentSpacing).toBe(2);
    for (const [step, nearest] of [
      [0, 0],
      [1, 0],
      [2, 2],
      [3, 2],
      [255, 254],
      [256, 256],
    ])
      expect(live.checkpoints.nearest(step!).step, `nearest to step ${step}`).toBe(nearest);
  });

  it('has no checkpoint before step 0: a step before it is an error, not step 0’s checkpoint', () => {
    const loaded = loadScenario(scenario([source('src', 'sink'), sink()]));
    expect(loaded.scenario).toBeDefined();
    const live = new LiveRun(loaded.scenario!, 1, { checkpointSpacing: 1 });
    expect(live.stepSync()).toBe(true);
    // Checkpoints after steps 0 and 1: step 0's is the earliest, so nothing is "at or before" step −1.
    expect(live.checkpoints.count).toBe(2);
    expect(live.checkpoints.nearest(0).step).toBe(0);
    expect(() => live.checkpoints.nearest(-1)).toThrow(new Error('no checkpoint at or before step -1'));
  });
});
