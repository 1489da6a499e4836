import { describe, expect, it } from 'vitest';
import { exportDocument, nodeIdAtPath, positionedNodes } from '../../../../src/ui/controllers/editor/authoring';

const doc = {
  name: 'Two',
  scenario: {
    nodes: [
      { nodeId: 'src', type: 'DataSource', position: { x: 10, y: 20 } },
      { id: 'legacy', type: 'Sink' },
      { nodeId: 'sink', type: 'Sink', position: { x: 'far', y: 0 } },
    ],
  },
};

describe('authoring reads of a document', () => {
  it('the cursor inside a node names that node (nodeId, or the original tool’s id); elsewhere none', () => {
    expect(nodeIdAtPath(doc, ['scenario', 'nodes', 0, 'type'])).toBe('src');
    expect(nodeIdAtPath(doc, ['scenario', 'nodes', 1])).toBe('legacy');
    expect(nodeIdAtPath(doc, ['scenario', 'nodes', 7])).toBeNull();
    expect(nodeIdAtPath(doc, ['name'])).toBeNull();
    expect(nodeIdAtPath(null, ['scenario', 'nodes', 0])).toBeNull();
  });

  it('only numeric positions count, and text that does not parse places nothing', () => {
    expect(positionedNodes(JSON.stringify(doc))).toEqual([{ x: 10, y: 20 }]);
    expect(positionedNodes('{ "scenario": ')).toEqual([]);
  });

  it('the exported document keeps the fields a person writes, version 3.0 by default', () => {
    expect(exportDocument({ name: 'T', scenario: { nodes: [] } })).toEqual({
      name: 'T',
      description: '',
      version: '3.0',
      scenario: { nodes: [] },
    });
    expect(exportDocument({ name: 'T', description: 'd', version: '3.1', scenario: {}, referenceDoc: '# R' })).toEqual({
      name: 'T',
      description: 'd',
      version: '3.1',
      scenario: {},
      referenceDoc: '# R',
    });
  });
});
