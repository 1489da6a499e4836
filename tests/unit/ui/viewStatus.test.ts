import { describe, expect, it } from 'vitest';
import cytoscape from 'cytoscape';
import { countInView, sameStatus, viewStatusOf, viewStatusText } from '../../../src/ui/controllers/graph/viewStatus';

describe('the graph view status', () => {
  it('counts the boxes wholly inside the canvas, with half a pixel of slack', () => {
    const boxes = [
      { x1: 0, y1: 0, x2: 50, y2: 30 }, // in
      { x1: -0.4, y1: 10, x2: 40, y2: 30.4 }, // in (rounding)
      { x1: 380, y1: 10, x2: 420, y2: 40 }, // past the right edge
      { x1: 10, y1: -30, x2: 50, y2: -2 }, // above
      { x1: 10, y1: 280, x2: 50, y2: 300.5 }, // touches the bottom: in
    ];
    expect(countInView(boxes, 400, 300)).toBe(3);
    expect(countInView([], 400, 300)).toBe(0);
  });

  it('says how many nodes are in view, and how to read names that are hidden', () => {
    expect(viewStatusText({ inView: 11, total: 11, labelsHidden: false })).toBe('11 of 11 nodes in view');
    expect(viewStatusText({ inView: 1, total: 1, labelsHidden: false })).toBe('1 of 1 node in view');
    expect(viewStatusText({ inView: 480, total: 1500, labelsHidden: true })).toBe(
      '480 of 1,500 nodes in view · zoom in for names',
    );
    // The names listed beside the graph already: no hint.
    expect(viewStatusText({ inView: 16, total: 16, labelsHidden: true }, false)).toBe('16 of 16 nodes in view');
    expect(viewStatusText({ inView: 0, total: 0, labelsHidden: false })).toBe('No nodes to show');
  });

  it('tells statuses apart only by what they say', () => {
    const a = { inView: 3, total: 4, labelsHidden: false };
    expect(sameStatus(null, a)).toBe(false);
    expect(sameStatus(a, { ...a })).toBe(true);
    expect(sameStatus(a, { ...a, inView: 4 })).toBe(false);
    expect(sameStatus(a, { ...a, labelsHidden: true })).toBe(false);
  });

  it('counts only the nodes it is given (a state drawn inside an FSM is not a template node)', () => {
    const cy = cytoscape({
      headless: true,
      styleEnabled: true,
      style: [{ selector: 'node', style: { width: 20, height: 20 } }],
    });
    cy.add([
      { data: { id: 'a' }, position: { x: 0, y: 0 } },
      { data: { id: 'b' }, position: { x: 100, y: 0 } },
      { data: { id: 'inner', fsmStateOf: 'b' }, position: { x: 100, y: 10 } },
    ]);
    // Headless, the canvas has no size: nothing is in view, and the total counts the named nodes drawn.
    const s = viewStatusOf(cy, ['a', 'b', 'gone']);
    expect(s.total).toBe(2);
    expect(s.labelsHidden).toBe(false);
    cy.zoom(0.5);
    expect(viewStatusOf(cy, ['a', 'b']).labelsHidden).toBe(true);
    cy.destroy();
  });
});
