/**
 * The one ordering of discovery's outputs, so every list reads the same in the CLI, the API and the
 * tests: most frequent first, ties broken by name (code-unit order, never the locale's).
 */
import type { DfgEdge, Variant } from '../../contract/discovery';
import { setOwn } from '../jsonValues';

/** Pure: code-unit comparison of two names. */
export function byName(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** Pure: `[name, count]` pairs, most frequent first, ties by name. */
export function rankCounts(counts: ReadonlyMap<string, number>): [string, number][] {
  return [...counts].sort((x, y) => y[1] - x[1] || byName(x[0], y[0]));
}

/**
 * Pure: an object of counts in rank order (insertion order is the order JSON prints, for non-index
 * names). Every name is an own property, `__proto__` too (assignment would drop it).
 */
export function countsObject(counts: ReadonlyMap<string, number>): Record<string, number> {
  const out: Record<string, number> = {};
  for (const [k, v] of rankCounts(counts)) setOwn(out, k, v);
  return out;
}

/** Pure: edges, most frequent first, ties by source then target name. */
export function compareEdges(a: DfgEdge, b: DfgEdge): number {
  return b.count - a.count || byName(a.from, b.from) || byName(a.to, b.to);
}

/** Pure: variants, most frequent first, ties by trace (element by element, a prefix first). */
export function compareVariants(a: Variant, b: Variant): number {
  if (b.count !== a.count) return b.count - a.count;
  const n = Math.min(a.trace.length, b.trace.length);
  for (let i = 0; i < n; i++) {
    const c = byName(a.trace[i]!, b.trace[i]!);
    if (c !== 0) return c;
  }
  return a.trace.length - b.trace.length;
}
