/**
 * The editor's Try: a draft run for N steps in a scratch engine, reporting what reached each Sink.
 * The blank scenario's source emits 1, 2, 3… one a step; a token advances one edge per step.
 */
import { describe, expect, it } from 'vitest';
import { tryDocument } from '../../../src/worker/draftOps';
import { blankTemplate } from '../../../src/ui/controllers/editor/authoring';

describe('tryDocument', () => {
  it('runs N steps and lists the sink values', () => {
    // Step 1 emits 1; step 2 delivers it to the sink and emits 2; …: after 4 steps the sink has 1, 2, 3.
    const t = tryDocument(blankTemplate(), 4);
    expect(t.steps).toBe(4);
    expect(t.errors).toEqual([]);
    expect(t.sinks).toEqual([{ nodeId: 'sink', count: 3, values: [1, 2, 3] }]);
  });

  it('doubles through a ProcessNode spliced in', () => {
    const doc = blankTemplate() as { scenario: { nodes: Record<string, unknown>[] } };
    doc.scenario.nodes[0]!.outputs = [{ destinationNodeId: 'double' }];
    doc.scenario.nodes.push({
      nodeId: 'double',
      type: 'ProcessNode',
      processing: { formula: 'value * 2' },
      outputs: [{ destinationNodeId: 'sink' }],
    });
    const t = tryDocument(doc, 100);
    expect(t.status).toBe('completed');
    expect(t.sinks[0]).toEqual({ nodeId: 'sink', count: 10, values: [2, 4, 6, 8, 10, 12, 14, 16, 18, 20] });
  });

  it('a draft that does not load: its errors, nothing run', () => {
    const t = tryDocument({ nodes: [{ nodeId: 'a', type: 'Bogus' }] }, 5);
    expect(t.steps).toBe(0);
    expect(t.errors.length).toBeGreaterThan(0);
    expect(t.sinks).toEqual([]);
  });
});
