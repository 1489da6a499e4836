/**
 * The automatic layout of a graph without DSL positions (dagre, left to right), and a cache of its
 * results so a graph is laid out once, not on every open. The layout of a 500-node graph takes
 * 0.2–0.9 s; a cached one costs nothing but a preset layout.
 *
 * The cache is keyed by everything the layout reads — node ids and kinds in order, edges in order,
 * the layout's options and node size (LAYOUT_VERSION) — so a template edited in any way that could
 * move a node gets a new key and a fresh layout, never a stale one. Positions given in the DSL are
 * used as they are and never touch the cache (the controller checks them first).
 */
import cytoscape from 'cytoscape';
import dagre from 'cytoscape-dagre';
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';
import type { GraphModel } from './model';
import { toElements } from './elements';
import { graphStyle } from './style';

/**
 * The dagre options. nodeSep leaves room for the two-line label under each node (38 px node + ~36 px
 * label), so nodes of one rank stacked above each other never have their labels touch.
 */
export const DAGRE_OPTIONS = { name: 'dagre', rankDir: 'LR', nodeSep: 64, rankSep: 90 } as const;

/** Changes whenever the layout's options or the node size in the stylesheet change (keys then differ). */
export const LAYOUT_VERSION = 'dagre-LR-64-90/node-52x38-b2';

/** Node id → centre, in graph units. */
export type Positions = Record<string, { x: number; y: number }>;

let registered = false;
/** Registers the dagre layout with Cytoscape (once). */
export function useDagre(): void {
  if (registered) return;
  cytoscape.use(dagre);
  registered = true;
}

/** Pure. The cache key of `model`'s automatic layout: a SHA-256 over what the layout depends on. */
export function layoutKey(model: GraphModel): string {
  const parts: string[] = [LAYOUT_VERSION, String(model.nodes.length)];
  for (const n of model.nodes) parts.push(`n\u0000${n.id}\u0000${n.kind}`);
  for (const e of model.edges) parts.push(`e\u0000${e.source}\u0000${e.target}`);
  return bytesToHex(sha256(utf8ToBytes(parts.join('\u0001')))).slice(0, 32);
}

/**
 * Dagre lays out graphs of at most this many nodes. Its ranking, acyclic and tree passes recurse once
 * per node along a path or a spanning tree, and pass the JavaScript stack near 2,500 nodes (a chain
 * of 2,500, or 3,000 nodes in two wide ranks); a larger graph gets `layeredLayout` instead, as does
 * one dagre fails on. The DSL allows 65,535 nodes, and every template that validates is drawn.
 */
export const DAGRE_MAX_NODES = 1200;

/** A graph laid out: its positions, and whether they are the simple layered placement (not dagre's). */
export interface LaidOut {
  positions: Positions;
  layered: boolean;
}

/**
 * The automatic layout of `model` on a headless Cytoscape with the graph's stylesheet (so node sizes
 * are the drawn ones): the same positions the controller's own dagre run gives. Used off the main
 * thread by the layout worker; pure in effect (no DOM, nothing kept).
 */
export function computeLayout(model: GraphModel): Positions {
  return autoLayout(model).positions;
}

/**
 * Pure in effect. `computeLayout` with the way it was made: dagre on a headless Cytoscape for a graph
 * of at most DAGRE_MAX_NODES nodes, else (or when dagre throws) the layered placement.
 */
export function autoLayout(model: GraphModel): LaidOut {
  if (model.nodes.length > DAGRE_MAX_NODES) return { positions: layeredLayout(model), layered: true };
  useDagre();
  const cy = cytoscape({
    headless: true,
    styleEnabled: true,
    style: graphStyle('light') as unknown as cytoscape.StylesheetJson,
  });
  try {
    cy.add(toElements(model) as cytoscape.ElementDefinition[]);
    cy.layout({ ...DAGRE_OPTIONS, fit: false } as cytoscape.LayoutOptions).run();
    return { positions: positionsOf(cy), layered: false };
  } catch {
    return { positions: layeredLayout(model), layered: true };
  } finally {
    cy.destroy();
  }
}

/** Layout keys of graphs dagre failed on and the layered placement laid out (their note shows again when kept). */
const fellBack = new Set<string>();

/** Not pure: remembers (for this page) that the graph of layout key `key` was laid out in layers. */
export function markLayered(key: string): void {
  fellBack.add(key);
}

/**
 * Not pure (reads what `markLayered` kept). The sentence shown over a graph laid out by the layered
 * placement (null: dagre laid it out, or the DSL placed it), `key` being its layout key.
 */
export function layeredNote(model: GraphModel, key: string): string | null {
  const n = model.nodes.length;
  if (n > DAGRE_MAX_NODES)
    return (
      `This graph has ${n.toLocaleString('en-US')} nodes, more than the ${DAGRE_MAX_NODES.toLocaleString('en-US')} ` +
      'the full layout handles: its nodes are placed in simple layers, each a column right of its inputs.'
    );
  if (fellBack.has(key))
    return 'The full layout failed on this graph: its nodes are placed in simple layers, each a column right of its inputs.';
  return null;
}

/** Node size and gaps of the layered placement: the drawn node (52 × 38) and dagre's rankSep / nodeSep. */
const LAYER_STEP_X = 52 + DAGRE_OPTIONS.rankSep;
const LAYER_STEP_Y = 38 + DAGRE_OPTIONS.nodeSep;

/**
 * Pure. The rank of each node (by index in `model.nodes`): its longest path from a node without
 * inputs, by Kahn's algorithm — no recursion, linear in nodes and edges. A cycle is broken where it
 * blocks: the first node (in model order) not yet ranked is taken next, its edges from nodes not yet
 * ranked are dropped (drawn backwards), and ranking goes on from it.
 */
export function layerRanks(model: GraphModel): number[] {
  const n = model.nodes.length;
  const index = new Map<string, number>();
  model.nodes.forEach((node, i) => index.set(node.id, i));
  const out: number[][] = Array.from({ length: n }, () => []);
  const indegree = new Array<number>(n).fill(0);
  for (const e of model.edges) {
    const s = index.get(e.source);
    const t = index.get(e.target);
    if (s === undefined || t === undefined || s === t) continue;
    out[s]!.push(t);
    indegree[t]!++;
  }
  const rank = new Array<number>(n).fill(0);
  const done = new Array<boolean>(n).fill(false);
  const queued = new Array<boolean>(n).fill(false);
  const queue: number[] = [];
  const enqueue = (i: number) => {
    queued[i] = true;
    queue.push(i);
  };
  for (let i = 0; i < n; i++) if (indegree[i] === 0) enqueue(i);
  let head = 0;
  let next = 0;
  for (let placed = 0; placed < n;) {
    if (head === queue.length) {
      // Only cycles are left: release the first node not yet ranked.
      while (queued[next]) next++;
      enqueue(next);
    }
    const u = queue[head++]!;
    done[u] = true;
    placed++;
    for (const t of out[u]!) {
      if (done[t]) continue;
      rank[t] = Math.max(rank[t]!, rank[u]! + 1);
      if (--indegree[t]! === 0 && !queued[t]) enqueue(t);
    }
  }
  return rank;
}

/**
 * Pure. A simple layered placement, left to right like dagre's: each node in the column of its rank
 * (`layerRanks`), the nodes of a column in one sweep ordered by the mean row of their inputs in
 * earlier columns (then model order; nodes without such inputs last), each column centred on y = 0. Linear apart from the sort of
 * each column; used for graphs dagre cannot lay out (DAGRE_MAX_NODES).
 */
export function layeredLayout(model: GraphModel): Positions {
  const ranks = layerRanks(model);
  const index = new Map<string, number>();
  model.nodes.forEach((node, i) => index.set(node.id, i));
  const inputs: number[][] = model.nodes.map(() => []);
  for (const e of model.edges) {
    const s = index.get(e.source);
    const t = index.get(e.target);
    if (s !== undefined && t !== undefined && ranks[s]! < ranks[t]!) inputs[t]!.push(s);
  }
  const columns: number[][] = [];
  ranks.forEach((r, i) => (columns[r] ??= []).push(i));
  const row = new Array<number>(model.nodes.length).fill(0);
  const out: Positions = {};
  for (const [r, column] of columns.entries()) {
    if (!column) continue;
    const key = (i: number) => {
      const from = inputs[i]!;
      return from.length === 0 ? Number.MAX_SAFE_INTEGER : from.reduce((sum, s) => sum + row[s]!, 0) / from.length;
    };
    const keys = new Map(column.map((i) => [i, key(i)]));
    column.sort((a, b) => keys.get(a)! - keys.get(b)! || a - b);
    column.forEach((i, k) => {
      row[i] = k;
      out[model.nodes[i]!.id] = { x: r * LAYER_STEP_X, y: (k - (column.length - 1) / 2) * LAYER_STEP_Y };
    });
  }
  return out;
}

/** The positions of every node of `cy`. */
export function positionsOf(cy: cytoscape.Core): Positions {
  const out: Positions = {};
  cy.nodes().forEach((n) => {
    const p = n.position();
    out[n.id() as string] = { x: p.x, y: p.y };
  });
  return out;
}

/** Pure. Whether `positions` places exactly the nodes of `model` (a cached entry fits the graph). */
export function placesAll(model: GraphModel, positions: Positions): boolean {
  const ids = Object.keys(positions);
  if (ids.length !== model.nodes.length) return false;
  for (const n of model.nodes) {
    const p = positions[n.id];
    if (!p || !Number.isFinite(p.x) || !Number.isFinite(p.y)) return false;
  }
  return true;
}

/** Where layouts are kept: synchronous, so a known layout is used in the same task that draws. */
export interface LayoutStore {
  get(key: string): Positions | null;
  set(key: string, positions: Positions): void;
}

/** Not pure: a store in memory only (tests, and hosts without localStorage). */
export function memoryLayoutStore(limit = 20): LayoutStore {
  const map = new Map<string, Positions>();
  return {
    get(key) {
      const p = map.get(key);
      if (!p) return null;
      map.delete(key);
      map.set(key, p);
      return p;
    },
    set(key, positions) {
      map.delete(key);
      map.set(key, positions);
      while (map.size > limit) map.delete(map.keys().next().value as string);
    },
  };
}

const PREFIX = 'flowledger.layout.';
const INDEX = 'flowledger.layouts';

/**
 * Not pure: layouts kept in `localStorage` (a few KB to ~30 KB each), the `limit` most recently used,
 * over an in-memory copy. Anything the storage refuses (quota, private mode, no storage) leaves the
 * memory copy only; a bad entry is ignored and the layout computed again.
 */
export function localLayoutStore(storage: Storage | null = safeLocalStorage(), limit = 20): LayoutStore {
  const memory = memoryLayoutStore(limit);
  const readIndex = (): string[] => {
    try {
      const v = JSON.parse(storage?.getItem(INDEX) ?? '[]') as unknown;
      return Array.isArray(v) ? v.filter((k): k is string => typeof k === 'string') : [];
    } catch {
      return [];
    }
  };
  return {
    get(key) {
      const hit = memory.get(key);
      if (hit || !storage) return hit;
      try {
        const raw = storage.getItem(PREFIX + key);
        if (!raw) return null;
        const { ids, xy } = JSON.parse(raw) as { ids: string[]; xy: number[] };
        if (!Array.isArray(ids) || !Array.isArray(xy) || xy.length !== ids.length * 2) return null;
        const positions: Positions = {};
        ids.forEach((id, i) => (positions[id] = { x: xy[2 * i]!, y: xy[2 * i + 1]! }));
        memory.set(key, positions);
        return positions;
      } catch {
        return null;
      }
    },
    set(key, positions) {
      memory.set(key, positions);
      if (!storage) return;
      const ids = Object.keys(positions);
      const xy = ids.flatMap((id) => [positions[id]!.x, positions[id]!.y]);
      try {
        const index = [key, ...readIndex().filter((k) => k !== key)];
        for (const old of index.splice(limit)) storage.removeItem(PREFIX + old);
        storage.setItem(PREFIX + key, JSON.stringify({ ids, xy }));
        storage.setItem(INDEX, JSON.stringify(index));
      } catch {
        // Full or unavailable: the memory copy still serves this page.
      }
    },
  };
}

function safeLocalStorage(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}
