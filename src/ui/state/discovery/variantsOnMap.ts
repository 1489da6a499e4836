/**
 * Variants on the map (issue 42): the activities and edges the selected variants walk — `start` to
 * their first activity, each activity to the next, their last to `end` — which the map highlights
 * while it dims the rest, and the status line saying what is shown. Pure.
 */
import type { Discovery } from '../../../contract/discovery';
import { percentText } from './tables';

export interface MapHighlight {
  /** Node labels on the map: activities, and `start` / `end`. */
  nodes: Set<string>;
  /** Edges as `from → to` keys (edgeKey). */
  edges: Set<string>;
}

/** Pure. The key of an edge of the map. */
export const edgeKey = (from: string, to: string): string => `${from}\u0001${to}`;

/** Pure. What the variants ranked `ranks` (1 = the answer's first) walk; null when none is selected (or none exists). */
export function variantHighlight(d: Discovery, ranks: readonly number[]): MapHighlight | null {
  const chosen = ranks.map((r) => d.variants[r - 1]).filter((v) => v !== undefined);
  if (chosen.length === 0) return null;
  const nodes = new Set<string>(['start', 'end']);
  const edges = new Set<string>();
  for (const v of chosen) {
    let prev = 'start';
    for (const a of v.trace) {
      nodes.add(a);
      edges.add(edgeKey(prev, a));
      prev = a;
    }
    edges.add(edgeKey(prev, 'end'));
  }
  return { nodes, edges };
}

/**
 * Pure. The status line over the map: `Variant 3 · 113 cases · 21.8 % of cases`, `Variants 1, 3 ·
 * 226 cases · 43.5 % of cases`, or, with none selected, `All variants · 519 cases`. Ranks beyond the
 * answer's variants are left out.
 */
export function variantStatus(d: Discovery, ranks: readonly number[]): string {
  const known = ranks.filter((r) => d.variants[r - 1] !== undefined);
  const casesText = (n: number) => (n === 1 ? '1 case' : `${n.toLocaleString('en')} cases`);
  if (known.length === 0) return `All variants · ${casesText(d.cases)}`;
  const cases = known.reduce((sum, r) => sum + d.variants[r - 1]!.count, 0);
  const which = known.length === 1 ? `Variant ${known[0]}` : `Variants ${known.join(', ')}`;
  return `${which} · ${casesText(cases)} · ${percentText(d.cases > 0 ? cases / d.cases : 0)} of cases`;
}
