import { describe, expect, it } from 'vitest';
import {
  fromOverview,
  overviewMap,
  overviewWanted,
  panToCentre,
  toOverview,
} from '../../../src/ui/controllers/graph/overview';

describe('graph overview (minimap) mapping', () => {
  it('fits the graph inside the overview, centred, keeping its proportions', () => {
    const m = overviewMap({ x1: -100, y1: 50, w: 400, h: 100 }, 150, 96, 6);
    // Width decides: (150 - 12) / 400.
    expect(m.scale).toBeCloseTo(138 / 400);
    const tl = toOverview(m, { x: -100, y: 50 });
    const br = toOverview(m, { x: 300, y: 150 });
    expect(tl.x).toBeCloseTo(6);
    expect(br.x).toBeCloseTo(144);
    // Centred vertically.
    expect((tl.y + br.y) / 2).toBeCloseTo(48);
  });

  it('maps overview pixels back to the same graph points', () => {
    const m = overviewMap({ x1: 0, y1: 0, w: 1000, h: 2000 }, 150, 96);
    for (const p of [
      { x: 0, y: 0 },
      { x: 500, y: 1234 },
      { x: 1000, y: 2000 },
    ]) {
      const back = fromOverview(m, toOverview(m, p));
      expect(back.x).toBeCloseTo(p.x);
      expect(back.y).toBeCloseTo(p.y);
    }
  });

  it('a one-node graph (no extent) still maps without dividing by zero', () => {
    const m = overviewMap({ x1: 10, y1: 10, w: 0, h: 0 }, 150, 96);
    expect(Number.isFinite(m.scale)).toBe(true);
    const p = toOverview(m, { x: 10, y: 10 });
    expect(p.x).toBeCloseTo(75);
    expect(p.y).toBeCloseTo(48);
  });

  it('pans so that the chosen graph point is at the centre of the main view', () => {
    const pan = panToCentre({ x: 200, y: 100 }, 2, 800, 600);
    // Rendered position = graph position × zoom + pan.
    expect(200 * 2 + pan.x).toBe(400);
    expect(100 * 2 + pan.y).toBe(300);
  });
});

describe('when the overview shows', () => {
  const over = { x1: 10, y1: 10, x2: 160, y2: 106 };
  it('not when the whole graph is in view', () => {
    expect(overviewWanted({ x1: 200, y1: 20, x2: 700, y2: 400 }, 800, 450, over, [])).toBe(false);
  });
  it('when the graph reaches outside the view and no node is under it', () => {
    const nodes = [{ x1: 300, y1: 200, x2: 352, y2: 238 }];
    expect(overviewWanted({ x1: 300, y1: 200, x2: 1300, y2: 400 }, 800, 450, over, nodes)).toBe(true);
  });
  it('never over a node', () => {
    const nodes = [{ x1: 150, y1: 100, x2: 202, y2: 138 }];
    expect(overviewWanted({ x1: 150, y1: 100, x2: 1300, y2: 400 }, 800, 450, over, nodes)).toBe(false);
  });
});
