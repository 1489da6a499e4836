import { describe, expect, it } from 'vitest';
import { DSL_DEFAULTS, unwrapTemplate } from '../../../src/engine/dsl';
import type {
  AggregatorSpec,
  DataSourceSpec,
  FsmSpec,
  MultiplexerSpec,
  NodeSpec,
  ProcessNodeSpec,
} from '../../../src/engine/types';
import { around, bare, loadOk, sink, source, type Json } from './helpers';

function nodeOf<T extends NodeSpec['type']>(input: unknown, index: number, type: T): Extract<NodeSpec, { type: T }> {
  const node = loadOk(input).scenario.nodes[index]!;
  expect(node.type).toBe(type);
  return node as Extract<NodeSpec, { type: T }>;
}
const ds = (extra: Json): DataSourceSpec => nodeOf(bare([{ ...source(), ...extra }, sink()]), 0, 'DataSource');
const pn = (extra: Json): ProcessNodeSpec =>
  nodeOf(
    around({ nodeId: 'p', type: 'ProcessNode', outputs: [{ destinationNodeId: 'sink' }], ...extra }),
    1,
    'ProcessNode',
  );
const fsm = (def: Json, extra: Json = {}): FsmSpec['fsm'] =>
  nodeOf(
    around({ nodeId: 'f', type: 'FSM', fsm: def, outputs: [{ name: 'out', destinationNodeId: 'sink' }], ...extra }),
    1,
    'FSM',
  ).fsm;
const agg = (aggregation: Json, extra: Json = {}): AggregatorSpec =>
  nodeOf(
    around({ nodeId: 'a', type: 'Aggregator', aggregation, outputs: [{ destinationNodeId: 'sink' }], ...extra }),
    1,
    'Aggregator',
  );
const twoOutputs = [
  { name: 'big', destinationNodeId: 'sink' },
  { name: 'small', destinationNodeId: 'sink' },
];
const mux = (multiplexing: Json): MultiplexerSpec['multiplexing'] =>
  nodeOf(around({ nodeId: 'm', type: 'Multiplexer', multiplexing, outputs: twoOutputs }), 1, 'Multiplexer')
    .multiplexing;

describe('normalisation — scenario defaults', () => {
  it('fills every top-level default', () => {
    const { scenario } = loadOk(bare([source(), sink()]));
    expect(scenario).toMatchObject({
      version: '3.0',
      name: 'Untitled scenario',
      description: '',
      seed: 1,
      tickMs: 1000,
      startTime: 1735689600000,
      maxSteps: 10000,
    });
  });

  it('keeps given values', () => {
    const { scenario } = loadOk(
      bare([source(), sink()], { name: 'N', description: 'D', seed: 42, tickMs: 500, startTime: 0, maxSteps: 5 }),
    );
    expect(scenario).toMatchObject({ name: 'N', description: 'D', seed: 42, tickMs: 500, startTime: 0, maxSteps: 5 });
  });

  it('exports the defaults it uses', () => {
    expect(DSL_DEFAULTS).toMatchObject({
      seed: 1,
      tickMs: 1000,
      startTime: 1735689600000,
      maxSteps: 10000,
      interval: 1,
      count: 10,
      startAt: 1,
      batchSize: 1,
    });
  });

  it('numbers nodes after dropping presentational ones, keeping their document paths', () => {
    const { scenario } = loadOk(bare([source(), { id: 'g', type: 'Group' }, sink()]));
    expect(scenario.nodes.map((n) => [n.nodeId, n.index, n.path])).toEqual([
      ['src', 0, '/nodes/0'],
      ['sink', 1, '/nodes/2'],
    ]);
  });

  it('keeps origin-only fields without a warning', () => {
    const result = loadOk(
      bare(
        [
          { ...source(), interface: { type: 'SimpleValue' }, tags: ['a'], groupId: 'g', metadata: {}, style: {} },
          sink('sink', { inputs: [{ name: 'input', nodeId: 'src', interface: {}, sourceOutputName: undefined }] }),
        ],
        { $schema: 'x', groups: [] },
      ),
    );
    expect(result.warnings).toEqual([]);
  });
});

describe('normalisation — common node fields', () => {
  it('maps compat id → nodeId and name → displayName', () => {
    const { scenario } = loadOk(
      bare([{ id: 'src', name: 'Source', type: 'DataSource', outputs: [{ destinationNodeId: 'sink' }] }, sink()]),
    );
    expect(scenario.nodes[0]).toMatchObject({ nodeId: 'src', displayName: 'Source' });
    expect(scenario.nodes[0]).not.toHaveProperty('id');
  });

  it('keeps description and position', () => {
    expect(ds({ description: 'd', position: { x: 1, y: 2 } })).toMatchObject({
      description: 'd',
      position: { x: 1, y: 2 },
    });
  });

  it('leaves description and position out of a node that gives neither', () => {
    const node = ds({});
    expect(node).not.toHaveProperty('description');
    expect(node).not.toHaveProperty('position');
    expect('description' in node).toBe(false);
  });

  it('defaults inputs[].required to true and keeps name, nodeId and alias', () => {
    const p = pn({
      inputs: [
        { name: 'in', nodeId: 'src', alias: 'a' },
        { name: 'opt', required: false },
      ],
    });
    expect(p.inputs).toEqual([
      { name: 'in', nodeId: 'src', alias: 'a', required: true },
      { name: 'opt', required: false },
    ]);
  });

  it('leaves the name out of an input that gives none', () => {
    // inputs[].name is optional (docs/dsl.md): an input without one has no "name" key at all.
    const p = pn({ inputs: [{ nodeId: 'src' }] });
    expect(p.inputs).toStrictEqual([{ nodeId: 'src', required: true }]);
    expect('name' in p.inputs[0]!).toBe(false);
  });

  it('maps FSMProcessNode → FSM and Queue → Aggregator', () => {
    const input = bare([
      source('src', 'q'),
      { nodeId: 'q', type: 'Queue', aggregation: { method: 'sum' }, outputs: [{ destinationNodeId: 'f' }] },
      { nodeId: 'f', type: 'FSMProcessNode', fsm: { states: ['a'] }, outputs: [{ destinationNodeId: 'sink' }] },
      sink(),
    ]);
    expect(loadOk(input).scenario.nodes.map((n) => n.type)).toEqual(['DataSource', 'Aggregator', 'FSM', 'Sink']);
  });
});

describe('normalisation — DataSource', () => {
  it('fills interval, count, startAt, batchSize', () => {
    expect(ds({})).toMatchObject({ interval: 1, count: 10, startAt: 1, batchSize: 1 });
    expect(ds({ interval: 0.5, count: 0, startAt: 3, batchSize: 4 })).toMatchObject({
      interval: 0.5,
      count: 0,
      startAt: 3,
      batchSize: 4,
    });
  });

  it.each([
    ['no generation → a counting sequence', undefined, { type: 'sequence', start: 1, step: 1 }],
    ['random', { type: 'random', valueMin: 1, valueMax: 9 }, { type: 'random', valueMin: 1, valueMax: 9 }],
    ['sequence defaults', { type: 'sequence' }, { type: 'sequence', start: 1, step: 1 }],
    ['sequence', { type: 'sequence', start: 5, step: -2 }, { type: 'sequence', start: 5, step: -2 }],
    [
      'compat valueMin as the sequence start',
      { type: 'sequence', valueMin: 7 },
      { type: 'sequence', start: 7, step: 1 },
    ],
    ['constant', { type: 'constant', value: { a: 1 } }, { type: 'constant', value: { a: 1 } }],
    ['constant null is a value', { type: 'constant', value: null }, { type: 'constant', value: null }],
    ['compat hardcodedValue', { type: 'constant', hardcodedValue: 5 }, { type: 'constant', value: 5 }],
    ['values', { type: 'values', values: ['a', 'b'] }, { type: 'values', values: ['a', 'b'] }],
    ['compat hardcodedValues', { type: 'values', hardcodedValues: [1, 2] }, { type: 'values', values: [1, 2] }],
  ])('%s', (_name, generation, expected) => {
    expect(ds(generation === undefined ? {} : { generation }).generation).toEqual(expected);
  });
});

describe('normalisation — ProcessNode', () => {
  it.each([
    ['processing.formula', { processing: { formula: 'value + 1' } }, 'value + 1'],
    ['formula', { formula: 'value + 2' }, 'value + 2'],
    ['compat formulas[0]', { formulas: ['value + 3', 'ignored'] }, 'value + 3'],
    ['processing.formula first', { processing: { formula: 'a' }, formula: 'b', formulas: ['c'] }, 'a'],
    ['the first non-empty one', { processing: { formula: '' }, formula: '', formulas: ['c'] }, 'c'],
  ])('takes the formula from %s', (_name, extra, formula) => {
    expect(pn(extra).formula).toBe(formula);
  });

  it('has no formula when none is given (tokens pass unchanged)', () => {
    expect(pn({})).not.toHaveProperty('formula');
  });

  it('keeps transform', () => {
    expect(pn({ transform: { total: 'value * 2', label: "'x'" } }).transform).toEqual({
      total: 'value * 2',
      label: "'x'",
    });
  });

  it('maps outputs[].transformation.formula and outputs[].formula to the output and its edge', () => {
    const input = around({
      nodeId: 'p',
      type: 'ProcessNode',
      outputs: [
        { destinationNodeId: 'sink', transformation: { formula: 'value * 2', fieldMapping: {} } },
        { name: 'b', destinationNodeId: 'other', formula: 'value * 3' },
      ],
    });
    (input.nodes as Json[]).push(sink('other'));
    const { scenario } = loadOk(input);
    expect(scenario.nodes[1]!.outputs.map((o) => o.formula)).toEqual(['value * 2', 'value * 3']);
    expect(scenario.edges.filter((e) => e.from === 'p').map((e) => e.formula)).toEqual(['value * 2', 'value * 3']);
  });
});

describe('normalisation — FSM', () => {
  it('turns plain-string states into state objects and resolves the initial state to the first', () => {
    const f = fsm({ states: ['a', 'b'] });
    expect(f.states).toEqual([
      { name: 'a', isInitial: true, isFinal: false, onEntry: [], onExit: [] },
      { name: 'b', isInitial: false, isFinal: false, onEntry: [], onExit: [] },
    ]);
    expect(f.initialState).toBe('a');
  });

  it('takes the initial state from isInitial, else initialState', () => {
    expect(fsm({ states: ['a', { name: 'b', isInitial: true }] }).initialState).toBe('b');
    const f = fsm({ states: ['a', 'b'], initialState: 'b' });
    expect(f.initialState).toBe('b');
    expect(f.states.map((s) => s.isInitial)).toEqual([false, true]);
  });

  it('fills instancePer, eventField and variables', () => {
    expect(fsm({ states: ['a'] })).toMatchObject({
      instancePer: 'node',
      eventField: 'event',
      variables: {},
      transitions: [],
    });
    expect(fsm({ states: ['a'], instancePer: 'correlationId', eventField: 'kind', variables: { n: 1 } })).toMatchObject(
      {
        instancePer: 'correlationId',
        eventField: 'kind',
        variables: { n: 1 },
      },
    );
  });

  it.each([
    ['absent', {}, { kind: 'any' }],
    ['token_received', { trigger: 'token_received' }, { kind: 'any' }],
    ['default', { trigger: 'default' }, { kind: 'any' }],
    ['compat "condition"', { trigger: 'condition' }, { kind: 'any' }],
    ['empty', { trigger: '' }, { kind: 'any' }],
    ['an event name', { trigger: 'auth_ok' }, { kind: 'event', name: 'auth_ok' }],
    ['timer', { trigger: 'timer', after: 3 }, { kind: 'timer', after: 3 }],
  ])('turns the %s trigger into an FsmTrigger', (_name, t, expected) => {
    expect(fsm({ states: ['a', 'b'], transitions: [{ from: 'a', to: 'b', ...t }] }).transitions[0]!.trigger).toEqual(
      expected,
    );
  });

  it('maps guard to condition', () => {
    expect(
      fsm({ states: ['a', 'b'], transitions: [{ from: 'a', to: 'b', guard: 'value > 1' }] }).transitions[0],
    ).toEqual({
      from: 'a',
      to: 'b',
      trigger: { kind: 'any' },
      condition: 'value > 1',
    });
  });

  it('fills action defaults and keeps what is given', () => {
    const f = fsm({
      states: [
        {
          name: 'a',
          isFinal: true,
          onEntry: [
            { action: 'increment', target: 'n' },
            { action: 'decrement', target: 'n', value: 2 },
            { action: 'set_variable', target: 'x', value: null },
            { action: 'set_variable', target: 'y', formula: 'value' },
            { action: 'log', message: 'hi' },
            { action: 'emit', target: 'out', formula: '{ a: 1 }' },
            { action: 'emit' },
          ],
        },
      ],
      variables: { n: 0 },
    });
    expect(f.states[0]!.isFinal).toBe(true);
    expect(f.states[0]!.onEntry).toEqual([
      { action: 'increment', target: 'n', value: 1 },
      { action: 'decrement', target: 'n', value: 2 },
      { action: 'set_variable', target: 'x', value: null },
      { action: 'set_variable', target: 'y', formula: 'value' },
      { action: 'log', message: 'hi' },
      { action: 'emit', target: 'out', formula: '{ a: 1 }' },
      { action: 'emit' },
    ]);
  });
});

describe('normalisation — Aggregator', () => {
  it('fills field, trigger, flushOnEnd and overflow', () => {
    expect(agg({ method: 'sum' })).toMatchObject({
      aggregation: { method: 'sum', field: 'value', trigger: null, flushOnEnd: true },
      overflow: 'drop_oldest',
    });
    expect(agg({ method: 'sum' })).not.toHaveProperty('capacity');
  });

  it('keeps given values and the formula only for the formula method', () => {
    const a = agg(
      {
        method: 'formula',
        formula: 'sum(values)',
        field: 'x.y',
        trigger: { type: 'time', window: 2 },
        groupBy: 'correlationId',
        flushOnEnd: false,
      },
      { capacity: 5, overflow: 'reject' },
    );
    expect(a.aggregation).toEqual({
      method: 'formula',
      formula: 'sum(values)',
      field: 'x.y',
      trigger: { type: 'time', window: 2 },
      groupBy: 'correlationId',
      flushOnEnd: false,
    });
    expect(a).toMatchObject({ capacity: 5, overflow: 'reject' });
    expect(agg({ method: 'sum', formula: 'x' }).aggregation).not.toHaveProperty('formula');
    expect(agg({ method: 'max', trigger: { type: 'threshold', value: 9 } }).aggregation.trigger).toEqual({
      type: 'threshold',
      value: 9,
    });
  });
});

describe('normalisation — Multiplexer', () => {
  it('resolves defaultOutput by name or index', () => {
    expect(
      mux({ strategy: 'conditional', conditions: ['value > 1', 'true'], defaultOutput: 'small' }).defaultOutput,
    ).toBe(1);
    expect(mux({ strategy: 'conditional', conditions: ['value > 1', 'true'], defaultOutput: 0 }).defaultOutput).toBe(0);
    expect(mux({ strategy: 'conditional', conditions: ['value > 1', 'true'] })).not.toHaveProperty('defaultOutput');
  });

  it('keeps only the fields its strategy uses', () => {
    expect(mux({ strategy: 'weighted', weights: [3, 1] })).toEqual({ strategy: 'weighted', weights: [3, 1] });
    expect(mux({ strategy: 'round_robin', weights: [3, 1] })).toEqual({ strategy: 'round_robin' });
    expect(mux({ strategy: 'conditional', conditions: ['a', 'b'] })).toEqual({
      strategy: 'conditional',
      conditions: ['a', 'b'],
    });
  });
});

describe('unwrapTemplate', () => {
  it('splits a template from its scenario', () => {
    const scenario = { version: '3.0', nodes: [] };
    expect(unwrapTemplate({ name: 't', scenario })).toEqual({
      scenario,
      base: '/scenario',
      template: { name: 't', scenario },
    });
  });

  it('takes anything else as a bare scenario', () => {
    expect(unwrapTemplate({ version: '3.0', nodes: [] })).toMatchObject({ base: '', template: null });
    expect(unwrapTemplate(5)).toEqual({ scenario: 5, base: '', template: null });
  });
});

describe('normalisation — independence from the input', () => {
  it('shares no object with the document it came from', () => {
    const value = { nested: { n: 1 } };
    const input = bare([{ ...source(), generation: { type: 'constant', value } }, sink()]);
    const node = loadOk(input).scenario.nodes[0] as DataSourceSpec;
    (value.nested as { n: number }).n = 2;
    expect(node.generation).toEqual({ type: 'constant', value: { nested: { n: 1 } } });
  });
});
