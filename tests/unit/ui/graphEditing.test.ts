import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { create } from '../../../src/ui/controllers/graph/graphController';
import { graphOf } from './graphOf';

const scenario = JSON.parse(
  readFileSync(new URL('../../../examples/order-pipeline.json', import.meta.url), 'utf8'),
).scenario;
const model = graphOf(scenario);

describe('graph controller: the editor’s hit test and reads (headless Cytoscape)', () => {
  it('finds the node drawn at a point, other than the one being dragged', () => {
    const c = create(null, { theme: 'light', schedule: () => undefined });
    c.setGraph(model);
    // `router` sits at (340, 80) in the DSL; nothing else is within a node's size of it.
    expect(c.nodeAt({ x: 340, y: 80 })).toBe('router');
    expect(c.nodeAt({ x: 344, y: 78 })).toBe('router');
    // The dragged node itself does not count: a node dropped where it stands lands on nothing.
    expect(c.nodeAt({ x: 340, y: 80 }, 'router')).toBeNull();
    // Halfway between two columns (255 lies between 170 and 340) is empty canvas.
    expect(c.nodeAt({ x: 255, y: 80 })).toBeNull();
    c.destroy();
  });

  it('reads the drawn nodes’ positions and their count', () => {
    const c = create(null, { theme: 'light', schedule: () => undefined });
    c.setGraph(model);
    expect(c.nodeCount()).toBe(model.nodes.length);
    const positions = c.nodePositions();
    expect(positions).toHaveLength(model.nodes.length);
    expect(positions).toContainEqual({ x: 340, y: 80 });
    expect(positions).toContainEqual({ x: 850, y: 200 });
    c.destroy();
  });

  it('a drop is reported with the node it landed on, and undo puts the node back', () => {
    const c = create(null, { theme: 'light', schedule: () => undefined });
    c.setGraph(model);
    const drops: { id: string; onto: string | null; undo(): void }[] = [];
    const detach = c.enableDragging((d) => drops.push(d));
    const source = c.cy.getElementById('router');
    source.emit('grab');
    source.position({ x: 682, y: 2 }); // onto `reviewed` at (680, 0)
    source.emit('dragfree');
    expect(drops.map((d) => [d.id, d.onto])).toEqual([['router', 'reviewed']]);
    drops[0]!.undo();
    expect(source.position()).toEqual({ x: 340, y: 80 });
    detach();
    source.emit('dragfree');
    expect(drops).toHaveLength(1);
    c.destroy();
  });
});
