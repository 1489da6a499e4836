import { describe, expect, it } from 'vitest';
import { loadScenario } from '../../../../src/engine/dsl/index';
import { NODE_KINDS } from '../../../../src/contract/vocabulary';
import {
  addNode,
  blankTemplate,
  connect,
  deleteNode,
  formatDocument,
  freeSpot,
  NODE_ROOM,
  freshId,
  nodeIndex,
  setPosition,
  skeleton,
  toTemplateDocument,
} from '../../../../src/ui/controllers/editor/authoring';

const blank = formatDocument(blankTemplate());

describe('authoring edits', () => {
  it('the blank template loads without errors', () => {
    const r = loadScenario(blankTemplate());
    expect(r.errors).toEqual([]);
  });

  it('every palette skeleton loads (joined to a source and a sink where it needs them)', () => {
    for (const kind of NODE_KINDS) {
      const added = addNode(blank, kind, { x: 10.4, y: 20.6 })!;
      let text = added.text;
      if (kind !== 'DataSource') text = connect(text, 'source', added.id)!;
      if (kind !== 'Sink') text = connect(text, added.id, 'sink')!;
      const r = loadScenario(JSON.parse(text));
      expect(r.errors, kind).toEqual([]);
      expect(JSON.parse(text).scenario.nodes.at(-1).position).toEqual({ x: 10, y: 21 });
    }
  });

  it('fresh ids never collide', () => {
    expect(freshId('Sink', ['sink1', 'sink2', 'sink'])).toBe('sink3');
    expect(freshId('ProcessNode', [])).toBe('process1');
    const a = addNode(blank, 'Sink', { x: 0, y: 0 })!;
    const b = addNode(a.text, 'Sink', { x: 0, y: 0 })!;
    expect(a.id).not.toBe(b.id);
    expect(skeleton('Sink', 'x', { x: 0, y: 0 }).nodeId).toBe('x');
  });

  it('writes a dragged position back, rounded, and nothing else', () => {
    const t = setPosition(blank, 'sink', { x: 301.7, y: -4.2 })!;
    const doc = JSON.parse(t);
    expect(doc.scenario.nodes[1].position).toEqual({ x: 302, y: -4 });
    doc.scenario.nodes[1].position = { x: 240, y: 0 };
    expect(formatDocument(doc)).toBe(blank);
    expect(setPosition(blank, 'nope', { x: 0, y: 0 })).toBeNull();
    expect(setPosition('{ broken', 'sink', { x: 0, y: 0 })).toBeNull();
  });

  it('connects once, never from a Sink, and names Multiplexer outputs', () => {
    const added = addNode(blank, 'Multiplexer', { x: 0, y: 0 })!;
    const t = connect(added.text, added.id, 'sink')!;
    expect(JSON.parse(t).scenario.nodes[2].outputs).toEqual([{ destinationNodeId: 'sink', name: 'out1' }]);
    expect(connect(t, added.id, 'sink')).toBeNull();
    expect(connect(t, 'sink', 'source')).toBeNull();
    expect(connect(t, 'source', 'source')).toBeNull();
  });

  it('deletes a node with every edge touching it', () => {
    let t = addNode(blank, 'ProcessNode', { x: 0, y: 0 })!.text;
    t = connect(t, 'source', 'process1')!;
    const doc0 = JSON.parse(t);
    doc0.scenario.nodes[1].inputs = [{ nodeId: 'process1' }];
    t = formatDocument(doc0);
    const out = JSON.parse(deleteNode(t, 'process1')!);
    expect(out.scenario.nodes.map((n: { nodeId: string }) => n.nodeId)).toEqual(['source', 'sink']);
    expect(out.scenario.nodes[0].outputs).toEqual([{ destinationNodeId: 'sink' }]);
    expect(out.scenario.nodes[1].inputs).toEqual([]);
    expect(nodeIndex(t, 'sink')).toBe(1);
    expect(deleteNode(t, 'zzz')).toBeNull();
  });

  it('turns templates, original-tool files and bare scenarios into template documents', () => {
    const stored = { id: 'T1', slug: 's', createdAt: 'a', updatedAt: 'b', name: 'N', scenario: { nodes: [] } };
    expect(toTemplateDocument(stored, 'f')).toEqual({ name: 'N', scenario: { nodes: [] } });
    expect(toTemplateDocument({ version: '3.0', nodes: [], name: 'Bare' }, 'f')).toEqual({
      name: 'Bare',
      description: '',
      version: '3.0',
      scenario: { version: '3.0', nodes: [], name: 'Bare' },
    });
    expect(toTemplateDocument({ nodes: [] }, 'file')!.name).toBe('file');
    expect(toTemplateDocument([1], 'f')).toBeNull();
    expect(toTemplateDocument({ hello: 1 }, 'f')).toBeNull();
  });

  it('places a new node on a free spot: the point asked for when free, else the nearest clear cell', () => {
    expect(freeSpot([], { x: 10.4, y: 20.6 })).toEqual({ x: 10, y: 21 });
    const apart = (a: { x: number; y: number }, b: { x: number; y: number }) =>
      Math.abs(a.x - b.x) >= NODE_ROOM.w || Math.abs(a.y - b.y) >= NODE_ROOM.h;
    // Each palette click asks for the same centre: no two nodes may overlap, whatever came before.
    const taken = [
      { x: 0, y: 0 },
      { x: 240, y: 0 },
      { x: 120, y: 10 },
    ];
    for (let k = 0; k < 30; k++) {
      const spot = freeSpot(taken, { x: 120, y: 0 });
      for (const t of taken) expect(apart(spot, t), `${JSON.stringify(spot)} overlaps ${JSON.stringify(t)}`).toBe(true);
      taken.push(spot);
    }
    // Nearest first: one free cell to the right of a lone node asked for at its own centre.
    expect(freeSpot([{ x: 0, y: 0 }], { x: 0, y: 0 })).toEqual({ x: NODE_ROOM.w, y: 0 });
  });
});
