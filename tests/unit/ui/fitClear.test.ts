import { describe, expect, it } from 'vitest';
import { clearFit } from '../../../src/ui/controllers/graph/fitClear';

// A 100×50 graph (graph units) in a 400×300 canvas with 10 px of margin; figures worked by hand.
const graph = { left: 0, top: 0, right: 100, bottom: 50 };

describe('clearFit', () => {
  it('with nothing floating over the canvas, fills the padded canvas and centres the graph', () => {
    // Clear area 380×280: zoom min(380/100, 280/50) = 3.8; centre (200, 150) − graph centre (50, 25)·3.8.
    expect(clearFit(graph, 400, 300, [], 10, 10)).toEqual({ zoom: 3.8, pan: { x: 10, y: 55 } });
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
    expect(clearFit(graph, 400, 300, [], 1, 10)).toEqual({ zoom: 1, pan: { x: 150, y: 125 } });
  });

  it('answers null when the overlays leave no clear area', () => {
    expect(clearFit(graph, 400, 300, [{ left: 0, top: 0, right: 400, bottom: 300 }], 10, 10)).toBeNull();
  });

  it('ignores overlays of no size (hidden ones)', () => {
    expect(clearFit(graph, 400, 300, [{ left: 50, top: 50, right: 50, bottom: 50 }], 10, 10)).toEqual(
      clearFit(graph, 400, 300, [], 10, 10),
    );
  });
});
