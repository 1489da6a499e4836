/**
 * The document edits behind the editor's visual tools and the library: the blank template, a node
 * skeleton of each kind with a fresh id, and the edits a drag, a palette click, a connection or a
 * deletion make — each a function from the document text to the new text (the JSON stays the single
 * source of truth; the editor applies the difference as one transaction, so one undo step). Pure.
 */
import type { NodeKind } from '../../../contract/vocabulary';

/** The palette offers every node kind (the contract's `NODE_KINDS`, in its order). */
export type PaletteKind = NodeKind;

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => v !== null && typeof v === 'object' && !Array.isArray(v);

/** Pure. The text the editor shows for a document (two-space JSON, trailing newline). */
export function formatDocument(doc: unknown): string {
  return JSON.stringify(doc, null, 2) + '\n';
}

/** Pure. The blank template: a source feeding a sink, valid as it stands. */
export function blankTemplate(): Obj {
  return {
    name: 'Untitled workflow',
    description: '',
    version: '3.0',
    scenario: {
      version: '3.0',
      seed: 1,
      tickMs: 1000,
      maxSteps: 100,
      nodes: [
        {
          nodeId: 'source',
          type: 'DataSource',
          displayName: 'Source',
          position: { x: 0, y: 0 },
          interval: 1,
          count: 10,
          generation: { type: 'sequence', start: 1, step: 1 },
          outputs: [{ destinationNodeId: 'sink' }],
        },
        { nodeId: 'sink', type: 'Sink', displayName: 'Sink', position: { x: 240, y: 0 } },
      ],
    },
  };
}

/**
 * Pure. A template document from any JSON a person brings: a Flowledger template (store fields
 * dropped), an original-V3-tool file (a template shape, kept as it is for the compat path) or a bare
 * scenario (wrapped, named after its `name` or `fallbackName`). Null when it is neither.
 */
export function toTemplateDocument(input: unknown, fallbackName: string): Obj | null {
  if (!isObj(input)) return null;
  if (isObj(input.scenario)) {
    const { id: _id, slug: _slug, createdAt: _c, updatedAt: _u, revision: _r, ...rest } = input;
    return { ...rest, name: typeof rest.name === 'string' && rest.name ? rest.name : fallbackName };
  }
  if (Array.isArray(input.nodes)) {
    const name = typeof input.name === 'string' && input.name ? input.name : fallbackName;
    const description = typeof input.description === 'string' ? input.description : '';
    return { name, description, version: '3.0', scenario: input };
  }
  return null;
}

function nodeId(n: unknown): string | null {
  if (!isObj(n)) return null;
  const id = n.nodeId ?? n.id;
  return typeof id === 'string' ? id : null;
}

/** Pure. An id not in `taken`: the kind's stem (`process`, `sink`, …) followed by the first free number. */
export function freshId(kind: PaletteKind, taken: Iterable<string>): string {
  const used = new Set(taken);
  const stem = {
    DataSource: 'source',
    ProcessNode: 'process',
    FSM: 'fsm',
    Aggregator: 'aggregate',
    Multiplexer: 'route',
    Sink: 'sink',
  }[kind];
  for (let k = 1; ; k++) if (!used.has(`${stem}${k}`)) return `${stem}${k}`;
}

/**
 * What a new ProcessNode's formula can read (docs/dsl.md, "Expressions"), kept in the node's
 * `description` so the skeleton explains itself without the docs.
 */
export const FORMULA_INPUTS =
  "Formula inputs: value (the token's data.value), data.x (field x of the token's data), " +
  'token.correlationIds (the correlationId of the order, session… it belongs to), step and time. ' +
  'A number result becomes data.value; an object result is merged into data.';

/** Pure. A node of `kind` that validates on its own (its outputs are added by connecting it). */
export function skeleton(kind: PaletteKind, id: string, position: { x: number; y: number }): Obj {
  const base = {
    nodeId: id,
    type: kind,
    displayName: id,
    position: { x: Math.round(position.x), y: Math.round(position.y) },
  };
  switch (kind) {
    case 'DataSource':
      return { ...base, interval: 1, count: 10, generation: { type: 'sequence', start: 1, step: 1 }, outputs: [] };
    case 'ProcessNode':
      return {
        ...base,
        description: FORMULA_INPUTS,
        processing: { formula: 'value' },
        outputs: [],
      };
    case 'FSM':
      return {
        ...base,
        fsm: {
          states: [
            { name: 'idle', isInitial: true },
            { name: 'done', isFinal: true },
          ],
          transitions: [{ from: 'idle', to: 'done' }],
        },
        outputs: [],
      };
    case 'Aggregator':
      return {
        ...base,
        aggregation: { method: 'sum', field: 'value', trigger: { type: 'count', window: 2 } },
        outputs: [],
      };
    case 'Multiplexer':
      return { ...base, multiplexing: { strategy: 'round_robin' }, outputs: [] };
    case 'Sink':
      return base;
  }
}

/** Parses a template document's text; null when it is not JSON or has no `scenario.nodes` array. */
function nodesOf(text: string): { doc: Obj; nodes: unknown[] } | null {
  let doc: unknown;
  try {
    doc = JSON.parse(text);
  } catch {
    return null;
  }
  if (!isObj(doc)) return null;
  const scenario = isObj(doc.scenario) ? doc.scenario : Array.isArray(doc.nodes) ? doc : null;
  if (!scenario || !Array.isArray(scenario.nodes)) return null;
  return { doc, nodes: scenario.nodes };
}

/** Pure. `text` with node `id` placed at `position` (rounded), or null when it cannot be applied. */
export function setPosition(text: string, id: string, position: { x: number; y: number }): string | null {
  const p = nodesOf(text);
  const node = p?.nodes.find((n) => nodeId(n) === id);
  if (!p || !isObj(node)) return null;
  node.position = { x: Math.round(position.x), y: Math.round(position.y) };
  return formatDocument(p.doc);
}

/** The room one node takes on the canvas, with its label below it (graph units). */
export const NODE_ROOM = { w: 170, h: 130 } as const;

/**
 * Pure. Where a new node goes: the free grid cell nearest to `near` (rings of cells around it,
 * each cell one `NODE_ROOM`), so a node added from the palette never lands on another one and can
 * be dragged and connected straight away. `taken` are the centres of the nodes already drawn.
 */
export function freeSpot(
  taken: readonly { x: number; y: number }[],
  near: { x: number; y: number },
): { x: number; y: number } {
  const clear = (c: { x: number; y: number }) =>
    taken.every((t) => Math.abs(t.x - c.x) >= NODE_ROOM.w || Math.abs(t.y - c.y) >= NODE_ROOM.h);
  for (let ring = 0; ring <= 64; ring++) {
    // The cells of one ring, nearest first (on a tie: right, then below, then left, then above).
    const cells: { x: number; y: number; d: number }[] = [];
    for (let i = -ring; i <= ring; i++)
      for (let j = -ring; j <= ring; j++) {
        if (Math.max(Math.abs(i), Math.abs(j)) !== ring) continue;
        cells.push({
          x: near.x + i * NODE_ROOM.w,
          y: near.y + j * NODE_ROOM.h,
          d: i * i + j * j - i * 2e-3 - j * 1e-3,
        });
      }
    cells.sort((a, b) => a.d - b.d);
    const hit = cells.find(clear);
    if (hit) return { x: Math.round(hit.x), y: Math.round(hit.y) };
  }
  // Beyond 64 rings every cell is taken: below everything.
  return { x: Math.round(near.x), y: Math.round(Math.max(...taken.map((t) => t.y)) + NODE_ROOM.h) };
}

/** Pure. `text` with a new `kind` node (fresh id) appended; also returns the id. */
export function addNode(
  text: string,
  kind: PaletteKind,
  position: { x: number; y: number },
): { text: string; id: string } | null {
  const p = nodesOf(text);
  if (!p) return null;
  const id = freshId(
    kind,
    p.nodes.map(nodeId).filter((x): x is string => x !== null),
  );
  p.nodes.push(skeleton(kind, id, position));
  return { text: formatDocument(p.doc), id };
}

/** Pure. `text` with an output from `from` to `to` added (null: unknown nodes, a Sink source, or already connected). */
export function connect(text: string, from: string, to: string): string | null {
  if (from === to) return null;
  const p = nodesOf(text);
  const src = p?.nodes.find((n) => nodeId(n) === from);
  if (!p || !isObj(src) || !p.nodes.some((n) => nodeId(n) === to) || src.type === 'Sink') return null;
  const outputs = Array.isArray(src.outputs) ? src.outputs : [];
  if (outputs.some((o) => isObj(o) && o.destinationNodeId === to)) return null;
  const out: Obj = { destinationNodeId: to };
  // A Multiplexer chooses among named outputs; give the new one a name of its own.
  if (src.type === 'Multiplexer') out.name = `out${outputs.length + 1}`;
  src.outputs = [...outputs, out];
  return formatDocument(p.doc);
}

/** Pure. `text` without node `id` and without every output and input that refers to it. */
export function deleteNode(text: string, id: string): string | null {
  const p = nodesOf(text);
  if (!p || !p.nodes.some((n) => nodeId(n) === id)) return null;
  const kept = p.nodes.filter((n) => nodeId(n) !== id);
  for (const n of kept) {
    if (!isObj(n)) continue;
    if (Array.isArray(n.outputs)) n.outputs = n.outputs.filter((o) => !(isObj(o) && o.destinationNodeId === id));
    if (Array.isArray(n.inputs)) n.inputs = n.inputs.filter((i) => !(isObj(i) && i.nodeId === id));
  }
  p.nodes.length = 0;
  p.nodes.push(...kept);
  return formatDocument(p.doc);
}

/** Pure. The index of node `id` in the document's node list (-1: none). */
export function nodeIndex(text: string, id: string): number {
  const p = nodesOf(text);
  return p ? p.nodes.findIndex((n) => nodeId(n) === id) : -1;
}

/** Pure. The positions the document `doc` gives its nodes (none while it does not parse). */
export function positionedNodes(doc: string): { x: number; y: number }[] {
  try {
    const nodes = (JSON.parse(doc) as { scenario?: { nodes?: unknown } }).scenario?.nodes;
    if (!Array.isArray(nodes)) return [];
    return nodes
      .map((n) => (n as { position?: { x?: unknown; y?: unknown } } | null)?.position)
      .filter((p): p is { x: number; y: number } => typeof p?.x === 'number' && typeof p?.y === 'number')
      .map((p) => ({ x: p.x, y: p.y }));
  } catch {
    return [];
  }
}

/** Pure. The document a template is exported as (and edited as): the fields a person writes. */
export function exportDocument(t: {
  name: string;
  description?: string;
  version?: string;
  scenario: Record<string, unknown>;
  referenceDoc?: string;
}): Record<string, unknown> {
  const doc: Record<string, unknown> = {
    name: t.name,
    description: t.description ?? '',
    version: t.version || '3.0',
    scenario: t.scenario,
  };
  if (t.referenceDoc) doc.referenceDoc = t.referenceDoc;
  return doc;
}

/** Pure. The id of the node that the JSON path `path` (from the text's cursor) lies inside, in `doc`; null elsewhere. */
export function nodeIdAtPath(doc: Record<string, unknown> | null, path: (string | number)[] | null): string | null {
  if (!path || path[0] !== 'scenario' || path[1] !== 'nodes' || typeof path[2] !== 'number') return null;
  const nodes = (doc?.scenario as { nodes?: unknown[] } | undefined)?.nodes;
  const n = nodes?.[path[2]] as { nodeId?: unknown; id?: unknown } | undefined;
  const id = n?.nodeId ?? n?.id;
  return typeof id === 'string' ? id : null;
}
