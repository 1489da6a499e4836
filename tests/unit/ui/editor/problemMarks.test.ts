import { describe, expect, it } from 'vitest';
import { staleness } from '../../../../src/ui/controllers/editor/staleness';
import { problemTargets } from '../../../../src/ui/controllers/graph/problemMarks';

const doc = {
  scenario: {
    nodes: [
      { nodeId: 'src', type: 'DataSource', outputs: [{ destinationNodeId: 'sinkk' }, { destinationNodeId: 'p' }] },
      { nodeId: 'p', type: 'ProcessNode', inputs: [{ nodeId: 'src' }], outputs: [{ destinationNodeId: 'sink' }] },
      { nodeId: 'sink', type: 'Sink' },
      { id: 'sink', type: 'Sink' },
    ],
  },
};

const error = (path: string, message = 'x') => ({ severity: 'error', path, message });

describe('the editor marks the element an error is about (issue 41, item 5)', () => {
  it('an edge to a missing node marks its source node and the edge it declares', () => {
    expect(problemTargets(doc, [error('/scenario/nodes/0/outputs/0/destinationNodeId')])).toEqual({
      nodes: ['src'],
      edges: ['src->sinkk'],
    });
  });

  it('an edge declared by inputs is read from the destination; a duplicate id marks that id once', () => {
    expect(
      problemTargets(doc, [
        error('/scenario/nodes/1/inputs/0/nodeId'),
        error('/scenario/nodes/3/id'),
        error('/scenario/nodes/2/nodeId'),
      ]),
    ).toEqual({ nodes: ['p', 'sink'], edges: ['src->p'] });
  });

  it('warnings, paths outside the nodes and a document without nodes mark nothing', () => {
    expect(problemTargets(doc, [{ severity: 'warning', path: '/scenario/nodes/0' }])).toEqual({
      nodes: [],
      edges: [],
    });
    expect(problemTargets(doc, [error('/scenario/seed'), error('')])).toEqual({ nodes: [], edges: [] });
    expect(problemTargets(null, [error('/scenario/nodes/0')])).toEqual({ nodes: [], edges: [] });
  });
});

describe('the editor graph is stale while the text is broken', () => {
  const now = () => 'edit 3 (10:00:00)';
  it('a syntax error and a broken rule both make it stale; the first moment is kept; valid clears it', () => {
    const syntax = staleness(
      null,
      { doc: null, valid: false, problems: [error('', 'JSON syntax error at line 1, column 2: x')] },
      now,
    );
    expect(syntax).toEqual({ since: 'edit 3 (10:00:00)', why: 'the JSON does not parse' });
    const rule = staleness(
      syntax,
      { doc: {}, valid: false, problems: [error('/scenario/nodes/0/nodeId')] },
      () => 'later',
    );
    expect(rule).toEqual({ since: 'edit 3 (10:00:00)', why: 'the template breaks a rule (see Problems)' });
    const two = staleness(null, { doc: {}, valid: false, problems: [error('/a'), error('/b')] }, now);
    expect(two?.why).toBe('the template breaks 2 rules (see Problems)');
    expect(staleness(rule, { doc: {}, valid: true, problems: [] }, now)).toBeNull();
    // Warnings alone do not make the graph stale.
    expect(
      staleness(null, { doc: {}, valid: true, problems: [{ severity: 'warning', path: '/x', message: '' }] }, now),
    ).toBeNull();
  });
});
