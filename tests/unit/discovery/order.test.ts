/**
 * The one ordering of discovery's outputs (src/engine/discovery/order.ts): names in code-unit order,
 * never the locale's; edges and variants most frequent first, ties by name. Expected orders are
 * worked out by hand from that rule.
 */
import { describe, expect, it } from 'vitest';
import { byName, compareEdges, compareVariants } from '../../../src/engine/discovery/order';

describe('byName', () => {
  it('orders names by code unit: before, after, and equal names', () => {
    expect(byName('a', 'b')).toBe(-1);
    expect(byName('b', 'a')).toBe(1);
    expect(byName('a', 'a')).toBe(0);
    // Code units, not the locale: "B" (66) before "a" (97), "é" (233) after "f" (102).
    expect(byName('B', 'a')).toBe(-1);
    expect(byName('é', 'f')).toBe(1);
  });
});

describe('compareEdges', () => {
  it('puts the edge to the smaller target first when the count and the source are the same', () => {
    const xa = { from: 'x', to: 'a', count: 2 };
    const xb = { from: 'x', to: 'b', count: 2 };
    expect(Math.sign(compareEdges(xa, xb))).toBe(-1);
    expect(Math.sign(compareEdges(xb, xa))).toBe(1);
    expect([xa, xb].sort(compareEdges)).toEqual([xa, xb]);
    expect([xb, xa].sort(compareEdges)).toEqual([xa, xb]);
  });
});

describe('compareVariants', () => {
  it('puts the more frequent variant first, whatever its trace', () => {
    // ["b"] twice before ["a"] once: the count decides before the names.
    const b2 = { trace: ['b'], count: 2 };
    const a1 = { trace: ['a'], count: 1 };
    expect(Math.sign(compareVariants(b2, a1))).toBe(-1);
    expect(Math.sign(compareVariants(a1, b2))).toBe(1);
    expect([a1, b2].sort(compareVariants)).toEqual([b2, a1]);
  });

  it('breaks a tie element by element, a prefix first', () => {
    const ab = { trace: ['a', 'b'], count: 1 };
    const a = { trace: ['a'], count: 1 };
    const abz = { trace: ['a', 'b', 'z'], count: 1 };
    const ac = { trace: ['a', 'c'], count: 1 };
    expect(Math.sign(compareVariants(a, ab))).toBe(-1);
    expect(Math.sign(compareVariants(ab, abz))).toBe(-1);
    expect(Math.sign(compareVariants(ac, abz))).toBe(1);
    expect(compareVariants(ab, { trace: ['a', 'b'], count: 1 })).toBe(0);
    expect([ac, abz, a, ab].sort(compareVariants)).toEqual([a, ab, abz, ac]);
    expect([ab, abz, ac, a].sort(compareVariants)).toEqual([a, ab, abz, ac]);
  });
});
