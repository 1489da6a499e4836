/**
 * Issue 21, items 5 and 8: numbers the engine computes from a template's numbers overflowed. An
 * Aggregator time window of 1e308 made the wake-up step NaN (the command line printed
 * `"steps": null, "status": "running"`), and weights of [1e308, 1e308] added up to Infinity and
 * routed every token to one output. Such templates are refused at load with the path; a run that
 * gets such a number anyway (a scenario built by hand) still ends, truncated at `maxSteps`.
 */
import { describe, expect, it } from 'vitest';
import { Engine, loadScenario, type Scenario } from '../../../src/engine';

type Json = Record<string, unknown>;

function doc(nodes: Json[], extra: Json = {}): Json {
  return { version: '3.0', ...extra, nodes };
}

const src = (extra: Json = {}): Json => ({
  nodeId: 'src',
  type: 'DataSource',
  count: 3,
  outputs: [{ destinationNodeId: 'agg' }],
  ...extra,
});
const agg = (window: number): Json => ({
  nodeId: 'agg',
  type: 'Aggregator',
  aggregation: { method: 'sum', trigger: { type: 'time', window } },
  outputs: [{ destinationNodeId: 'sink' }],
});
const sink = { nodeId: 'sink', type: 'Sink' };

function errorsOf(d: Json): Array<[string, string]> {
  return loadScenario(d).errors.map((e) => [e.path, e.message]);
}

describe('numbers that overflow are refused at load', () => {
  it('an Aggregator time window of 1e308 seconds', () => {
    expect(errorsOf(doc([src(), agg(1e308), sink]))).toEqual([
      [
        '/nodes/1/aggregation/trigger/window',
        'time window 1e+308 s is not a finite number of steps of 1000 ms; use a smaller window',
      ],
    ]);
    // 1e305 s is 1e308 steps of 1 s: finite, so it loads.
    expect(errorsOf(doc([src(), agg(1e305), sink]))).toEqual([]);
  });

  it('weights that add up to Infinity', () => {
    const mux = {
      nodeId: 'mux',
      type: 'Multiplexer',
      multiplexing: { strategy: 'weighted', weights: [1e308, 1e308] },
      outputs: [{ destinationNodeId: 'sink' }, { destinationNodeId: 'sink' }],
    };
    const d = doc([{ ...src(), outputs: [{ destinationNodeId: 'mux' }] }, mux, sink]);
    expect(errorsOf(d)).toEqual([
      [
        '/nodes/1/multiplexing/weights',
        'the weights add up to more than the largest finite number; scale them down (only their ratios matter)',
      ],
    ]);
    // Halved, they add up to 1e308: finite.
    (mux.multiplexing.weights as number[]).splice(0, 2, 5e307, 5e307);
    expect(errorsOf(d)).toEqual([]);
  });

  it('a DataSource interval and a sequence that overflow', () => {
    const d = doc([
      src({ interval: 1e307, generation: { type: 'sequence', start: 1e308, step: 1e308 } }),
      { nodeId: 'agg', type: 'Aggregator', aggregation: { method: 'sum' }, outputs: [{ destinationNodeId: 'sink' }] },
      sink,
    ]);
    expect(errorsOf(d)).toEqual([
      [
        '/nodes/0/generation/step',
        'the sequence 1e+308, 1e+308 + 1e+308, … overflows before its last token; use a smaller "start" or "step"',
      ],
      ['/nodes/0/interval', '"interval" 1e+307 s is not a finite number of steps of 1000 ms; use a smaller interval'],
    ]);
    // Three tokens: 1e308 + 2 × 1e307 is finite.
    const fine = doc([src({ generation: { type: 'sequence', start: 1e308, step: 1e307 } }), agg(1), sink]);
    expect(errorsOf(fine)).toEqual([]);
  });

  it('timestamps that overflow, at the path of tickMs (inside a template too)', () => {
    const d = { name: 't', version: '3.0', scenario: doc([src(), agg(1), sink], { tickMs: 1e303, maxSteps: 1e6 }) };
    expect(errorsOf(d)).toEqual([
      [
        '/scenario/tickMs',
        '"startTime" + "maxSteps" × "tickMs" (1735689600000 + 1000000 × 1e+303) is not a finite number of milliseconds, so the ledger\'s timestamps would overflow; use a smaller "tickMs" or "maxSteps"',
      ],
    ]);
  });
});

describe('a non-finite wake-up step never leaves a run half-done', () => {
  it('a time window that overflows (set after loading) ends the run truncated at maxSteps', () => {
    const loaded = loadScenario(doc([src(), agg(1), sink], { maxSteps: 50 }));
    expect(loaded.errors).toEqual([]);
    const scenario = loaded.scenario! as Scenario;
    const broken = structuredClone(scenario);
    const node = broken.nodes[1]!;
    if (node.type !== 'Aggregator' || node.aggregation.trigger?.type !== 'time') throw new Error('not the aggregator');
    node.aggregation.trigger.window = 1e308;
    const engine = new Engine();
    engine.start(broken);
    expect(engine.advance('end')).toBe('truncated');
    expect(engine.getCurrentTick()).toBe(50);
    expect(engine.truncatedBy).toBe('maxSteps');
    // Every token was generated and buffered; the window never closes within 50 steps.
    expect(engine.getNodeState('agg')!.aggregates).toEqual({ buffered: 3, emitted: 0, dropped: 0 });
  });

  it('an FSM timer far beyond maxSteps ends the run truncated at maxSteps', () => {
    const fsm = {
      nodeId: 'f',
      type: 'FSM',
      fsm: { states: ['a', 'b'], transitions: [{ from: 'a', to: 'b', trigger: 'timer', after: 1e300 }] },
      outputs: [{ destinationNodeId: 'sink' }],
    };
    const engine = new Engine();
    const loaded = engine.initialize(
      doc([{ ...src(), outputs: [{ destinationNodeId: 'f' }] }, fsm, sink], { maxSteps: 40 }),
    );
    expect(loaded.errors).toEqual([]);
    expect(engine.advance('end')).toBe('truncated');
    expect(engine.getCurrentTick()).toBe(40);
  });
});
