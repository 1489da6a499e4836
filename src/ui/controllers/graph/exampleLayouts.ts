/**
 * The automatic layouts of the bundled examples, computed at build time (scripts/precompute-layouts.mjs
 * writes exampleLayouts.json): opening an example draws it at once, without starting the layout
 * worker. Entries are keyed by `layoutKey`, so a template that differs in any way from the example
 * (or a change of the layout's options) finds none and is laid out as usual.
 */
import shipped from './exampleLayouts.json';
import { LAYOUT_VERSION, layoutKey, placesAll, type Positions } from './layout';
import type { GraphModel } from './model';

interface Shipped {
  version: string;
  layouts: Record<string, { ids: string[]; xy: number[] }>;
}

/** Pure (over the shipped file). The precomputed layout of `model`, or null when none fits it. */
export function exampleLayout(model: GraphModel): Positions | null {
  const file = shipped as Shipped;
  if (file.version !== LAYOUT_VERSION || model.nodes.length === 0) return null;
  const entry = file.layouts[layoutKey(model)];
  if (!entry || entry.xy.length !== entry.ids.length * 2) return null;
  const positions: Positions = {};
  entry.ids.forEach((id, i) => (positions[id] = { x: entry.xy[2 * i]!, y: entry.xy[2 * i + 1]! }));
  return placesAll(model, positions) ? positions : null;
}
