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

/** A scenario of one source feeding FSMs in turn, each with the states named (a chain of "any" transitions). */
function fsmsDocument(...stateLists: string[][]): Record<string, unknown> {
  const fsms = stateLists.map((states, k) => ({
    nodeId: `f${k}`,
    type: 'FSM',
    fsm: { states, transitions: states.slice(1).map((to, i) => ({ from: states[i], to })) },
    outputs: [{ destinationNodeId: k + 1 < stateLists.length ? `f${k + 1}` : 'out' }],
  }));
  return {
    version: '3.0',
    maxSteps: 100_000,
    nodes: [
      { nodeId: 'src', type: 'DataSource', count: Math.max(...stateLists.map((l) => l.length)) },
      ...fsms,
      { nodeId: 'out', type: 'Sink' },
    ].map((n, i) => (i === 0 ? { ...n, outputs: [{ destinationNodeId: 'f0' }] } : n)),
  };
}

const names = (prefix: string, n: number) => Array.from({ length: n }, (_, i) => `${prefix}${i}`);

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

  it('refuses more than 65,534 distinct state names, all FSMs together, at the FSM that passes the bound', () => {
    // Issue 38, item 4: the ledger interns state names for the whole run; such a scenario validated,
    // then `run` failed with an internal error once the 65,535th name was recorded.
    const doc = fsmsDocument(names('a', 40_000), names('b', 30_000));
    const result = loadScenario(doc);
    expect(result.scenario).toBeNull();
    expect(result.errors).toEqual([
      {
        path: '/nodes/2/fsm/states',
        message:
          "the scenario's FSMs name 70,000 distinct states (this FSM's included); a scenario names at most 65,534, all FSMs together (docs/limits.md)",
      },
    ]);
    const engine = new Engine();
    expect(() => engine.initialize(doc)).not.toThrow();
    expect(engine.initialized).toBe(false);
    // At the bound it loads, and a name two FSMs share counts once.
    expect(loadScenario(fsmsDocument(names('a', 40_000), names('b', 25_534))).errors).toEqual([]);
    expect(loadScenario(fsmsDocument(names('a', 40_000), names('a', 40_000))).errors).toEqual([]);
  }, 60_000);

  it('records transitions between states past the 32,768th name with their names', () => {
    // A transition's two states share one 32-bit column, (from + 1) × 65536 + to + 1: read as
    // signed it turned negative from the 32,768th name on, and such events lost their from and to.
    const states = names('s', 33_000);
    const engine = new Engine();
    expect(engine.initialize(fsmsDocument(states)).errors).toEqual([]);
    expect(engine.runToEnd()).toBe('completed');
    const transitions = [];
    for (let seq = 1; seq <= engine.ledger.size; seq++) {
      const e = engine.ledger.get(seq);
      if (e.operation === 'STATE_TRANSITION') transitions.push(e);
    }
    expect(transitions).toHaveLength(32_999);
    expect(transitions.every((e, i) => e.from === `s${i}` && e.to === `s${i + 1}`)).toBe(true);
    const last = transitions[transitions.length - 1]!;
    expect(JSON.parse(engine.ledger.line(last.seq))).toMatchObject({ from: 's32998', to: 's32999' });
  }, 60_000);

  it('loads, starts and runs a scenario of many nodes with multiplexer and join edges indexed once', () => {
    const doc = largeDocument(2_000);
    const engine = new Engine();
    expect(engine.initialize(doc).errors).toEqual([]);
    expect(engine.runToEnd()).toBe('completed');
    expect(engine.getNodeState('sink')!.tokensProcessed).toBe(501);
  });
});
