import { describe, expect, it } from 'vitest';
import { loadScenario } from '../../../src/engine/dsl';
import { around, bare, expectRule, sink, source, type Expected, type Json } from './helpers';

const proc = (extra: Json = {}): Json => ({
  nodeId: 'p',
  type: 'ProcessNode',
  outputs: [{ destinationNodeId: 'sink' }],
  ...extra,
});
const sourceWith = (extra: Json): unknown => bare([{ ...source(), ...extra }, sink()]);

describe('validation — node shapes', () => {
  const cases: Array<[string, unknown, Expected]> = [
    // required fields
    [
      'a node must be an object',
      bare([5, sink()]),
      { severity: 'error', path: '/nodes/0', message: 'a node must be an object; got 5' },
    ],
    [
      'nodeId is required',
      bare([{ type: 'Sink' }]),
      { severity: 'error', path: '/nodes/0/nodeId', message: 'required field "nodeId" is missing' },
    ],
    [
      'type is required',
      bare([{ nodeId: 'a' }]),
      { severity: 'error', path: '/nodes/0/type', message: 'required field "type" is missing' },
    ],
    [
      'an output needs a destinationNodeId',
      bare([{ nodeId: 'src', type: 'DataSource', outputs: [{ name: 'x' }] }, sink()]),
      {
        severity: 'error',
        path: '/nodes/0/outputs/0/destinationNodeId',
        message: 'required field "destinationNodeId" is missing',
      },
    ],
    [
      'an FSM needs fsm',
      around({ nodeId: 'f', type: 'FSM', outputs: [{ destinationNodeId: 'sink' }] }),
      { severity: 'error', path: '/nodes/1/fsm', message: 'required field "fsm" is missing' },
    ],
    [
      'an Aggregator needs aggregation.method',
      around({ nodeId: 'a', type: 'Aggregator', aggregation: {}, outputs: [{ destinationNodeId: 'sink' }] }),
      { severity: 'error', path: '/nodes/1/aggregation/method', message: 'required field "method" is missing' },
    ],
    [
      'a Multiplexer needs multiplexing.strategy',
      around({ nodeId: 'm', type: 'Multiplexer', multiplexing: {}, outputs: [{ destinationNodeId: 'sink' }] }),
      { severity: 'error', path: '/nodes/1/multiplexing/strategy', message: 'required field "strategy" is missing' },
    ],
    [
      'a generation needs a type',
      sourceWith({ generation: {} }),
      { severity: 'error', path: '/nodes/0/generation/type', message: 'required field "type" is missing' },
    ],
    [
      'a generation type is one of five',
      sourceWith({ generation: { type: 'gauss' } }),
      {
        severity: 'error',
        path: '/nodes/0/generation/type',
        message: '"type" must be one of "random", "sequence", "constant", "values" or "execution-events"; got "gauss"',
      },
    ],
    [
      'a random generation needs valueMax',
      sourceWith({ generation: { type: 'random', valueMin: 1 } }),
      { severity: 'error', path: '/nodes/0/generation/valueMax', message: 'required field "valueMax" is missing' },
    ],

    // types and ranges
    [
      'interval must be positive',
      sourceWith({ interval: -1 }),
      { severity: 'error', path: '/nodes/0/interval', message: '"interval" must be greater than 0; got -1' },
    ],
    [
      'interval 0 is refused',
      sourceWith({ interval: 0 }),
      { severity: 'error', path: '/nodes/0/interval', message: 'greater than 0' },
    ],
    [
      'interval must be a number',
      sourceWith({ interval: '1s' }),
      { severity: 'error', path: '/nodes/0/interval', message: '"interval" must be a number; got "1s"' },
    ],
    [
      'count must be whole',
      sourceWith({ count: 2.5 }),
      { severity: 'error', path: '/nodes/0/count', message: 'whole number' },
    ],
    [
      'count cannot be negative',
      sourceWith({ count: -1 }),
      { severity: 'error', path: '/nodes/0/count', message: 'at least 0' },
    ],
    [
      'startAt starts at 1',
      sourceWith({ startAt: 0 }),
      { severity: 'error', path: '/nodes/0/startAt', message: '"startAt" must be at least 1; got 0' },
    ],
    [
      'batchSize starts at 1',
      sourceWith({ batchSize: 0 }),
      { severity: 'error', path: '/nodes/0/batchSize', message: 'at least 1' },
    ],
    [
      'displayName must be a string',
      sourceWith({ displayName: 5 }),
      { severity: 'error', path: '/nodes/0/displayName', message: 'must be a string' },
    ],
    [
      'position needs numbers',
      sourceWith({ position: { x: '1', y: 2 } }),
      { severity: 'error', path: '/nodes/0/position/x', message: '"x" must be a number' },
    ],
    [
      'outputs must be an array',
      sourceWith({ outputs: {} }),
      { severity: 'error', path: '/nodes/0/outputs', message: '"outputs" must be an array' },
    ],
    [
      'required must be a boolean',
      around(proc({ inputs: [{ nodeId: 'src', required: 'yes' }] })),
      { severity: 'error', path: '/nodes/1/inputs/0/required', message: '"required" must be true or false; got "yes"' },
    ],
    [
      'transform values are expressions (strings)',
      around(proc({ transform: { total: 1 } })),
      { severity: 'error', path: '/nodes/1/transform/total', message: '"total" must be a string; got 1' },
    ],
    [
      'an unknown generation type gets a hint',
      sourceWith({ generation: { type: 'rand' } }),
      { severity: 'error', path: '/nodes/0/generation/type', message: 'got "rand" (did you mean "random"?)' },
    ],
    [
      'an unknown aggregation method gets a hint',
      around({
        nodeId: 'a',
        type: 'Aggregator',
        aggregation: { method: 'summ' },
        outputs: [{ destinationNodeId: 'sink' }],
      }),
      {
        severity: 'error',
        path: '/nodes/1/aggregation/method',
        message: ['must be one of "sum", "average"', '(did you mean "sum"?)'],
      },
    ],
    [
      'an unknown strategy gets a hint',
      around({
        nodeId: 'm',
        type: 'Multiplexer',
        multiplexing: { strategy: 'roundrobin' },
        outputs: [{ destinationNodeId: 'sink' }],
      }),
      { severity: 'error', path: '/nodes/1/multiplexing/strategy', message: '(did you mean "round_robin"?)' },
    ],
    [
      'overflow is drop_oldest or reject',
      around({
        nodeId: 'a',
        type: 'Aggregator',
        aggregation: { method: 'sum' },
        capacity: 2,
        overflow: 'drop',
        outputs: [{ destinationNodeId: 'sink' }],
      }),
      { severity: 'error', path: '/nodes/1/overflow', message: 'must be one of "drop_oldest" or "reject"' },
    ],
    [
      'capacity starts at 1',
      around({
        nodeId: 'a',
        type: 'Aggregator',
        aggregation: { method: 'sum' },
        capacity: 0,
        outputs: [{ destinationNodeId: 'sink' }],
      }),
      { severity: 'error', path: '/nodes/1/capacity', message: 'at least 1' },
    ],

    // ids
    [
      'node ids follow the pattern',
      bare([source('1src'), sink()]),
      { severity: 'error', path: '/nodes/0/nodeId', message: ['is not a valid id', 'starts with a letter'] },
    ],
    [
      'node ids have no spaces',
      bare([source('my source'), sink()]),
      { severity: 'error', path: '/nodes/0/nodeId', message: 'is not a valid id' },
    ],
    [
      'compat ids follow the pattern too',
      bare([{ id: '-x', type: 'Sink' }]),
      { severity: 'error', path: '/nodes/0/id', message: 'is not a valid id' },
    ],
    [
      'duplicate ids are reported at the second',
      bare([source(), sink(), sink()]),
      {
        severity: 'error',
        path: '/nodes/2/nodeId',
        message: 'node id "sink" is already used by /nodes/1; node ids must be unique (a free one: "sink-2")',
      },
    ],
    [
      'a duplicate id is offered a free one that no node has',
      bare([source(), sink(), sink('sink-2'), sink()]),
      { severity: 'error', path: '/nodes/3/nodeId', message: 'node ids must be unique (a free one: "sink-3")' },
    ],
    [
      'duplicate ids through the compat id',
      bare([source(), sink(), { id: 'sink', type: 'Sink' }]),
      { severity: 'error', path: '/nodes/2/id', message: 'is already used by /nodes/1' },
    ],
    [
      'id next to a different nodeId is ignored',
      bare([source(), sink('sink', { id: 'other' })]),
      { severity: 'warning', path: '/nodes/1/id', message: '"id" "other" is ignored: "nodeId" "sink" is set' },
    ],
    [
      'hardcodedValues next to values is ignored',
      sourceWith({ generation: { type: 'values', values: [1], hardcodedValues: [2] } }),
      {
        severity: 'warning',
        path: '/nodes/0/generation/hardcodedValues',
        message: '"hardcodedValues" is ignored: "values" is set',
      },
    ],
    [
      'name next to displayName is ignored',
      bare([source(), sink('sink', { displayName: 'A', name: 'B' })]),
      { severity: 'warning', path: '/nodes/1/name', message: '"name" is ignored' },
    ],

    // types of nodes
    [
      'an unknown type gets a hint',
      bare([source(), { nodeId: 'p', type: 'Procesnode' }, sink()]),
      {
        severity: 'error',
        path: '/nodes/1/type',
        message: 'unknown node type "Procesnode" (did you mean "ProcessNode"?)',
      },
    ],
    [
      'an unknown type lists the kinds',
      bare([{ nodeId: 'p', type: 'Foo' }]),
      {
        severity: 'error',
        path: '/nodes/0/type',
        message: 'expected one of "DataSource", "ProcessNode", "FSM", "Aggregator", "Multiplexer" or "Sink"',
      },
    ],
    [
      'a type must be a string',
      bare([{ nodeId: 'p', type: 5 }]),
      { severity: 'error', path: '/nodes/0/type', message: 'unknown node type 5' },
    ],
    [
      'Group nodes are dropped',
      bare([source(), { id: 'g1', type: 'Group' }, sink()]),
      {
        severity: 'warning',
        path: '/nodes/1',
        message: 'Group node "g1" is presentational (from the original editor) and is dropped',
      },
    ],
    [
      'MarkdownComment nodes are dropped',
      bare([source(), { type: 'MarkdownComment', content: '#' }, sink()]),
      { severity: 'warning', path: '/nodes/1', message: 'MarkdownComment node is presentational' },
    ],

    // unknown and ignored fields
    [
      'an unknown node field gets a hint',
      around(proc({ formla: 'value' })),
      {
        severity: 'warning',
        path: '/nodes/1/formla',
        message: 'unknown field "formla" in ProcessNode is ignored (did you mean "formula"?)',
      },
    ],
    [
      'a field of another kind is unknown',
      around(proc({ capacity: 3 })),
      { severity: 'warning', path: '/nodes/1/capacity', message: 'unknown field "capacity" in ProcessNode is ignored' },
    ],
    [
      'a field the generation type does not use',
      sourceWith({ generation: { type: 'sequence', valueMax: 9 } }),
      {
        severity: 'warning',
        path: '/nodes/0/generation/valueMax',
        message: 'unknown field "valueMax" in sequence generation is ignored',
      },
    ],
    [
      'unknown fields deep inside',
      around({
        nodeId: 'a',
        type: 'Aggregator',
        aggregation: { method: 'sum', trigger: { type: 'threshold', value: 3, window: 2 } },
        outputs: [{ destinationNodeId: 'sink' }],
      }),
      {
        severity: 'warning',
        path: '/nodes/1/aggregation/trigger/window',
        message: 'unknown field "window" in threshold trigger is ignored',
      },
    ],

    // DataSource
    [
      'random bounds in order',
      sourceWith({ generation: { type: 'random', valueMin: 10, valueMax: 1 } }),
      {
        severity: 'error',
        path: '/nodes/0/generation/valueMax',
        message: '"valueMax" (1) is less than "valueMin" (10)',
      },
    ],
    [
      'a constant needs a value',
      sourceWith({ generation: { type: 'constant' } }),
      { severity: 'error', path: '/nodes/0/generation/value', message: 'a "constant" generation needs "value"' },
    ],
    [
      'values needs a list',
      sourceWith({ generation: { type: 'values' } }),
      { severity: 'error', path: '/nodes/0/generation/values', message: 'needs "values"' },
    ],
    [
      'values cannot be empty',
      sourceWith({ generation: { type: 'values', values: [] } }),
      { severity: 'error', path: '/nodes/0/generation/values', message: 'the list of values is empty' },
    ],
    [
      'a DataSource ignores inputs',
      sourceWith({ inputs: [{ name: 'x' }] }),
      { severity: 'warning', path: '/nodes/0/inputs/0', message: 'a DataSource receives no tokens' },
    ],
    [
      'a DataSource without outputs',
      bare([{ nodeId: 'src', type: 'DataSource' }]),
      {
        severity: 'warning',
        path: '/nodes/0',
        message: 'DataSource "src" has no outputs connected to another node, so its tokens go nowhere',
      },
    ],
    [
      'start and valueMin both given',
      sourceWith({ generation: { type: 'sequence', start: 1, valueMin: 5 } }),
      { severity: 'warning', path: '/nodes/0/generation/valueMin', message: '"valueMin" is ignored: "start" is set' },
    ],
    [
      'value and hardcodedValue both given',
      sourceWith({ generation: { type: 'constant', value: 1, hardcodedValue: 5 } }),
      { severity: 'warning', path: '/nodes/0/generation/hardcodedValue', message: 'is ignored' },
    ],

    // ProcessNode formulas given twice
    [
      'formula shadowed by processing.formula',
      around(proc({ processing: { formula: 'value' }, formula: 'value * 2' })),
      {
        severity: 'warning',
        path: '/nodes/1/formula',
        message: 'this formula is ignored: the formula at /nodes/1/processing/formula is used',
      },
    ],
    [
      'only formulas[0] counts',
      around(proc({ formulas: ['value', 'value * 2'] })),
      { severity: 'warning', path: '/nodes/1/formulas/1', message: 'only "formulas[0]" is used' },
    ],
    [
      'per-output formula only on a ProcessNode',
      bare([{ ...source(), outputs: [{ destinationNodeId: 'sink', formula: 'value' }] }, sink()]),
      { severity: 'warning', path: '/nodes/0/outputs/0/formula', message: 'only works on a ProcessNode' },
    ],
    [
      'transformation.formula next to an output formula is ignored',
      around(
        proc({
          outputs: [{ destinationNodeId: 'sink', formula: 'value * 2', transformation: { formula: 'value * 3' } }],
        }),
      ),
      {
        severity: 'warning',
        path: '/nodes/1/outputs/0/transformation/formula',
        message: '"transformation.formula" is ignored: "formula" is set on this output',
      },
    ],
    [
      'fieldMapping is not supported',
      around(
        proc({
          outputs: [{ destinationNodeId: 'sink', transformation: { formula: 'value', fieldMapping: { a: 'b' } } }],
        }),
      ),
      {
        severity: 'warning',
        path: '/nodes/1/outputs/0/transformation/fieldMapping',
        message: '"fieldMapping" is not supported',
      },
    ],
    [
      'a fieldMapping that is a number is not empty: not supported either',
      around(
        proc({
          outputs: [{ destinationNodeId: 'sink', transformation: { formula: 'value', fieldMapping: 5 } }],
        }),
      ),
      {
        severity: 'warning',
        path: '/nodes/1/outputs/0/transformation/fieldMapping',
        message: '"fieldMapping" is not supported',
      },
    ],
    [
      'a fieldMapping that is null is not empty: not supported either',
      around(
        proc({
          outputs: [{ destinationNodeId: 'sink', transformation: { formula: 'value', fieldMapping: null } }],
        }),
      ),
      {
        severity: 'warning',
        path: '/nodes/1/outputs/0/transformation/fieldMapping',
        message: '"fieldMapping" is not supported',
      },
    ],

    [
      'an unknown field of an FSM state object (a state may also be a plain name)',
      around({
        nodeId: 'f',
        type: 'FSM',
        fsm: { states: ['idle', { name: 'busy', isIntial: true }] },
        outputs: [{ destinationNodeId: 'sink' }],
      }),
      {
        severity: 'warning',
        path: '/nodes/1/fsm/states/1/isIntial',
        message: 'unknown field "isIntial" in FSM state is ignored (did you mean "isInitial"?)',
      },
    ],

    // Sink
    [
      'a Sink has no outputs',
      bare([source(), sink('sink', { outputs: [{ destinationNodeId: 'src' }] })]),
      {
        severity: 'error',
        path: '/nodes/1/outputs',
        message: 'a Sink collects tokens and has no outputs; remove its 1 output',
      },
    ],
  ];
  it.each(cases)('%s', (_name, input, expected) => {
    expectRule(input, expected);
  });

  it("reports a Sink's outputs as one error, not also each output's destination", () => {
    // validate.ts gives a Sink with outputs one error; edges.ts leaves a Sink's outputs alone, so an
    // output to a missing node or with no destination adds nothing beside it.
    const r = loadScenario(
      bare([source(), sink('sink', { outputs: [{ destinationNodeId: 'nowhere' }, { destinationNodeId: '' }] })]),
    );
    expect(r.warnings).toEqual([]);
    expect(r.errors.map((i) => [i.path, i.message])).toEqual([
      ['/nodes/1/outputs', 'a Sink collects tokens and has no outputs; remove its 2 outputs'],
    ]);
  });
});

describe('validation — prototype-named fields', () => {
  it('reports "constructor" and "__proto__" as unknown fields like any other', () => {
    const node = JSON.parse('{"nodeId": "sink", "type": "Sink", "constructor": 1, "__proto__": {"x": 1}}');
    expectRule(bare([source(), node]), {
      severity: 'warning',
      path: '/nodes/1/constructor',
      message: 'unknown field "constructor" in Sink is ignored',
    });
    expectRule(bare([source(), node]), {
      severity: 'warning',
      path: '/nodes/1/__proto__',
      message: 'unknown field "__proto__" in Sink is ignored',
    });
  });
});

describe('validation — nodeId and id both given', () => {
  it('warns only when they differ: the same id twice is not reported', () => {
    // docs/dsl.md: "nodeId wins when both are given; warning if they differ".
    const r = loadScenario(bare([source(), sink('sink', { id: 'sink' })]));
    expect(r.errors).toEqual([]);
    expect(r.warnings.filter((w) => w.path === '/nodes/1/id')).toEqual([]);
  });
});

describe('validation — an empty fieldMapping', () => {
  it('is accepted without a warning (docs/dsl.md: ignored, warning unless empty)', () => {
    const result = loadScenario(
      around(
        proc({ outputs: [{ destinationNodeId: 'sink', transformation: { formula: 'value', fieldMapping: {} } }] }),
      ),
    );
    expect(result.errors).toEqual([]);
    expect(result.warnings.filter((w) => w.path.endsWith('/fieldMapping'))).toEqual([]);
  });
});

describe('validation — malformed outputs', () => {
  it('a Sink whose outputs list is malformed gets the shape error only, not a count of outputs it has none of', () => {
    // A list whose element is not an object is refused as a whole, so the Sink is read with no outputs.
    const r = loadScenario(bare([source(), sink('sink', { outputs: [5] })]));
    expect(r.errors.map((e) => [e.path, e.message])).toEqual([
      ['/nodes/1/outputs/0', 'element 0 of "outputs" must be an object; got 5'],
    ]);
  });
});
