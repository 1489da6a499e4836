import { describe, expect, it } from 'vitest';
import { bare, loadOk, sink, source } from './helpers';

describe('edges', () => {
  it('are the union of outputs and inputs[].nodeId, de-duplicated', () => {
    const { scenario } = loadOk(
      bare([
        {
          nodeId: 'src',
          type: 'DataSource',
          outputs: [{ name: 'out', destinationNodeId: 'sink', destinationInputName: 'in' }],
        },
        sink('sink', { inputs: [{ name: 'in', nodeId: 'src', sourceOutputName: 'out' }] }),
      ]),
    );
    expect(scenario.edges).toEqual([
      { from: 'src', to: 'sink', outputName: 'out', inputName: 'in', outputIndex: 0, inputIndex: 0 },
    ]);
  });

  it('merge an output without an input name with the input that names its source', () => {
    const { scenario } = loadOk(bare([source(), sink('sink', { inputs: [{ name: 'in', nodeId: 'src' }] })]));
    expect(scenario.edges).toEqual([{ from: 'src', to: 'sink', inputName: 'in', outputIndex: 0, inputIndex: 0 }]);
  });

  it('resolve an input name several inputs share to the one naming the source: one edge per source', () => {
    // As the original tool's files write it: every input is called "input", each naming its source.
    const out = (to: string) => [{ name: 'output', destinationNodeId: to, destinationInputName: 'input' }];
    const { scenario } = loadOk(
      bare([
        { nodeId: 'a', type: 'DataSource', outputs: out('p') },
        { nodeId: 'b', type: 'DataSource', outputs: out('p') },
        {
          nodeId: 'p',
          type: 'ProcessNode',
          inputs: [
            { name: 'input', nodeId: 'a', sourceOutputName: 'output', required: false },
            { name: 'input', nodeId: 'b', sourceOutputName: 'output', required: false },
          ],
          outputs: [{ destinationNodeId: 'sink' }],
        },
        sink(),
      ]),
    );
    expect(scenario.edges.filter((e) => e.to === 'p')).toEqual([
      { from: 'a', to: 'p', outputName: 'output', inputName: 'input', outputIndex: 0, inputIndex: 0 },
      { from: 'b', to: 'p', outputName: 'output', inputName: 'input', outputIndex: 0, inputIndex: 1 },
    ]);
  });

  it('keep an input naming another output of the same source beside the output’s own edge', () => {
    // src's output "a" feeds the sink's input (the one naming src); the input also names output
    // "b" (unconnected itself) as its source: that is a second edge, src.b → sink, not a duplicate.
    const { scenario } = loadOk(
      bare([
        {
          nodeId: 'src',
          type: 'DataSource',
          outputs: [
            { name: 'a', destinationNodeId: 'sink' },
            { name: 'b', destinationNodeId: '' },
          ],
        },
        sink('sink', { inputs: [{ name: 'in', nodeId: 'src', sourceOutputName: 'b' }] }),
      ]),
    );
    expect(scenario.edges).toEqual([
      { from: 'src', to: 'sink', outputName: 'a', inputName: 'in', outputIndex: 0, inputIndex: 0 },
      { from: 'src', to: 'sink', outputName: 'b', inputName: 'in', outputIndex: 1, inputIndex: 0 },
    ]);
  });

  it('come from inputs alone', () => {
    const { scenario } = loadOk(
      bare([
        { nodeId: 'src', type: 'DataSource', outputs: [{ name: 'out', destinationNodeId: '' }] },
        sink('sink', { inputs: [{ name: 'in', nodeId: 'src', sourceOutputName: 'out' }] }),
      ]),
    );
    expect(scenario.edges).toEqual([
      { from: 'src', to: 'sink', outputName: 'out', inputName: 'in', outputIndex: 0, inputIndex: 0 },
    ]);
  });

  it('from an input that names no output of its source carry no output name or index', () => {
    // docs/dsl.md, Edges: outputName? and outputIndex? are optional; the input names only its
    // source node, so the edge has neither key (not even one set to undefined).
    const { scenario } = loadOk(
      bare([
        { nodeId: 'src', type: 'DataSource', outputs: [{ destinationNodeId: '' }] },
        sink('sink', { inputs: [{ name: 'in', nodeId: 'src' }] }),
      ]),
    );
    expect(scenario.edges).toStrictEqual([{ from: 'src', to: 'sink', inputName: 'in', inputIndex: 0 }]);
    expect('outputName' in scenario.edges[0]!).toBe(false);
  });

  it('from an input naming an output of a source that declares none keep that name, with no warning', () => {
    // docs/dsl.md, compat: inputs[].sourceOutputName is "the edge's output name". A source with no
    // "outputs" has no list to check the name against, so the edge carries it and nothing is warned
    // (the warnings table has no such rule); outputIndex is absent, as no output has that name.
    const r = loadOk(
      bare([
        { nodeId: 'src', type: 'DataSource' },
        sink('sink', { inputs: [{ name: 'in', nodeId: 'src', sourceOutputName: 'main' }] }),
      ]),
    );
    expect(r.scenario.edges).toStrictEqual([
      { from: 'src', to: 'sink', outputName: 'main', inputName: 'in', inputIndex: 0 },
    ]);
    expect(r.warnings.filter((w) => w.path.startsWith('/nodes/1'))).toEqual([]);
  });

  it('feed the only input of a node that names no source', () => {
    const { scenario } = loadOk(bare([source(), sink('sink', { inputs: [{ name: 'in' }] })]));
    expect(scenario.edges[0]).toMatchObject({ inputName: 'in', inputIndex: 0 });
  });

  it('are ordered by source node, then declaration, with edges declared by inputs after the outputs', () => {
    const { scenario } = loadOk(
      bare([
        { nodeId: 'a', type: 'DataSource', outputs: [{ destinationNodeId: 'y' }] },
        { nodeId: 'b', type: 'DataSource', outputs: [{ destinationNodeId: 'x' }, { destinationNodeId: 'y' }] },
        sink('x', { inputs: [{ nodeId: 'a' }] }),
        sink('y'),
      ]),
    );
    expect(scenario.edges.map((e) => `${e.from}→${e.to}`)).toEqual(['a→y', 'a→x', 'b→x', 'b→y']);
  });

  it('keep every Multiplexer output, even two to one node, with its output index', () => {
    const { scenario } = loadOk(
      bare([
        source('src', 'm'),
        {
          nodeId: 'm',
          type: 'Multiplexer',
          multiplexing: { strategy: 'weighted', weights: [1, 1] },
          outputs: [{ destinationNodeId: 'sink' }, { destinationNodeId: 'sink' }],
        },
        sink(),
      ]),
    );
    expect(scenario.edges.filter((e) => e.from === 'm').map((e) => e.outputIndex)).toEqual([0, 1]);
  });

  it('may form cycles', () => {
    const { scenario, warnings } = loadOk(
      bare([
        source('src', 'loop'),
        {
          nodeId: 'loop',
          type: 'FSM',
          fsm: {
            states: ['a', 'b'],
            transitions: [
              { from: 'a', to: 'b' },
              { from: 'b', to: 'a' },
            ],
          },
          outputs: [{ destinationNodeId: 'loop' }, { destinationNodeId: 'sink' }],
        },
        sink(),
      ]),
    );
    expect(scenario.edges.map((e) => `${e.from}→${e.to}`)).toContain('loop→loop');
    expect(warnings).toEqual([]);
  });

  it('resolve the input a join edge feeds', () => {
    const { scenario } = loadOk(
      bare([
        { nodeId: 'a', type: 'DataSource', outputs: [{ destinationNodeId: 'j', destinationInputName: 'right' }] },
        { nodeId: 'b', type: 'DataSource', outputs: [{ destinationNodeId: 'j' }] },
        {
          nodeId: 'j',
          type: 'ProcessNode',
          inputs: [{ name: 'left', nodeId: 'b' }, { name: 'right' }],
          outputs: [{ destinationNodeId: 'sink' }],
        },
        sink(),
      ]),
    );
    expect(scenario.edges.filter((e) => e.to === 'j').map((e) => [e.from, e.inputName, e.inputIndex])).toEqual([
      ['a', 'right', 1],
      ['b', 'left', 0],
    ]);
  });
});
