/**
 * The graph a UI draws (`engine.graph()`, src/engine/query/graph.ts): every node's ports carry the
 * names the template gave them, so a join's inputs can be labelled without re-reading the document.
 */
import { describe, expect, it } from 'vitest';
import { Engine } from '../../../src/engine';

describe('engine.graph()', () => {
  it('names a join’s inputs as declared, with their index and whether the join waits for them', () => {
    // The join of docs/dsl.md: inputs "order" (from orders) and "customer" (from customers), both required by default.
    const engine = new Engine();
    const loaded = engine.initialize({
      version: '3.0',
      nodes: [
        { nodeId: 'orders', type: 'DataSource', count: 1, outputs: [{ destinationNodeId: 'enrich' }] },
        { nodeId: 'customers', type: 'DataSource', count: 1, outputs: [{ destinationNodeId: 'enrich' }] },
        {
          nodeId: 'enrich',
          type: 'ProcessNode',
          inputs: [
            { name: 'order', nodeId: 'orders', alias: 'o' },
            { name: 'customer', nodeId: 'customers', alias: 'c' },
          ],
          processing: { formula: '{ total: o.value * 1.2, tier: c.value }' },
          outputs: [{ destinationNodeId: 'done' }],
        },
        { nodeId: 'done', type: 'Sink' },
      ],
    });
    expect(loaded.errors).toEqual([]);
    const enrich = engine.graph().nodes.find((n) => n.nodeId === 'enrich');
    expect(enrich?.inputs).toStrictEqual([
      { index: 0, name: 'order', required: true },
      { index: 1, name: 'customer', required: true },
    ]);
  });
});
