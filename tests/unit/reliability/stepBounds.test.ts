/**
 * Issue 10, item 10: `maxSteps` had no upper bound (1e308 was accepted, and a `startAt` of 1e12
 * never ended); `maxEvents` neither.
 */
import { describe, expect, it } from 'vitest';
import { loadScenario } from '../../../src/engine/dsl';
import { scenario, sink, source } from '../engine/helpers';

describe('run bounds have upper limits', () => {
  it.each([
    ['maxSteps', 1e308, 'at most 10,000,000'],
    ['maxSteps', 10_000_001, 'at most 10,000,000'],
    ['maxEvents', 1e12, 'at most 100,000,000'],
  ])('refuses %s %d at its path', (field, value) => {
    const result = loadScenario(scenario([source('src', 'sink', { startAt: 1e12 }), sink()], { [field]: value }));
    expect(result.scenario).toBeNull();
    expect(result.errors.map((e) => e.path)).toContain(`/${field}`);
  });

  it('accepts the largest values', () => {
    const result = loadScenario(
      scenario([source('src', 'sink'), sink()], { maxSteps: 10_000_000, maxEvents: 100_000_000 }),
    );
    expect(result.errors).toEqual([]);
  });
});
