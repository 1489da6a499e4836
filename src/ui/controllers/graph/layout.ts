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
 * The automatic layout of `model` on a headless Cytoscape with the graph's stylesheet (so node sizes
 * are the drawn ones): the same positions the controller's own dagre run gives. Used off the main
 * thread by the layout worker; pure in effect (no DOM, nothing kept).
 */
export function computeLayout(model: GraphModel): Positions {
  useDagre();
  const cy = cytoscape({
    headless: true,
    styleEnabled: true,
    style: graphStyle('light') as unknown as cytoscape.StylesheetJson,
  });
  cy.add(toElements(model) as cytoscape.ElementDefinition[]);
  cy.layout({ ...DAGRE_OPTIONS, fit: false } as cytoscape.LayoutOptions).run();
  const out = positionsOf(cy);
  cy.destroy();
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
