/**
 * Issue 10, item 7: validation was quadratic in nodes (the cycle check filtered every edge once per
 * node), and a scenario of more than 65,535 nodes validated, then failed inside the engine with an
 * internal error. Speed is measured by `npm run bench` (E6); these tests check the results on the
 * benchmark's own documents.
 */
import { describe, expect, it } from 'vitest';
import { largeDocument } from '../../../src/bench/load';
import { Engine } from '../../../src/engine';
import { loadScenario } from '../../../src/engine/dsl';

describe('large scenarios', () => {
  it('refuses more than 65,535 nodes at /nodes instead of failing inside the engine', () => {
    const doc = largeDocument(70_000);
    const result = loadScenario(doc);
    expect(result.scenario).toBeNull();
    expect(result.errors).toEqual([
      { path: '/nodes', message: 'the scenario has 70002 nodes; a scenario holds at most 65,535' },
    ]);
    const engine = new Engine();
    expect(() => engine.initialize(doc)).not.toThrow();
    expect(engine.initialized).toBe(false);
  }, 120_000);

  it('loads, starts and runs a scenario of many nodes with multiplexer and join edges indexed once', () => {
    const doc = largeDocument(2_000);
    const engine = new Engine();
    expect(engine.initialize(doc).errors).toEqual([]);
    expect(engine.runToEnd()).toBe('completed');
    expect(engine.getNodeState('sink')!.tokensProcessed).toBe(501);
  });
});
