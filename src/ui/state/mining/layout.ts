/**
 * A layered drawing of a directly-follows graph for the Discover screen: a `start` node, the
 * activities in columns by their shortest distance from it, an `end` node after the last column,
 * and one curve per edge. Pure geometry (no DOM), so the SVG component only draws what this returns
 * and the tests check the layers by hand.
 */
import type { Discovery } from '../../../contract/mining';

export const NODE_W = 156;
export const NODE_H = 40;
const COL_GAP = 64;
const ROW_GAP = 18;
const PAD = 12;

export interface LaidNode {
  id: string;
  /** The activity's name; `start` and `end` for the two markers. */
  label: string;
  kind: 'activity' | 'start' | 'end';
  count: number;
  layer: number;
  x: number;
  y: number;
}

export interface LaidEdge {
  from: string;
  to: string;
  count: number;
  /** SVG path data. */
  d: string;
  /** Where the count label goes. */
  lx: number;
  ly: number;
}

export interface DfgLayout {
  nodes: LaidNode[];
  edges: LaidEdge[];
  width: number;
  height: number;
}

const START = '\u0000start';
const END = '\u0000end';

/** Pure. Each activity's layer: 1 + its fewest edges from a start activity (unreached ones after the rest). */
export function layersOf(d: Discovery): Map<string, number> {
  const layer = new Map<string, number>();
  const next = new Map<string, string[]>();
  for (const e of d.edges) (next.get(e.from) ?? next.set(e.from, []).get(e.from)!).push(e.to);
  let frontier = Object.keys(d.starts).filter((a) => a in d.activities);
  for (const a of frontier) layer.set(a, 1);
  let depth = 1;
  while (frontier.length > 0) {
    depth++;
    const found: string[] = [];
    for (const a of frontier)
      for (const b of next.get(a) ?? [])
        if (!layer.has(b)) {
          layer.set(b, depth);
          found.push(b);
        }
    frontier = found;
  }
  const last = Math.max(0, ...layer.values());
  for (const a of Object.keys(d.activities)) if (!layer.has(a)) layer.set(a, last + 1);
  return layer;
}

/** Pure. The drawing of `d`: nodes placed by layer (busiest first in a column), edges as curves. */
export function layoutDfg(d: Discovery): DfgLayout {
  const layers = layersOf(d);
  const maxLayer = Math.max(0, ...layers.values());
  const columns: LaidNode[][] = Array.from({ length: maxLayer + 2 }, () => []);
  columns[0].push({ id: START, label: 'start', kind: 'start', count: d.cases, layer: 0, x: 0, y: 0 });
  const names = Object.keys(d.activities).sort(
    (a, b) => d.activities[b] - d.activities[a] || (a < b ? -1 : a > b ? 1 : 0),
  );
  for (const a of names) {
    const l = layers.get(a)!;
    columns[l].push({ id: a, label: a, kind: 'activity', count: d.activities[a], layer: l, x: 0, y: 0 });
  }
  columns[maxLayer + 1].push({ id: END, label: 'end', kind: 'end', count: d.cases, layer: maxLayer + 1, x: 0, y: 0 });
  const tallest = Math.max(...columns.map((c) => c.length));
  const height = PAD * 2 + tallest * NODE_H + (tallest - 1) * ROW_GAP;
  const nodes: LaidNode[] = [];
  columns.forEach((col, i) => {
    const colH = col.length * NODE_H + (col.length - 1) * ROW_GAP;
    col.forEach((n, j) => {
      n.x = PAD + i * (NODE_W + COL_GAP);
      n.y = (height - colH) / 2 + j * (NODE_H + ROW_GAP);
      nodes.push(n);
    });
  });
  const at = new Map(nodes.map((n) => [n.id, n]));
  const edges: LaidEdge[] = [];
  const add = (from: string, to: string, count: number) => {
    const a = at.get(from);
    const b = at.get(to);
    if (a && b) edges.push({ from: a.label, to: b.label, count, ...curve(a, b) });
  };
  for (const [a, n] of Object.entries(d.starts)) add(START, a, n);
  for (const e of d.edges) add(e.from, e.to, e.count);
  for (const [a, n] of Object.entries(d.ends)) add(a, END, n);
  return { nodes, edges, width: PAD * 2 + columns.length * NODE_W + (columns.length - 1) * COL_GAP, height };
}

/**
 * Pure. A forward edge leaves a node's right side for the next's left; an edge within a column bows
 * out to the right; a loop or backward edge arcs below.
 */
function curve(a: LaidNode, b: LaidNode): { d: string; lx: number; ly: number } {
  if (b.layer > a.layer) {
    const x1 = a.x + NODE_W;
    const y1 = a.y + NODE_H / 2;
    const x2 = b.x;
    const y2 = b.y + NODE_H / 2;
    const mx = (x1 + x2) / 2;
    return { d: `M${x1},${y1} C${mx},${y1} ${mx},${y2} ${x2},${y2}`, lx: mx, ly: (y1 + y2) / 2 - 3 };
  }
  if (b.layer === a.layer && a !== b) {
    const x = a.x + NODE_W;
    const y1 = a.y + NODE_H * 0.7;
    const y2 = b.y + NODE_H * 0.3;
    const bow = x + 26;
    return { d: `M${x},${y1} C${bow},${y1} ${bow},${y2} ${x},${y2}`, lx: bow - 2, ly: (y1 + y2) / 2 + 4 };
  }
  const x1 = a.x + NODE_W * 0.35;
  const x2 = b.x + NODE_W * 0.65;
  const y1 = a.y + NODE_H;
  const y2 = b.y + NODE_H;
  const dip = Math.max(y1, y2) + 22 + Math.abs(a.layer - b.layer) * 6;
  return { d: `M${x1},${y1} C${x1},${dip} ${x2},${dip} ${x2},${y2}`, lx: (x1 + x2) / 2, ly: dip - 4 };
}
