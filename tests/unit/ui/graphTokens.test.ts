import { describe, expect, it } from 'vitest';
import {
  LEAVE_AT,
  REST_AT,
  TOKENS_PER_EDGE,
  badgeSize,
  badgeText,
  journeyAt,
  journeyMs,
  placeBadges,
  pointAt,
  travellers,
} from '../../../src/ui/controllers/graph/tokens';

describe('tokens on the graph', () => {
  it('finds a point along a straight edge and along a curved one', () => {
    const line = { from: { x: 0, y: 0 }, to: { x: 100, y: 50 }, control: null };
    expect(pointAt(line, 0.25)).toEqual({ x: 25, y: 12.5 });
    // Quadratic Bézier (0,0) – (50,100) – (100,0) at t = 0.5: 0.25·0 + 0.5·50 + 0.25·100 = 50; y = 0.5·100 = 50.
    const curve = { from: { x: 0, y: 0 }, to: { x: 100, y: 0 }, control: { x: 50, y: 100 } };
    expect(pointAt(curve, 0.5)).toEqual({ x: 50, y: 50 });
    expect(pointAt(curve, 1)).toEqual({ x: 100, y: 0 });
  });

  it('draws at most a few tokens per edge, whatever the count', () => {
    expect(TOKENS_PER_EDGE).toBe(3);
    expect(travellers(0)).toBe(0);
    expect(travellers(2)).toBe(2);
    expect(travellers(100_000)).toBe(3);
  });

  it('tokens leave their source one after the other and all rest at the same place', () => {
    // At the start every token is just out of its source; at the end all rest at REST_AT.
    for (let i = 0; i < 3; i++) {
      expect(journeyAt(0, i, 3)).toBeCloseTo(LEAVE_AT);
      expect(journeyAt(1, i, 3)).toBeCloseTo(REST_AT);
    }
    // Half way, the first token is further along than the second, the second than the third.
    const [a, b, c] = [0, 1, 2].map((i) => journeyAt(0.5, i, 3));
    expect(a).toBeGreaterThan(b!);
    expect(b).toBeGreaterThan(c!);
  });

  it('a journey fits between two steps, and steps faster than 20 a second have none', () => {
    expect(journeyMs(Infinity)).toBe(600);
    expect(journeyMs(250)).toBe(200);
    expect(journeyMs(100)).toBe(80);
    expect(journeyMs(30)).toBe(0);
  });

  it('badge text stays short for large counts', () => {
    expect(badgeText(7)).toBe('7');
    expect(badgeText(9999)).toBe('9999');
    expect(badgeText(12_345)).toBe('12k');
    expect(badgeText(3_400_000)).toBe('3M');
    expect(badgeSize('1 waiting')).toEqual({ w: Math.ceil(9 * 6.6) + 10, h: 17 });
  });

  it('places badges apart: the second takes its next spot, one with no room is hidden', () => {
    const box = { w: 20, h: 10 };
    const at = placeBadges(
      [
        { id: 'a', spots: [{ x: 50, y: 50 }], ...box },
        // Its first spot overlaps a; its second is free.
        {
          id: 'b',
          spots: [
            { x: 55, y: 52 },
            { x: 50, y: 80 },
          ],
          ...box,
        },
        // Both its spots overlap a or b.
        {
          id: 'c',
          spots: [
            { x: 45, y: 48 },
            { x: 52, y: 78 },
          ],
          ...box,
        },
        // Off screen.
        { id: 'd', spots: [{ x: 500, y: 50 }], ...box },
      ],
      200,
      200,
    );
    expect(at).toEqual({ a: { x: 50, y: 50 }, b: { x: 50, y: 80 }, c: null, d: null });
  });

  it('a badge is not put over a node', () => {
    const node = { x1: 0, y1: 0, x2: 40, y2: 40 };
    const at = placeBadges(
      [
        {
          id: 'e',
          spots: [
            { x: 20, y: 20 },
            { x: 80, y: 20 },
          ],
          w: 20,
          h: 10,
        },
      ],
      200,
      200,
      [node],
    );
    expect(at.e).toEqual({ x: 80, y: 20 });
  });
});
