import { describe, expect, it } from 'vitest';
import { loadScenario } from '../../../src/engine';
import { eventsOf, run, scenario, sink, source } from './helpers';

/**
 * Names that mean something to JavaScript objects — `__proto__`, `constructor`, `prototype`,
 * `toString` — used where a scenario lets users choose names: node ids, output names, state names,
 * data keys. They must stay plain data: never a prototype, never read through one, never dropped.
 */
describe('reserved JavaScript names in a scenario', () => {
  it('keep data keys named __proto__ and constructor as own data, through the whole run', () => {
    const value = JSON.parse('{"__proto__": {"x": 1}, "constructor": 2, "toString": 3}');
    const engine = run(
      scenario([
        source('src', 'constructor', { count: 1, generation: { type: 'constant', value } }),
        sink('constructor'),
      ]),
    );
    const collected = eventsOf(engine, 'constructor').find((e) => e.operation === 'TOKEN_COLLECTED')!;
    const data = collected.inputToken!.data['value'] as Record<string, unknown>;
    expect(Object.getPrototypeOf(data)).toBe(Object.prototype);
    expect(Object.keys(data)).toEqual(['__proto__', 'constructor', 'toString']);
    expect(Object.getOwnPropertyDescriptor(data, '__proto__')?.value).toEqual({ x: 1 });
    expect(({} as Record<string, unknown>)['x']).toBeUndefined();
    expect(engine.getNodeState('constructor')).toMatchObject({ nodeId: 'constructor', tokensProcessed: 1 });
  });

  it('count a Multiplexer’s outputs named like Object.prototype members from zero', () => {
    const engine = run(
      scenario([
        source('src', 'router', { count: 4 }),
        {
          nodeId: 'router',
          type: 'Multiplexer',
          multiplexing: { strategy: 'round_robin' },
          outputs: [
            { name: 'constructor', destinationNodeId: 'a' },
            { name: '__proto__', destinationNodeId: 'b' },
            { name: 'toString', destinationNodeId: 'a' },
          ],
        },
        sink('a'),
        sink('b'),
      ]),
    );
    const expected = [
      ['constructor', 2],
      ['__proto__', 1],
      ['toString', 1],
    ];
    expect(Object.entries(engine.getNodeState('router')!.aggregates)).toEqual(expected);
    // The same counts when the state is rebuilt by replay.
    const replayed = engine.stateAt(engine.getCurrentTick());
    expect(replayed.ok && Object.entries(replayed.value.nodeStates['router']!.aggregates)).toEqual(expected);
  });

  it('count FSM states named constructor and toString', () => {
    const engine = run(
      scenario([
        source('src', 'fsm', { count: 2 }),
        {
          nodeId: 'fsm',
          type: 'FSM',
          fsm: {
            states: ['constructor', 'toString'],
            transitions: [
              { from: 'constructor', to: 'toString' },
              { from: 'toString', to: 'constructor' },
            ],
          },
          outputs: [{ destinationNodeId: 'out' }],
        },
        sink('out'),
      ]),
    );
    expect(engine.getNodeState('fsm')).toMatchObject({
      currentState: 'constructor',
      aggregates: { constructor: 2, toString: 1 },
    });
  });

  it('count the tokens waiting at join inputs named __proto__ and constructor as own entries', () => {
    // Issue 38, item 5: `waiting["__proto__"] = n` on a plain object kept no entry.
    const engine = run(
      scenario([
        source('a', 'j', { count: 1 }),
        source('b', 'j', { count: 3 }),
        {
          nodeId: 'j',
          type: 'ProcessNode',
          inputs: [
            { name: '__proto__', nodeId: 'a' },
            { name: 'constructor', nodeId: 'b' },
          ],
          formula: '{ sum: input1.value + input2.value }',
          outputs: [{ destinationNodeId: 'out' }],
        },
        sink('out'),
      ]),
    );
    const waiting = engine.getNodeState('j')!.aggregates['waiting'] as Record<string, unknown>;
    expect(Object.entries(waiting)).toEqual([
      ['__proto__', 0],
      ['constructor', 2],
    ]);
    expect(Object.getPrototypeOf(waiting)).toBe(Object.prototype);
  });

  it('refuse transform fields and FSM variables named __proto__, constructor or prototype, at their paths', () => {
    const doc = JSON.parse(`{
      "version": "3.0",
      "nodes": [
        {"nodeId": "src", "type": "DataSource", "outputs": [{"destinationNodeId": "p"}]},
        {"nodeId": "p", "type": "ProcessNode", "transform": {"constructor": "1", "ok": "2"}, "outputs": [{"destinationNodeId": "f"}]},
        {"nodeId": "f", "type": "FSM", "fsm": {"states": ["a"], "variables": {"__proto__": 1, "prototype": 2, "fine": 3}}, "outputs": [{"destinationNodeId": "out"}]},
        {"nodeId": "out", "type": "Sink"}
      ]
    }`);
    const result = loadScenario(doc);
    expect(result.scenario).toBeNull();
    expect(result.errors.map((e) => e.path)).toEqual([
      '/nodes/1/transform/constructor',
      '/nodes/2/fsm/variables/__proto__',
      '/nodes/2/fsm/variables/prototype',
    ]);
    expect(result.errors[0]!.message).toContain('"constructor" cannot be a transform field name');
  });
});
