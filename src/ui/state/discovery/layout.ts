/**
 * A layered drawing of a directly-follows graph for the Discover screen: a `start` node, the
 * activities in ranks, an `end` node, and one curve per edge with its count. A DFG mined from a log
 * has loops and many crossing paths, so a hand-rolled column layout drew curves over nodes and labels
 * over each other; the layered (Sugiyama) layout of dagre — the library that lays out the workspace
 * graph too — orders nodes to cut crossings and gives every label room of its own. Pure geometry (no
 * DOM), so the SVG component only draws what this returns and the tests check its properties.
 */
import dagre from '@dagrejs/dagre';
import type { Discovery, EdgeTime } from '../../../contract/discovery';
import { formatMs } from './tables';

export const NODE_W = 156;
export const NODE_H = 40;
const PAD = 12;
/** Room above a node for its loop (drawn by hand, see below). */
const LOOP_H = 18;

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
  /** The time between the two events (activity to activity edges of a log with times). */
  time?: EdgeTime;
  /** SVG path data. */
  d: string;
  /** The points the curve passes through, first to last (a replay's tokens travel along them). */
  points: { x: number; y: number }[];
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

/**
 * Pure (deterministic for the same discovery). The drawing of `d`, laid out by dagre, left to right:
 * ranks from a longest-path ranking with back edges (loops between activities) reversed, nodes ordered
 * in each rank to cross as few edges as possible, and every count label placed as a small box of its
 * own, so no label sits on a node or on another label. Edges are smooth curves through dagre's points.
 * `layer` is a node's column, counted from `start` (0) by distinct x positions.
 */
export function layoutDfg(d: Discovery): DfgLayout {
  const g = new dagre.graphlib.Graph({ multigraph: false });
  g.setGraph({ rankdir: 'LR', nodesep: 28, ranksep: 36, edgesep: 14, marginx: PAD, marginy: PAD + LOOP_H });
  g.setDefaultEdgeLabel(() => ({}));
  const kinds = new Map<string, LaidNode['kind']>();
  const add = (id: string, label: string, kind: LaidNode['kind']) => {
    kinds.set(id, kind);
    g.setNode(id, { label, width: NODE_W, height: NODE_H });
  };
  add(START, 'start', 'start');
  // Sorted input: dagre's result depends on insertion order, and the drawing must not depend on how
  // the discovery's maps happen to be ordered.
  const names = Object.keys(d.activities).sort(byText);
  for (const a of names) add(a, a, 'activity');
  add(END, 'end', 'end');
  const counts = new Map<string, number>();
  const times = new Map<string, EdgeTime>();
  // A loop (an activity followed by itself) is drawn by hand above its node: dagre's routes for
  // self-edges are wrong when it lays out left to right.
  const loops: [string, number, EdgeTime | undefined][] = [];
  const link = (from: string, to: string, count: number, time?: EdgeTime) => {
    if (!g.hasNode(from) || !g.hasNode(to)) return;
    if (from === to) return void loops.push([from, count, time]);
    counts.set(`${from}\u0001${to}`, count);
    if (time) times.set(`${from}\u0001${to}`, time);
    // Room for the longer of the two labels (the count, the mean time), so switching modes keeps the drawing.
    const text = time
      ? [String(count), formatMs(time.meanMs)].reduce((a, b) => (a.length >= b.length ? a : b))
      : String(count);
    g.setEdge(from, to, { width: text.length * 7 + 6, height: 14, labelpos: 'c', minlen: 1, weight: count });
  };
  for (const a of Object.keys(d.starts).sort(byText)) link(START, a, d.starts[a]!);
  for (const e of [...d.edges].sort((x, y) => byText(x.from, y.from) || byText(x.to, y.to)))
    link(e.from, e.to, e.count, e.time && e.time.n > 0 ? e.time : undefined);
  for (const a of Object.keys(d.ends).sort(byText)) link(a, END, d.ends[a]!);
  dagre.layout(g);

  const xs = [...new Set(g.nodes().map((v) => g.node(v).x))].sort((a, b) => a - b);
  const nodes: LaidNode[] = g.nodes().map((v) => {
    const n = g.node(v);
    const kind = kinds.get(v)!;
    const count = kind === 'activity' ? d.activities[v]! : d.cases;
    return {
      id: v,
      label: kind === 'activity' ? v : kind,
      kind,
      count,
      layer: xs.indexOf(n.x),
      x: n.x - NODE_W / 2,
      y: n.y - NODE_H / 2,
    };
  });
  nodes.sort((a, b) => a.layer - b.layer || a.y - b.y);
  const label = (v: string) => (kinds.get(v) === 'activity' ? v : kinds.get(v)!);
  const edges: LaidEdge[] = g.edges().map(({ v, w }) => {
    const e = g.edge(v, w) as { points: { x: number; y: number }[]; x: number; y: number };
    const time = times.get(`${v}\u0001${w}`);
    return {
      from: label(v),
      to: label(w),
      count: counts.get(`${v}\u0001${w}`)!,
      ...(time ? { time } : {}),
      d: smoothPath(e.points),
      points: e.points.map((p) => ({ x: p.x, y: p.y })),
      lx: e.x,
      ly: e.y + 4,
    };
  });
  for (const [v, count, time] of loops) {
    const n = g.node(v);
    const top = n.y - NODE_H / 2;
    const x1 = n.x + NODE_W / 2 - 46;
    const x2 = n.x + NODE_W / 2 - 22;
    const d = `M${x1},${top} C${x1},${top - 22} ${x2},${top - 22} ${x2},${top}`;
    const points = [
      { x: x1, y: top },
      { x: x1 + 2, y: top - 14 },
      { x: x2 - 2, y: top - 14 },
      { x: x2, y: top },
    ];
    edges.push({
      from: label(v),
      to: label(v),
      count,
      ...(time ? { time } : {}),
      d,
      points,
      lx: n.x + NODE_W / 2 - 9,
      ly: top - 5,
    });
  }
  const box = g.graph() as { width?: number; height?: number };
  return { nodes, edges, width: Math.ceil(box.width ?? 0), height: Math.ceil(box.height ?? 0) };
}

function byText(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/**
 * Pure. SVG path data for a smooth curve through `points` (a Catmull-Rom spline as cubic Béziers): it
 * passes through every point dagre routed the edge along, so it keeps clear of the nodes as they do.
 */
export function smoothPath(points: readonly { x: number; y: number }[]): string {
  const f = (n: number) => Math.round(n * 10) / 10;
  if (points.length === 0) return '';
  let d = `M${f(points[0]!.x)},${f(points[0]!.y)}`;
  for (let i = 0; i < points.length - 1; i++) {
    const p0 = points[Math.max(0, i - 1)]!;
    const p1 = points[i]!;
    const p2 = points[i + 1]!;
    const p3 = points[Math.min(points.length - 1, i + 2)]!;
    const c1 = { x: p1.x + (p2.x - p0.x) / 6, y: p1.y + (p2.y - p0.y) / 6 };
    const c2 = { x: p2.x - (p3.x - p1.x) / 6, y: p2.y - (p3.y - p1.y) / 6 };
    d += ` C${f(c1.x)},${f(c1.y)} ${f(c2.x)},${f(c2.y)} ${f(p2.x)},${f(p2.y)}`;
  }
  return d;
}
