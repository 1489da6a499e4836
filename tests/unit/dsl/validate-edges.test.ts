import { describe, expect, it } from 'vitest';
import { loadScenario } from '../../../src/engine/dsl';
import { bare, expectRule, sink, source, type Expected, type Json } from './helpers';

/** a, b → join → sink, with the join's inputs given. */
function joinScenario(
  inputs: Json[],
  outputsOfA: Json[] = [{ destinationNodeId: 'join', destinationInputName: 'left' }],
): Json {
  return bare([
    { nodeId: 'a', type: 'DataSource', outputs: outputsOfA },
    { nodeId: 'b', type: 'DataSource', outputs: [{ destinationNodeId: 'join', destinationInputName: 'right' }] },
    { nodeId: 'join', type: 'ProcessNode', inputs, formula: '1', outputs: [{ destinationNodeId: 'sink' }] },
    sink(),
  ]);
}

describe('validation — edges', () => {
  const cases: Array<[string, unknown, Expected]> = [
    [
      'an output to an unknown node',
      bare([source('src', 'sinkk'), sink()]),
      {
        severity: 'error',
        path: '/nodes/0/outputs/0/destinationNodeId',
        message: 'node "sinkk" does not exist (did you mean "sink"?)',
      },
    ],
    [
      'an output to a far-off name has no hint',
      bare([source('src', 'warehouse'), sink()]),
      { severity: 'error', path: '/nodes/0/outputs/0/destinationNodeId', message: 'node "warehouse" does not exist' },
    ],
    [
      'an output to a dropped Group',
      bare([source('src', 'g'), { id: 'g', type: 'Group' }, sink()]),
      {
        severity: 'error',
        path: '/nodes/0/outputs/0/destinationNodeId',
        message: 'node "g" is a Group node, which is dropped on load',
      },
    ],
    [
      'an input from an unknown node',
      bare([
        source(),
        { nodeId: 'p', type: 'ProcessNode', inputs: [{ nodeId: 'srcc' }], outputs: [{ destinationNodeId: 'sink' }] },
        sink(),
      ]),
      {
        severity: 'error',
        path: '/nodes/1/inputs/0/nodeId',
        message: 'node "srcc" does not exist (did you mean "src"?)',
      },
    ],
    [
      'an edge into a DataSource',
      bare([
        source('src', 'other'),
        { nodeId: 'other', type: 'DataSource', outputs: [{ destinationNodeId: 'sink' }] },
        sink(),
      ]),
      {
        severity: 'error',
        path: '/nodes/0/outputs/0/destinationNodeId',
        message: 'node "other" is a DataSource, which cannot receive tokens',
      },
    ],
    [
      'an input from a Sink',
      bare([source(), sink(), { nodeId: 'p', type: 'ProcessNode', inputs: [{ nodeId: 'sink' }] }]),
      {
        severity: 'error',
        path: '/nodes/2/inputs/0/nodeId',
        message: 'node "sink" is a Sink, which cannot send tokens',
      },
    ],
    [
      'a destinationInputName the destination does not declare',
      bare([
        { ...source(), outputs: [{ destinationNodeId: 'sink', destinationInputName: 'inn' }] },
        sink('sink', { inputs: [{ name: 'in' }] }),
      ]),
      {
        severity: 'error',
        path: '/nodes/0/outputs/0/destinationInputName',
        message: 'node "sink" has no input named "inn" (did you mean "in"?); its inputs are "in"',
      },
    ],
    [
      'a destinationInputName when none of the destination’s inputs has a name',
      bare([
        { ...source(), outputs: [{ destinationNodeId: 'sink', destinationInputName: 'in' }] },
        sink('sink', { inputs: [{ nodeId: 'src' }] }),
      ]),
      {
        severity: 'error',
        path: '/nodes/0/outputs/0/destinationInputName',
        message: 'node "sink" has no input named "in"; none of its inputs has a name',
      },
    ],
    [
      'a destinationInputName when the destination declares no inputs',
      bare([{ ...source(), outputs: [{ destinationNodeId: 'sink', destinationInputName: 'in' }] }, sink()]),
      {
        severity: 'warning',
        path: '/nodes/0/outputs/0/destinationInputName',
        message: 'node "sink" declares no inputs, so input name "in" has no effect',
      },
    ],
    [
      'an unconnected output',
      bare([
        { ...source(), outputs: [{ destinationNodeId: 'sink' }, { name: 'spare', destinationNodeId: '' }] },
        sink(),
      ]),
      {
        severity: 'warning',
        path: '/nodes/0/outputs/1/destinationNodeId',
        message: 'this output is not connected to any node',
      },
    ],
    [
      'a repeated output',
      bare([{ ...source(), outputs: [{ destinationNodeId: 'sink' }, { destinationNodeId: 'sink' }] }, sink()]),
      { severity: 'warning', path: '/nodes/0/outputs/1', message: 'this output repeats /nodes/0/outputs/0' },
    ],
    [
      'a sourceOutputName the source does not have',
      bare([
        { ...source(), outputs: [{ name: 'out', destinationNodeId: '' }] },
        sink('sink', { inputs: [{ nodeId: 'src', sourceOutputName: 'ot' }] }),
      ]),
      {
        severity: 'warning',
        path: '/nodes/1/inputs/0/sourceOutputName',
        message: 'node "src" has no output named "ot" (did you mean "out"?)',
      },
    ],
    [
      'an unreachable node',
      bare([source(), sink(), sink('orphan')]),
      {
        severity: 'warning',
        path: '/nodes/2',
        message: 'node "orphan" is not reachable from any DataSource, so it never receives a token',
      },
    ],
    [
      'a node whose tokens go nowhere',
      bare([source('src', 'p'), { nodeId: 'p', type: 'ProcessNode' }]),
      { severity: 'warning', path: '/nodes/1', message: 'ProcessNode "p" has no outputs connected to another node' },
    ],
    [
      'a Multiplexer edge declared only by the destination',
      bare([
        source('src', 'm'),
        {
          nodeId: 'm',
          type: 'Multiplexer',
          multiplexing: { strategy: 'broadcast' },
          outputs: [{ destinationNodeId: 'sink' }],
        },
        sink(),
        sink('extra', { inputs: [{ nodeId: 'm' }] }),
      ]),
      {
        severity: 'error',
        path: '/nodes/3/inputs/0/nodeId',
        message: 'Multiplexer "m" routes only along its own "outputs"',
      },
    ],
  ];
  it.each(cases)('%s', (_name, input, expected) => {
    expectRule(input, expected);
  });
});

describe('validation — joins', () => {
  const cases: Array<[string, unknown, Expected]> = [
    [
      'aliases that collide',
      joinScenario([
        { name: 'left', alias: 'x' },
        { name: 'right', alias: 'x' },
      ]),
      {
        severity: 'error',
        path: '/nodes/2/inputs/1/alias',
        message: 'join binding "x" is already the binding of /nodes/2/inputs/0',
      },
    ],
    [
      'an alias that collides with a name',
      joinScenario([{ name: 'left' }, { name: 'right', alias: 'left' }]),
      {
        severity: 'error',
        path: '/nodes/2/inputs/1/alias',
        message: 'join binding "left" is already the binding of /nodes/2/inputs/0',
      },
    ],
    [
      'an alias that hides a built-in name',
      joinScenario([{ name: 'left', alias: 'data' }, { name: 'right' }]),
      {
        severity: 'error',
        path: '/nodes/2/inputs/0/alias',
        message: 'join binding "data" hides the built-in name "data"',
      },
    ],
    [
      'an alias that hides a positional binding',
      joinScenario([{ name: 'left', alias: 'input2' }, { name: 'right' }]),
      { severity: 'error', path: '/nodes/2/inputs/0/alias', message: 'hides the built-in name "input2"' },
    ],
    [
      'an input bound by its source node id that collides with an alias',
      // The second input has neither alias nor name, so it is bound to its "nodeId", and the error points there.
      joinScenario([
        { name: 'left', alias: 'b' },
        { nodeId: 'b', required: true },
      ]),
      {
        severity: 'error',
        path: '/nodes/2/inputs/1/nodeId',
        message: 'join binding "b" is already the binding of /nodes/2/inputs/0',
      },
    ],
    [
      'a joined input with nothing to bind to',
      joinScenario([{ name: 'left' }, { required: true }]),
      {
        severity: 'error',
        path: '/nodes/2/inputs/1',
        message: 'a joined input needs an "alias", a "name" or a "nodeId"',
      },
    ],
    [
      'a required input no edge feeds',
      joinScenario([{ name: 'left' }, { name: 'right' }, { name: 'third' }]),
      {
        severity: 'error',
        path: '/nodes/2/inputs/2',
        message: 'required input "third" is not fed by any edge, so the join never fires',
      },
    ],
    [
      'an edge into a join that names no input',
      joinScenario([{ name: 'left' }, { name: 'right' }], [{ destinationNodeId: 'join' }]),
      {
        severity: 'error',
        path: '/nodes/0/outputs/0/destinationInputName',
        message:
          'node "join" joins its inputs; say which one this edge feeds with "destinationInputName" ("left" or "right")',
      },
    ],
  ];
  it.each(cases)('%s', (_name, input, expected) => {
    expectRule(input, expected);
  });
});

describe('validation — an edge into a join whose inputs have no names', () => {
  it('asks for "destinationInputName" without listing names', () => {
    // c feeds join, whose two inputs name a and b and have no "name": the edge resolves to no
    // input (docs/dsl.md, Edges), and there is no input name to suggest, so the sentence ends there.
    const r = loadScenario(
      bare([
        source('a', 'join'),
        source('b', 'join'),
        source('c', 'join'),
        {
          nodeId: 'join',
          type: 'ProcessNode',
          inputs: [{ nodeId: 'a' }, { nodeId: 'b' }],
          formula: '1',
          outputs: [{ destinationNodeId: 'sink' }],
        },
        sink(),
      ]),
    );
    expect(r.errors).toEqual([
      {
        path: '/nodes/2/outputs/0/destinationInputName',
        message: 'node "join" joins its inputs; say which one this edge feeds with "destinationInputName"',
      },
    ]);
  });
});

describe('validation — an edge to a node that does not exist names the ids that do (issue 41, item 5)', () => {
  it('says the nearest id and lists the nodes', () => {
    const { errors } = loadScenario(bare([source('src', 'sinkk'), sink()]));
    expect(errors.map((e) => e.message)).toEqual([
      'node "sinkk" does not exist (did you mean "sink"?); the nodes are "src" and "sink"',
    ]);
  });

  it('cuts a long list after eleven ids, saying how many more there are', () => {
    const many = Array.from({ length: 20 }, (_, k) => sink(`s${String(k).padStart(2, '0')}`));
    const { errors } = loadScenario(bare([source('src', 'nowhere'), ...many]));
    expect(errors[0]!.message).toBe(
      `node "nowhere" does not exist; the nodes are "src", ${Array.from({ length: 10 }, (_, k) => `"s0${k}"`).join(', ')} and 10 more`,
    );
  });
});
