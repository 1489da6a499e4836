/**
 * What the graph shows at one step, derived from the read-only step view: per node a label line
 * (state or state counts, tokens processed, held or collected), whether it acted, and per edge the
 * tokens waiting on it. Pure functions over plain data: the Nodes table, the graph and the tests all
 * use the same derivation.
 */
import type { GraphEdge, GraphModel, GraphNode } from './model';

/** The subset of the engine's node state the view reads. */
export interface NodeStateLike {
  currentState: string | null;
  tokensProcessed: number;
  aggregates: Record<string, unknown>;
}

/** The subset of a ledger event the edge derivation reads. */
export interface StepEventLike {
  nodeId: string;
  operation: string;
  inputToken?: { id: string } | undefined;
  outputToken?: { id: string } | undefined;
  details?: Record<string, unknown> | undefined;
}

/** The read-only view of one step, as the workspace holds it. */
export interface StepView {
  step: number;
  status: string;
  nodeStates: Record<string, NodeStateLike>;
  /** Nodes that acted in this step. */
  activeNodeIds: string[];
  /** Tokens waiting on each edge (by edge id) after this step. */
  edgeWaiting: Record<string, number>;
  /** Ledger events of this step. */
  eventCount: number;
  /** Pending tasks after this step. */
  queueSize: number;
}

/** One row of the `Nodes` table (and the source of a node's label on the graph). */
export interface NodeRow {
  id: string;
  name: string;
  kind: GraphNode['kind'];
  /** FSM: its state, or `state: n` counts for per-correlation machines; else empty. */
  state: string;
  processed: number;
  /** Aggregator: buffered; ProcessNode join: waiting inputs; Sink: collected; else empty. */
  held: string;
  acted: boolean;
}

const num = (v: unknown): number => (typeof v === 'number' && isFinite(v) ? v : 0);

/** Pure. Counts per state of an FSM's aggregates, in descending order, as `state: n` pairs. */
export function stateCounts(aggregates: Record<string, unknown>): [string, number][] {
  return Object.entries(aggregates)
    .filter(([, v]) => typeof v === 'number' && v > 0)
    .map(([k, v]) => [k, v as number] as [string, number])
    .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]));
}

/** Pure. The table row of `node` given its state at the shown step (undefined: not started). */
export function nodeRow(node: GraphNode, state: NodeStateLike | undefined, acted: boolean): NodeRow {
  const agg = state?.aggregates ?? {};
  let stateText = '';
  let held = '';
  switch (node.kind) {
    case 'FSM':
      stateText = node.perCorrelation
        ? stateCounts(agg)
            .map(([k, v]) => `${k}: ${v}`)
            .join(', ')
        : (state?.currentState ?? '');
      break;
    case 'Aggregator':
      held = `${num(agg.buffered)} buffered`;
      break;
    case 'ProcessNode': {
      const waiting = agg.waiting;
      if (waiting && typeof waiting === 'object') {
        const total = Object.values(waiting as Record<string, unknown>).reduce<number>((s, v) => s + num(v), 0);
        held = `${total} waiting`;
      }
      break;
    }
    case 'Sink':
      held = `${state?.tokensProcessed ?? 0} collected`;
      break;
    case 'DataSource':
      if (typeof agg.remaining === 'number') held = `${agg.remaining} to emit`;
      break;
    case 'Multiplexer':
      break;
  }
  return {
    id: node.id,
    name: node.name,
    kind: node.kind,
    state: stateText,
    processed: state?.tokensProcessed ?? 0,
    held,
    acted,
  };
}

/** Pure. The rows of the `Nodes` table at `view` (every node of the model, in scenario order). */
export function nodeRows(model: GraphModel, view: StepView | null): NodeRow[] {
  const acted = new Set(view?.activeNodeIds ?? []);
  return model.nodes.map((n) => nodeRow(n, view?.nodeStates[n.id], acted.has(n.id)));
}

/** Pure. The second line of a node's label on the graph: state, then processed and held counts. */
export function nodeCaption(row: NodeRow): string {
  const parts: string[] = [];
  if (row.state) parts.push(row.state.length > 28 ? `${row.state.slice(0, 27)}…` : row.state);
  parts.push(row.kind === 'Sink' ? `${row.processed} collected` : `${row.processed} processed`);
  if (row.held && row.kind !== 'Sink') parts.push(row.held);
  return parts.join(' · ');
}

/**
 * Pure. Tokens waiting on each edge after a step, from the ledger events of that step: a token
 * emitted in step t is processed downstream in step t+1 (DSL.md §4), so it waits on its edge in
 * between. A routed or emitted token (`details.output` / `details.emit`) waits only on that output's
 * edge; a ProcessNode with per-output formulas records its main result first (to its plain edges)
 * and then one event per formula output, in output order; any other emission waits on every
 * outgoing edge of its node. Each token counts once per edge.
 */
export function waitingPerEdge(model: GraphModel, events: readonly StepEventLike[]): Record<string, number> {
  const out = new Map<string, GraphEdge[]>();
  for (const e of model.edges) out.set(e.source, [...(out.get(e.source) ?? []), e]);
  const counts: Record<string, number> = {};
  for (const e of model.edges) counts[e.id] = 0;
  const seen = new Set<string>();
  // Per (node, input token): how many of its emissions were seen, to walk the formula outputs.
  const emitted = new Map<string, number>();
  for (const ev of events) {
    const token = ev.outputToken?.id;
    if (!token || ev.operation === 'TOKEN_COLLECTED' || ev.operation === 'TOKEN_DROPPED') continue;
    const edges = out.get(ev.nodeId) ?? [];
    const named = ev.details?.output ?? ev.details?.emit;
    let chosen: GraphEdge[];
    if (typeof named === 'string')
      chosen = edges.filter((e) => e.output === named || (e.output === null && e.target === named));
    else if (edges.some((e) => e.formula)) {
      const plain = edges.filter((e) => !e.formula);
      const formula = edges.filter((e) => e.formula);
      const key = `${ev.nodeId}\u0000${ev.inputToken?.id ?? ''}`;
      const k = emitted.get(key) ?? 0;
      emitted.set(key, k + 1);
      // The main result exists when there are plain edges (or no formula edges at all).
      const index = plain.length > 0 ? k - 1 : k;
      chosen = index < 0 ? plain : formula.slice(index, index + 1);
    } else chosen = edges;
    for (const e of chosen) {
      const key = `${e.id}\u0000${token}`;
      if (seen.has(key)) continue;
      seen.add(key);
      counts[e.id] = (counts[e.id] ?? 0) + 1;
    }
  }
  return counts;
}

/** Pure. The node ids a highlight lights up: the acted nodes, plus a traced path's nodes in order (deduplicated). */
export function highlightSet(
  acted: readonly string[],
  path: readonly string[],
): { acted: Set<string>; path: string[] } {
  const order: string[] = [];
  for (const id of path) if (!order.includes(id)) order.push(id);
  return { acted: new Set(acted), path: order };
}

/** Pure. The edges joining consecutive nodes of a path (as edge ids present in the model). */
export function pathEdges(model: GraphModel, path: readonly string[]): string[] {
  const ids = new Set(model.edges.map((e) => e.id));
  const result: string[] = [];
  for (let i = 1; i < path.length; i++) {
    const id = `${path[i - 1]}->${path[i]}`;
    if (ids.has(id) && !result.includes(id)) result.push(id);
  }
  return result;
}
