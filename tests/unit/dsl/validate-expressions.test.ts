import { describe, expect, it } from 'vitest';
import { loadScenario } from '../../../src/engine/dsl';
import { around, bare, expectRule, loadOk, sink, source, type Expected, type Json } from './helpers';

const proc = (extra: Json): Json => ({
  nodeId: 'p',
  type: 'ProcessNode',
  outputs: [{ destinationNodeId: 'sink' }],
  ...extra,
});
const fsmWith = (transition: Json, stateExtra: Json = {}): Json =>
  around({
    nodeId: 'f',
    type: 'FSM',
    fsm: {
      states: [{ name: 'a', ...stateExtra }, 'b'],
      transitions: [{ from: 'a', to: 'b', ...transition }],
      variables: { seen: 0 },
    },
    outputs: [{ name: 'out', destinationNodeId: 'sink' }],
  });

describe('validation — expressions', () => {
  const cases: Array<[string, unknown, Expected]> = [
    [
      'a processing.formula that does not parse',
      around(proc({ processing: { formula: 'value *' } })),
      {
        severity: 'error',
        path: '/nodes/1/processing/formula',
        message: ['formula "value *" does not parse', 'unexpected end of expression at 7'],
      },
    ],
    [
      'a formula field that does not parse',
      around(proc({ formula: '(value' })),
      { severity: 'error', path: '/nodes/1/formula', message: 'does not parse' },
    ],
    [
      'formulas[0] that does not parse',
      around(proc({ formulas: ['value +* 2'] })),
      { severity: 'error', path: '/nodes/1/formulas/0', message: 'does not parse' },
    ],
    [
      'a transform that does not parse',
      around(proc({ transform: { total: 'value **' } })),
      {
        severity: 'error',
        path: '/nodes/1/transform/total',
        message: 'transform of "total" "value **" does not parse',
      },
    ],
    [
      'a per-output formula that does not parse',
      around(proc({ outputs: [{ destinationNodeId: 'sink', formula: '{ a: }' }] })),
      { severity: 'error', path: '/nodes/1/outputs/0/formula', message: 'output formula' },
    ],
    [
      'a transformation.formula that does not parse',
      around(proc({ outputs: [{ destinationNodeId: 'sink', transformation: { formula: '1 +' } }] })),
      { severity: 'error', path: '/nodes/1/outputs/0/transformation/formula', message: 'does not parse' },
    ],
    [
      'an unknown function',
      around(proc({ formula: 'sqr(value)' })),
      { severity: 'error', path: '/nodes/1/formula', message: 'unknown function "sqr"' },
    ],
    [
      'a forbidden name',
      around(proc({ formula: 'data.constructor' })),
      { severity: 'error', path: '/nodes/1/formula', message: '"constructor" is not allowed' },
    ],
    [
      'a transition condition',
      fsmWith({ condition: 'value >' }),
      {
        severity: 'error',
        path: '/nodes/1/fsm/transitions/0/condition',
        message: 'condition "value >" does not parse',
      },
    ],
    [
      'a transition guard',
      fsmWith({ guard: 'value >' }),
      { severity: 'error', path: '/nodes/1/fsm/transitions/0/guard', message: 'guard "value >" does not parse' },
    ],
    [
      'an action formula',
      fsmWith({}, { onEntry: [{ action: 'set_variable', target: 'seen', formula: 'seen +' }] }),
      { severity: 'error', path: '/nodes/1/fsm/states/0/onEntry/0/formula', message: 'action formula' },
    ],
    [
      'an emit formula',
      fsmWith({}, { onExit: [{ action: 'emit', target: 'out', formula: '{' }] }),
      { severity: 'error', path: '/nodes/1/fsm/states/0/onExit/0/formula', message: 'emit formula' },
    ],
    [
      'a log formula',
      fsmWith({}, { onExit: [{ action: 'log', formula: 'concat(' }] }),
      { severity: 'error', path: '/nodes/1/fsm/states/0/onExit/0/formula', message: 'log formula' },
    ],
    [
      'a Multiplexer condition',
      around({
        nodeId: 'm',
        type: 'Multiplexer',
        multiplexing: { strategy: 'conditional', conditions: ['true', 'value >>'] },
        outputs: [{ destinationNodeId: 'sink' }, { destinationNodeId: 'sink' }],
      }),
      { severity: 'error', path: '/nodes/1/multiplexing/conditions/1', message: 'condition "value >>" does not parse' },
    ],
    [
      'an aggregation formula',
      around({
        nodeId: 'a',
        type: 'Aggregator',
        aggregation: { method: 'formula', formula: 'sum(values' },
        outputs: [{ destinationNodeId: 'sink' }],
      }),
      { severity: 'error', path: '/nodes/1/aggregation/formula', message: 'aggregation formula' },
    ],
    [
      'a misspelt variable',
      around(proc({ formula: 'vlaue * 2' })),
      {
        severity: 'warning',
        path: '/nodes/1/formula',
        message: 'formula reads "vlaue", which is not defined here, so it will be null (did you mean "value"?)',
      },
    ],
    [
      'a variable the aggregator does not bind',
      around({
        nodeId: 'a',
        type: 'Aggregator',
        aggregation: { method: 'formula', formula: 'sum(value)' },
        outputs: [{ destinationNodeId: 'sink' }],
      }),
      { severity: 'warning', path: '/nodes/1/aggregation/formula', message: 'reads "value"' },
    ],
  ];
  it.each(cases)('%s', (_name, input, expected) => {
    expectRule(input, expected);
  });

  it('treats an empty or blank formula as none (pass through), reporting nothing', () => {
    for (const formula of ['', '   ']) {
      const { scenario, warnings } = loadOk(around(proc({ formula, processing: { formula: '' }, formulas: [''] })));
      expect(warnings).toEqual([]);
      expect(scenario.nodes[1]).not.toHaveProperty('formula');
    }
  });

  it('lists every note of a JavaScript formula in its warning, separated by "; "', () => {
    // docs/dsl.md, JavaScript formulas (compat): the formula loads with a warning saying how it was
    // read; this one uses typeof (test first) and Math.random() (then the true branch), two notes.
    const r = loadOk(around(proc({ formula: 'typeof value === "number" ? Math.random() : 0' })));
    expect(r.warnings.filter((w) => w.path === '/nodes/1/formula').map((w) => w.message)).toEqual([
      'formula is read as a JavaScript formula (the original tool\'s); typeof of null or a missing value is "undefined"; ' +
        "Math.random() reads the simulation's seeded random stream",
    ]);
  });

  it('knows the names each place binds', () => {
    const ok = [
      around(proc({ formula: '{ a: value, b: data.x, c: token.id, d: step, e: time, f: input.value, g: input2 }' })),
      fsmWith({ condition: 'seen > 0 && variables.seen > 0 && state == "a" && data.event == "x"' }),
      around({
        nodeId: 'a',
        type: 'Aggregator',
        aggregation: { method: 'formula', formula: 'sum(values) / len(tokens) + len(key)' },
        outputs: [{ destinationNodeId: 'sink' }],
      }),
    ];
    for (const input of ok) expect(loadScenario(input).warnings).toEqual([]);
  });

  it('binds join aliases in the joining node', () => {
    const input = bare([
      { nodeId: 'a', type: 'DataSource', outputs: [{ destinationNodeId: 'j', destinationInputName: 'left' }] },
      { nodeId: 'b', type: 'DataSource', outputs: [{ destinationNodeId: 'j', destinationInputName: 'right' }] },
      {
        nodeId: 'j',
        type: 'ProcessNode',
        inputs: [{ name: 'left', alias: 'l' }, { name: 'right' }],
        formula: 'l.value + right.value',
        outputs: [{ destinationNodeId: 'sink' }],
      },
      sink(),
    ]);
    expect(loadOk(input).warnings).toEqual([]);
  });

  it('joins condition and guard so both must hold', () => {
    const { scenario } = loadOk(fsmWith({ condition: 'value > 1', guard: 'value < 5' }));
    const node = scenario.nodes[1]!;
    expect(node.type === 'FSM' && node.fsm.transitions[0]!.condition).toBe('(value > 1) && (value < 5)');
  });

  it('reports one problem per expression site, in a wrapped template under /scenario', () => {
    const result = loadScenario({
      name: 't',
      version: '3.0',
      scenario: bare([source('src', 'p'), proc({ formula: '1 +' }), sink()]),
    });
    expect(result.errors.map((e) => e.path)).toEqual(['/scenario/nodes/1/formula']);
  });
});
