/**
 * The graph of a scenario as the workspace draws it: nodes (id, kind, display name, DSL position)
 * and edges, one per connected pair. Made from the ENGINE's normalised graph (`getGraph`, the
 * gesture operations' answers, a validation's `graph`): the engine resolves the edges (DSL.md §2), so
 * nothing here reads a scenario's `outputs` or `inputs` (tests/unit/architecture/edges.test.ts).
 * Pure data; nothing here touches the DOM.
 */
import type { ScenarioGraph } from '../../../contract/queries';
import type { NodeKind } from '../../../contract/vocabulary';

export type { NodeKind };

export interface GraphNode {
  id: string;
  kind: NodeKind;
  name: string;
  description: string;
  /** From the DSL's `position`, when every node has one; else null and the controller lays out. */
  position: { x: number; y: number } | null;
  /** FSM only: one machine per correlation id (counts per state) rather than one for the node. */
  perCorrelation: boolean;
}

export interface GraphEdge {
  /** `source->target`, unique. */
  id: string;
  source: string;
  target: string;
  /** The source's output name, if it has one. */
  output: string | null;
  /** The output computes its own token (a ProcessNode's per-output `formula`). */
  formula: boolean;
}

export interface GraphModel {
  nodes: GraphNode[];
  edges: GraphEdge[];
}

/**
 * Pure. The drawable graph of the engine's graph `graph`: its nodes in order, and one edge per
 * connected pair (`source->target`), named by the first of its edges that has an output name.
 */
export function graphModel(graph: Pick<ScenarioGraph, 'nodes' | 'edges'>): GraphModel {
  const nodes: GraphNode[] = graph.nodes.map((n) => ({
    id: n.nodeId,
    kind: n.kind,
    name: n.displayName,
    description: n.description ?? '',
    position: n.position ? { x: n.position.x, y: n.position.y } : null,
    perCorrelation: n.kind === 'FSM' && n.perCorrelation === true,
  }));
  // Positions are used only when every node has one: a half-placed graph would pile the rest at 0,0.
  if (nodes.some((n) => n.position === null)) for (const n of nodes) n.position = null;
  const kinds = new Map(nodes.map((n) => [n.id, n.kind]));
  const edges: GraphEdge[] = [];
  const seen = new Map<string, GraphEdge>();
  for (const e of graph.edges) {
    if (!kinds.has(e.from) || !kinds.has(e.to)) continue;
    const id = `${e.from}->${e.to}`;
    const output = e.outputName ?? null;
    const known = seen.get(id);
    if (known) {
      if (known.output === null) known.output = output;
      continue;
    }
    const edge: GraphEdge = {
      id,
      source: e.from,
      target: e.to,
      output,
      formula: kinds.get(e.from) === 'ProcessNode' && typeof e.formula === 'string' && e.formula !== '',
    };
    seen.set(id, edge);
    edges.push(edge);
  }
  return { nodes, edges };
}
