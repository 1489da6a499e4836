import { describe, expect, it } from 'vitest';
import {
  pagesCovering,
  scrollTopFor,
  spacerHeight,
  virtualWindow,
} from '../../../../src/ui/controllers/panels/virtualWindow';

describe('virtualWindow', () => {
  const base = { viewportHeight: 300, rowHeight: 30, overscan: 0 };

  it('draws nothing for an empty list', () => {
    expect(virtualWindow({ ...base, scrollTop: 0, total: 0 })).toEqual({ first: 0, end: 0, top: 0, height: 0 });
  });

  it('shows the rows under the viewport, row i at i × rowHeight, when nothing is compressed', () => {
    const w = virtualWindow({ ...base, scrollTop: 600, total: 1000 });
    expect(w.first).toBe(20);
    expect(w.end).toBe(30);
    expect(w.top).toBe(600);
    expect(w.height).toBe(30_000);
  });

  it('adds overscan rows on both sides and clamps them to the list', () => {
    const w = virtualWindow({ ...base, overscan: 5, scrollTop: 0, total: 12 });
    expect([w.first, w.end, w.top]).toEqual([0, 12, 0]);
    const mid = virtualWindow({ ...base, overscan: 5, scrollTop: 3000, total: 1000 });
    expect([mid.first, mid.end, mid.top]).toEqual([95, 115, 95 * 30]);
  });

  it('compresses a million rows into the height cap and still reaches the first, middle and last row', () => {
    const input = { ...base, total: 1_000_000, maxHeight: 1_000_000 };
    expect(spacerHeight(1_000_000, 30, 1_000_000)).toBe(1_000_000);
    expect(virtualWindow({ ...input, scrollTop: 0 }).first).toBe(0);
    const range = 1_000_000 - 300;
    const middle = virtualWindow({ ...input, scrollTop: range / 2 });
    expect(middle.first).toBe(Math.floor((1_000_000 - 10) / 2));
    const last = virtualWindow({ ...input, scrollTop: range });
    expect(last.end).toBe(1_000_000);
    // The last row ends exactly at the bottom of the viewport.
    expect(last.top + (last.end - last.first) * 30).toBeCloseTo(range + 300, 6);
  });

  it('scrollTopFor is the inverse: the row it aims at becomes the first visible one', () => {
    for (const total of [50, 1000, 1_000_000]) {
      const input = { ...base, total, maxHeight: 2_000_000 };
      for (const index of [0, 7, Math.floor(total / 2), total - 10]) {
        const w = virtualWindow({ ...input, scrollTop: scrollTopFor(index, input) });
        expect(w.first).toBe(index);
      }
    }
  });
});

describe('pagesCovering', () => {
  it('lists the pages that hold rows [first, end)', () => {
    expect(pagesCovering(0, 0, 100)).toEqual([]);
    expect(pagesCovering(0, 100, 100)).toEqual([0]);
    expect(pagesCovering(95, 205, 100)).toEqual([0, 1, 2]);
  });
});
