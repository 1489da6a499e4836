import { describe, expect, it } from 'vitest';
import {
  labelsReadable,
  legibleViewport,
  minLabelPx,
  readableZoom,
} from '../../../src/ui/controllers/graph/legibility';

const none = { top: 0, right: 0, bottom: 0, left: 0 };

describe('graph legibility', () => {
  it('asks for 10 px labels at every width', () => {
    expect(minLabelPx(1440)).toBe(10);
    expect(minLabelPx(860)).toBe(10);
    expect(minLabelPx(390)).toBe(10);
    // A 12 px label is 10 px on screen at 10/12.
    expect(readableZoom(10, 12)).toBeCloseTo(0.83333, 4);
    expect(labelsReadable(0.8334, 10, 12)).toBe(true);
    expect(labelsReadable(0.83, 10, 12)).toBe(false);
  });

  it('fits a small graph whole, centred in the area the overlays leave free', () => {
    // 200×100 graph units in an 800×500 canvas with 50 px tools above and 30 px legend below, pad 10:
    // free area 780×400 starting at (10, 60); the height decides: 400 / 100 = 4, capped at 2.
    const v = legibleViewport({ x1: 0, y1: 0, w: 200, h: 100 }, 800, 500, { ...none, top: 50, bottom: 30 }, 10, 0.9, 2);
    expect(v.zoom).toBe(2);
    expect(v.whole).toBe(true);
    // 400×200 px drawn, centred: x 10 + (780 − 400) / 2 = 200, y 60 + (400 − 200) / 2 = 160.
    expect(v.pan).toEqual({ x: 200, y: 160 });
  });

  it('zooms out to fit, down to the readable floor', () => {
    // 1000×200 in 600×400 (pad 0): the fit would be 0.6, above the floor of 0.5.
    const v = legibleViewport({ x1: 100, y1: -50, w: 1000, h: 200 }, 600, 400, none, 0, 0.5, 2);
    expect(v.zoom).toBeCloseTo(0.6);
    expect(v.whole).toBe(true);
    // Width fills exactly: pan.x = 0 − 100 × 0.6; height 120 px centred in 400: 140 + 50 × 0.6.
    expect(v.pan.x).toBeCloseTo(-60);
    expect(v.pan.y).toBeCloseTo(170);
  });

  it('a graph too large for the floor opens at the floor from its top-left corner', () => {
    // 2000×1000 in 600×400 with pad 10: fit would be 0.19, the floor is 0.9.
    const v = legibleViewport({ x1: -40, y1: 20, w: 2000, h: 1000 }, 600, 400, { ...none, top: 30 }, 10, 0.9, 2);
    expect(v.zoom).toBe(0.9);
    expect(v.whole).toBe(false);
    // The graph's left edge at x 10, its top at y 30 + 10.
    expect(v.pan.x).toBeCloseTo(10 + 40 * 0.9);
    expect(v.pan.y).toBeCloseTo(40 - 20 * 0.9);
  });

  it('centres along the axis that fits while the other overflows', () => {
    // 2000×100 in 600×400, floor 1: wider than the view, 100 px tall in 400 free.
    const v = legibleViewport({ x1: 0, y1: 0, w: 2000, h: 100 }, 600, 400, none, 0, 1, 2);
    expect(v.zoom).toBe(1);
    expect(v.pan).toEqual({ x: 0, y: 150 });
  });
});
