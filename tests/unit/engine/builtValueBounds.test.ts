/**
 * Issue 21, item 1: a chain of broadcast Multiplexers whose two outputs feed the same `collect`
 * Aggregator (window 2) doubled a token's data at every level, because only formula results were
 * bounded. Every value a node builds — an aggregate of any method, a join, an FSM's output, a
 * formula merged over its input, FSM variables — is now measured once when it is built, and one
 * past `VALUE_LIMITS` is a NODE_ERROR that drops the tokens it consumed.
 */
import { describe, expect, it } from 'vitest';
import { VALUE_LIMITS } from '../../../src/engine/behaviors/valueBounds';
import { events, run, scenario, sink, source, type Json } from './helpers';

/** src → (mux_k broadcast ⇉ agg_k collect, window 2) × levels → sink. */
function doublingChain(levels: number, method = 'collect'): Json {
  const nodes: Json[] = [source('src', 'mux1', { count: 1, generation: { type: 'constant', value: 1 } })];
  for (let k = 1; k <= levels; k++) {
    nodes.push({
      nodeId: `mux${k}`,
      type: 'Multiplexer',
      multiplexing: { strategy: 'broadcast' },
      outputs: [{ destinationNodeId: `agg${k}` }, { destinationNodeId: `agg${k}` }],
    });
    nodes.push({
      nodeId: `agg${k}`,
      type: 'Aggregator',
      aggregation: { method, trigger: { type: 'count', window: 2 } },
      outputs: [{ destinationNodeId: k === levels ? 'sink' : `mux${k + 1}` }],
    });
  }
  nodes.push(sink());
  return scenario(nodes);
}

describe('values a node builds are bounded', () => {
  it('a collect chain that doubles its token stops at the level whose aggregate passes the size bound', () => {
    // Level k's aggregate is {value, count, method} with 2^k leaves and 2^k − 1 arrays inside:
    // 1 (object) + 16 (keys) + 1 (count) + 8 ("collect") + 2^(k+1) − 1 units = 2^(k+1) + 25.
    // Level 18: 524,313 units (kept); level 19: 1,048,601 > 1,000,000 (refused).
    expect(2 ** 19 + 25).toBeLessThanOrEqual(VALUE_LIMITS.maxSize);
    expect(2 ** 20 + 25).toBeGreaterThan(VALUE_LIMITS.maxSize);
    const engine = run(doublingChain(20));
    expect(engine.status).toBe('completed');
    const all = events(engine);
    const errors = all.filter((e) => e.operation === 'NODE_ERROR');
    expect(errors.map((e) => e.nodeId)).toEqual(['agg19']);
    expect(errors[0]!.details!['message']).toBe(
      'the aggregate is too large (its JSON text would pass about 1,000,000 characters)',
    );
    expect(errors[0]!.inputTokens).toEqual(['agg18#1', 'agg18#1']);
    expect(all.some((e) => e.nodeId === 'agg20' || e.nodeId === 'sink')).toBe(false);
    expect(engine.getNodeState('agg18')!.aggregates).toEqual({ buffered: 0, emitted: 1, dropped: 0 });
    // The longest line carries level 18's aggregate: 2^19 leaves "1" and 2^19 − 1 arrays, each
    // spelt with its separator, about 4 × 2^19 characters — far from the 2^22 of level 20.
    let longest = 0;
    for (let seq = 1; seq <= engine.ledger.size; seq++) longest = Math.max(longest, engine.ledger.line(seq).length);
    expect(longest).toBeGreaterThan(4 * 2 ** 19 - 2 ** 16);
    expect(longest).toBeLessThan(4 * 2 ** 19 + 2 ** 16);
  });

  it('a chain of collects with window 1 stops when the aggregate nests deeper than the depth bound', () => {
    // Level k's value is nested k + 1 deep (the data object, then k arrays); level 256 is 257 deep.
    const nodes: Json[] = [source('src', 'agg1', { count: 1 })];
    for (let k = 1; k <= 260; k++)
      nodes.push({
        nodeId: `agg${k}`,
        type: 'Aggregator',
        aggregation: { method: 'collect', trigger: { type: 'count', window: 1 } },
        outputs: [{ destinationNodeId: k === 260 ? 'sink' : `agg${k + 1}` }],
      });
    nodes.push(sink());
    const engine = run(scenario(nodes, { maxSteps: 1000 }));
    const errors = events(engine).filter((e) => e.operation === 'NODE_ERROR');
    expect(errors.map((e) => e.nodeId)).toEqual(['agg256']);
    expect(errors[0]!.details!['message']).toBe(
      'the aggregate is nested too deeply (more than 256 levels of arrays and objects)',
    );
  });
});

/** A DataSource of one token whose value is a text of `n` characters. */
function bigSource(id: string, to: string | string[], n: number): Json {
  return source(id, to, { count: 1, generation: { type: 'constant', value: 'x'.repeat(n) } });
}

describe('token data built from parts within the bound', () => {
  const TOO_LARGE = 'the token data is too large (its JSON text would pass about 1,000,000 characters)';

  it('a ProcessNode result merged over its input is bounded as a whole', () => {
    // {value: S} → p1 adds b: S (800,000+ units, kept) → p2 adds c: S (1,200,000+ units, refused),
    // although each formula's result alone is about 400,000 units.
    const doc = scenario([
      bigSource('src', 'p1', 400_000),
      { nodeId: 'p1', type: 'ProcessNode', formula: '{ b: value }', outputs: [{ destinationNodeId: 'p2' }] },
      { nodeId: 'p2', type: 'ProcessNode', formula: '{ c: value }', outputs: [{ destinationNodeId: 'sink' }] },
      sink(),
    ]);
    const all = events(run(doc));
    const errors = all.filter((e) => e.operation === 'NODE_ERROR');
    expect(errors.map((e) => [e.nodeId, e.inputToken?.id, e.details!['message']])).toEqual([['p2', 'p1#1', TOO_LARGE]]);
    expect(all.some((e) => e.nodeId === 'sink')).toBe(false);
  });

  it('a per-output formula’s result merged over its input is bounded as a whole, one token at a time or joined', () => {
    // The result {b: S, c: S} of a 400,000-character S is 1 + 2 × (1 + 400,001) = 800,005 units,
    // within the bound; merged over {value: S} it is 1 + 5 + 400,001 + 2 × 400,002 = 1,200,011.
    const outputs = [{ name: 'both', destinationNodeId: 'sink', formula: '{ b: value, c: value }' }];
    const single = events(
      run(scenario([bigSource('src', 'p', 400_000), { nodeId: 'p', type: 'ProcessNode', outputs }, sink()])),
    );
    expect(single.filter((e) => e.nodeId !== 'src').map((e) => [e.operation, e.inputToken?.id, e.details])).toEqual([
      ['NODE_ERROR', 'src#1', { message: TOO_LARGE, output: 'both' }],
    ]);
    // Joined: s2's {value: 0} with s1's {value: S} over it is {value: S} again.
    const joined = events(
      run(
        scenario([
          bigSource('s1', 'j', 400_000),
          source('s2', 'j', { count: 1, generation: { type: 'constant', value: 0 } }),
          { nodeId: 'j', type: 'ProcessNode', inputs: [{ nodeId: 's1' }, { nodeId: 's2' }], outputs },
          sink(),
        ]),
      ),
    );
    const errors = joined.filter((e) => e.operation === 'NODE_ERROR');
    expect(errors.map((e) => [e.nodeId, e.inputTokens, e.details])).toEqual([
      ['j', ['s1#1', 's2#1'], { message: TOO_LARGE, output: 'both' }],
    ]);
    expect(joined.some((e) => e.nodeId === 'sink')).toBe(false);
  });

  it('a join of inputs within the bound is bounded as a whole', () => {
    const doc = scenario([
      bigSource('s1', 'p1', 600_000),
      bigSource('s2', 'p2', 600_000),
      { nodeId: 'p1', type: 'ProcessNode', formula: '{ a: value, value: 0 }', outputs: [{ destinationNodeId: 'j' }] },
      { nodeId: 'p2', type: 'ProcessNode', formula: '{ b: value, value: 0 }', outputs: [{ destinationNodeId: 'j' }] },
      {
        nodeId: 'j',
        type: 'ProcessNode',
        inputs: [
          { name: 'l', nodeId: 'p1' },
          { name: 'r', nodeId: 'p2' },
        ],
        outputs: [{ destinationNodeId: 'sink' }],
      },
      sink(),
    ]);
    const errors = events(run(doc)).filter((e) => e.operation === 'NODE_ERROR');
    expect(errors.map((e) => [e.nodeId, e.inputTokens, e.details!['message']])).toEqual([
      ['j', ['p1#1', 'p2#1'], TOO_LARGE],
    ]);
  });

  it("an FSM's emitted data and its variables are bounded as a whole", () => {
    const fsm = (id: string, actions: Json[]): Json => ({
      nodeId: id,
      type: 'FSM',
      fsm: {
        states: [{ name: 'a' }, { name: 'b', onEntry: actions }],
        transitions: [{ from: 'a', to: 'b' }],
      },
      outputs: [{ name: 'out', destinationNodeId: 'sink' }],
    });
    const doc = scenario([
      bigSource('src', ['emitter', 'keeper'], 400_000),
      fsm('emitter', [{ action: 'emit', target: 'out', formula: '{ b: value, c: value }' }]),
      fsm('keeper', [
        { action: 'set_variable', target: 'x', formula: 'value' },
        { action: 'set_variable', target: 'y', formula: 'value' },
        { action: 'set_variable', target: 'z', formula: 'value' },
      ]),
      sink(),
    ]);
    const engine = run(doc);
    const errors = events(engine).filter((e) => e.operation === 'NODE_ERROR');
    expect(errors.map((e) => [e.nodeId, e.details!['message']])).toEqual([
      ['emitter', `emit: ${TOO_LARGE}`],
      [
        'keeper',
        'set_variable "z": the set of variables is too large (its JSON text would pass about 1,000,000 characters)',
      ],
    ]);
    // The failed firings are undone: both machines stay in their first state.
    expect(engine.getNodeState('emitter')!.currentState).toBe('a');
    expect(engine.getNodeState('keeper')!.currentState).toBe('a');
  });
});
