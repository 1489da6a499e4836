/**
 * The editor's graph edits as document edits: listing, deleting and splicing edges, auto-layout that
 * keeps the nodes the person placed, where a new node goes (inside the view, never on another node),
 * the line and column of a JSON syntax error, and the formula box's completion.
 */
import { describe, expect, it } from 'vitest';
import {
  NODE_ROOM,
  addNode,
  blankTemplate,
  connect,
  formatDocument,
} from '../../../../src/ui/controllers/editor/authoring';
import { deleteEdge, spliceNode } from '../../../../src/ui/controllers/editor/edgeEdits';
import { graphOf } from '../graphOf';
import { completeFormula } from '../../../../src/ui/controllers/editor/formulaHelp';
import { lineColumn, readJson } from '../../../../src/ui/controllers/editor/jsonRanges';
import { autoLayout } from '../../../../src/ui/controllers/editor/layoutEdits';
import { insideView, isFree, placeNode } from '../../../../src/ui/controllers/editor/placement';

const blank = formatDocument(blankTemplate());
const nodes = (text: string) => JSON.parse(text).scenario.nodes as Record<string, unknown>[];
/** The edges the editor draws for `text`: the engine's (tests/unit/ui/graphOf.ts). */
const listEdges = (text: string) =>
  graphOf(JSON.parse(text).scenario).edges.map(({ id, source, target }) => ({ id, source, target }));

describe('edges', () => {
  it('draws outputs and inputs as one set of edges (the engine resolves them)', () => {
    const doc = blankTemplate() as { scenario: { nodes: Record<string, unknown>[] } };
    doc.scenario.nodes[1]!.inputs = [{ nodeId: 'source' }];
    expect(listEdges(formatDocument(doc))).toEqual([{ id: 'source->sink', source: 'source', target: 'sink' }]);
  });

  it('deleting an edge removes both its forms and nothing else', () => {
    const doc = blankTemplate() as { scenario: { nodes: Record<string, unknown>[] } };
    doc.scenario.nodes[1]!.inputs = [{ nodeId: 'source', name: 'in' }];
    const next = deleteEdge(formatDocument(doc), 'source', 'sink')!;
    expect(nodes(next)[0]!.outputs).toEqual([]);
    expect(nodes(next)[1]!.inputs).toEqual([]);
    expect(listEdges(next)).toEqual([]);
    expect(deleteEdge(next, 'source', 'sink')).toBeNull();
  });

  it('deleting a Multiplexer output drops its weight too', () => {
    let t = addNode(blank, 'Multiplexer', { x: 0, y: 200 })!.text;
    t = connect(t, 'route1', 'sink')!;
    t = connect(t, 'route1', 'source')!;
    const doc = JSON.parse(t);
    doc.scenario.nodes[2].multiplexing = { strategy: 'weighted', weights: [2, 5] };
    const next = deleteEdge(formatDocument(doc), 'route1', 'sink')!;
    expect(nodes(next)[2]).toMatchObject({
      outputs: [{ destinationNodeId: 'source', name: 'out2' }],
      multiplexing: { weights: [5] },
    });
  });

  it('splicing a node into an edge: a → b becomes a → n → b', () => {
    const added = addNode(blank, 'ProcessNode', { x: 120, y: 0 })!;
    const next = spliceNode(added.text, 'process1', 'source', 'sink')!;
    expect(listEdges(next).map((e) => e.id)).toEqual(['source->process1', 'process1->sink']);
    expect(spliceNode(added.text, 'process1', 'source', 'process1')).toBeNull();
    expect(spliceNode(added.text, 'process1', 'sink', 'source')).toBeNull();
  });
});

describe('placement', () => {
  const view = { x1: 0, y1: 0, x2: 1000, y2: 600 };

  it('an empty view: the centre; beside a selected node: to its right', () => {
    expect(placeNode([], view, null)).toEqual({ x: 500, y: 300, inView: true });
    expect(placeNode([{ x: 300, y: 300 }], view, { x: 300, y: 300 })).toEqual({
      x: 300 + NODE_ROOM.w,
      y: 300,
      inView: true,
    });
  });

  it('new nodes added one after another stay inside the view and never overlap', () => {
    const taken = [{ x: 500, y: 300 }];
    for (let i = 0; i < 12; i++) {
      const p = placeNode(taken, view, null);
      expect(p.inView, `node ${i}`).toBe(true);
      expect(insideView(view, p)).toBe(true);
      expect(isFree(taken, p), `node ${i}`).toBe(true);
      taken.push(p);
    }
  });

  it('a selected node at the view’s right edge: the new one goes where it is visible', () => {
    const p = placeNode([{ x: 900, y: 300 }], view, { x: 900, y: 300 });
    expect(insideView(view, p)).toBe(true);
    expect(isFree([{ x: 900, y: 300 }], p)).toBe(true);
  });

  it('a full view: outside it, but still on a free cell (the editor then fits the view)', () => {
    const small = { x1: 0, y1: 0, x2: NODE_ROOM.w, y2: NODE_ROOM.h };
    const taken = [{ x: NODE_ROOM.w / 2, y: NODE_ROOM.h / 2 }];
    const p = placeNode(taken, small, null);
    expect(p.inView).toBe(false);
    expect(isFree(taken, p)).toBe(true);
  });
});

describe('auto-layout', () => {
  it('writes the layout’s positions except for kept nodes; a node that would land on a kept one moves', () => {
    const next = autoLayout(blank, { source: { x: 0, y: 0 }, sink: { x: 300.4, y: 10.6 } }, new Set())!;
    expect(nodes(next).map((n) => n.position)).toEqual([
      { x: 0, y: 0 },
      { x: 300, y: 11 },
    ]);
    // sink kept at (240, 0); the source's layout position (240, 0) is taken: the nearest free cell, right of it.
    const kept = autoLayout(blank, { source: { x: 240, y: 0 }, sink: { x: 0, y: 0 } }, new Set(['sink']))!;
    expect(nodes(kept).map((n) => n.position)).toEqual([
      { x: 240 + NODE_ROOM.w, y: 0 },
      { x: 240, y: 0 },
    ]);
    expect(autoLayout('{', {}, new Set())).toBeNull();
  });
});

describe('JSON syntax errors and formula completion', () => {
  it('line and column of an offset (1-based)', () => {
    const text = '{\n  "a": 1\n  "b": 2\n}';
    const r = readJson(text);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(lineColumn(text, r.offset)).toEqual({ line: 3, column: 3 });
    expect(lineColumn('abc', 0)).toEqual({ line: 1, column: 1 });
  });

  it('completes scope names and functions for the word before the caret', () => {
    expect(completeFormula('val', 3).options.map((o) => o.label)).toEqual(['value']);
    expect(completeFormula('1 + ro', 6)).toEqual({
      from: 4,
      options: [{ label: 'round()', insert: 'round(', info: 'function' }],
    });
    expect(completeFormula('token.c', 7).options.map((o) => o.insert)).toEqual(['token.correlationIds']);
    expect(completeFormula('2', 1).options).toEqual([]);
  });
});
