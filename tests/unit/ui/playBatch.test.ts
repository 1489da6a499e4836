import { describe, expect, it } from 'vitest';
import { nextBatch } from '../../../src/ui/state/run/speeds';

describe('Max-speed play batches', () => {
  it('doubles while a tick is quick, halves when it is slow, holds in between', () => {
    expect(nextBatch(1, 2)).toBe(2);
    expect(nextBatch(64, 49)).toBe(128);
    expect(nextBatch(64, 100)).toBe(64);
    expect(nextBatch(64, 151)).toBe(32);
    expect(nextBatch(1, 500)).toBe(1);
  });

  it('settles where a tick takes 50–150 ms when a step costs a fixed time, from any start', () => {
    for (const perStepMs of [0.001, 0.05, 1, 200]) {
      for (const start of [1, 16_384]) {
        let batch = start;
        for (let i = 0; i < 40; i++) batch = nextBatch(batch, batch * perStepMs + 30);
        const ms = batch * perStepMs + 30;
        // Either within the band, or pinned at a bound (one step already too slow, or the cap reached).
        expect(ms <= 150 || batch === 1, `${perStepMs} ms/step from ${start}: ${batch}`).toBe(true);
        expect(ms >= 50 || batch === 16_384, `${perStepMs} ms/step from ${start}: ${batch}`).toBe(true);
      }
    }
  });
});
