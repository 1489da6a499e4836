import { describe, expect, it } from 'vitest';
import { anyUnder, clearFit, clearFitAround, sameViewport } from '../../../src/ui/controllers/graph/fitClear';

// A 100×50 graph (graph units) in a 400×300 canvas with 10 px of margin; figures worked by hand.
const graph = { left: 0, top: 0, right: 100, bottom: 50 };

describe('clearFit', () => {
  it('with nothing floating over the canvas, fills the padded canvas and centres the graph', () => {
    // Clear area 380×280: zoom min(380/100, 280/50) = 3.8; centre (200, 150) − graph centre (50, 25)·3.8.
    expect(clearFit(graph, 400, 300, [], 10, 10)).toEqual({ zoom: 3.8, pan: { x: 10, y: 55 }, whole: true });
  });

  it('keeps the graph below an overview in the top-left corner when that draws it largest', () => {
    const overview = { left: 10, top: 10, right: 160, bottom: 106 };
    // Right of it: 220×280 → 2.2. Below it: 380×174 → min(3.8, 3.48) = 3.48. Above or left: no room.
    const fit = clearFit(graph, 400, 300, [overview], 10, 10)!;
    expect(fit.zoom).toBeCloseTo(3.48, 10);
    // Centred in x 10..390, y 116..290: pan = (200 − 50·3.48, 203 − 25·3.48).
    expect(fit.pan.x).toBeCloseTo(26, 10);
    expect(fit.pan.y).toBeCloseTo(116, 10);
    // The graph's top edge is drawn at 116 px: below the overview's 106, with the margin.
    expect(graph.top * fit.zoom + fit.pan.y).toBeGreaterThanOrEqual(overview.bottom + 10);
  });

  it('keeps the graph left of a tall tool strip on the right when that draws it largest', () => {
    // Tools 40 px wide down the whole right side: only "left of" leaves room (x 10..340: 330×280 → 3.3).
    const tools = { left: 350, top: 0, right: 390, bottom: 300 };
    const fit = clearFit(graph, 400, 300, [tools], 10, 10)!;
    expect(fit.zoom).toBeCloseTo(3.3, 10);
    expect(graph.right * fit.zoom + fit.pan.x).toBeLessThanOrEqual(tools.left - 10 + 1e-9);
  });

  it('never zooms in past maxZoom', () => {
    expect(clearFit(graph, 400, 300, [], 1, 10)).toEqual({ zoom: 1, pan: { x: 150, y: 125 }, whole: true });
  });

  it('answers null when the overlays leave no clear area', () => {
    expect(clearFit(graph, 400, 300, [{ left: 0, top: 0, right: 400, bottom: 300 }], 10, 10)).toBeNull();
  });

  it('ignores overlays of no size (hidden ones)', () => {
    expect(clearFit(graph, 400, 300, [{ left: 50, top: 50, right: 50, bottom: 50 }], 10, 10)).toEqual(
      clearFit(graph, 400, 300, [], 10, 10),
    );
  });

  it('with a floor, a graph too large is drawn at the floor from its left edge, centred vertically', () => {
    // A 1000×50 graph: whole it would be 380/1000 = 0.38; the floor is 1. Clear area x 10..390, y 10..290.
    const wide = { left: -20, top: 0, right: 980, bottom: 50 };
    const fit = clearFit(wide, 400, 300, [], 10, 10, 1)!;
    expect(fit.zoom).toBe(1);
    expect(fit.whole).toBe(false);
    // Left edge at x 10: pan.x = 10 − (−20)·1; centre y 150 − 25·1.
    expect(fit.pan).toEqual({ x: 30, y: 125 });
    // Above the floor the floor changes nothing.
    expect(clearFit(graph, 400, 300, [], 10, 10, 1)).toEqual(clearFit(graph, 400, 300, [], 10, 10));
  });
});

describe('clearFitAround', () => {
  const tools = { left: 300, top: 10, right: 390, bottom: 70 };

  it('gives the graph the whole canvas when no node would lie under an overlay', () => {
    // The nodes sit low in the graph’s box: the tools’ corner stays empty at the open fit (zoom 3.8,
    // graph y 55..245 px); the node boxes are drawn at y ≥ 55 + 30·3.8 = 169.
    const low = [
      { left: 0, top: 30, right: 20, bottom: 50 },
      { left: 80, top: 30, right: 100, bottom: 50 },
    ];
    expect(anyUnder(clearFit(graph, 400, 300, [], 10, 10)!, low, [tools])).toBe(false);
    expect(clearFitAround(graph, low, 400, 300, [tools], 10, 10)).toEqual(clearFit(graph, 400, 300, [], 10, 10));
  });

  it('keeps clear of an overlay a node would lie under', () => {
    // A node in the graph's top-right corner: under the tools at the open fit.
    const corner = [{ left: 80, top: 0, right: 100, bottom: 20 }];
    const open = clearFit(graph, 400, 300, [], 10, 10)!;
    expect(anyUnder(open, corner, [tools])).toBe(true);
    const fit = clearFitAround(graph, corner, 400, 300, [tools], 10, 10)!;
    expect(fit).toEqual(clearFit(graph, 400, 300, [tools], 10, 10));
    expect(anyUnder(fit, corner, [tools])).toBe(false);
  });
});

describe('sameViewport', () => {
  it('tells the view a Fit set from one a person zoomed or panned', () => {
    const v = { zoom: 0.8, pan: { x: 10, y: 20 } };
    expect(sameViewport(v, { zoom: 0.8 + 1e-9, pan: { x: 10, y: 20 } })).toBe(true);
    expect(sameViewport(v, { zoom: 1, pan: { x: 10, y: 20 } })).toBe(false);
    expect(sameViewport(v, { zoom: 0.8, pan: { x: 11, y: 20 } })).toBe(false);
    expect(sameViewport(v, { zoom: 0.8, pan: { x: 10, y: 19 } })).toBe(false);
  });
});
