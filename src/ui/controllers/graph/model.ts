/**
 * The graph of a scenario as the workspace draws it: nodes (id, kind, display name, DSL position)
 * and edges (the union of `outputs` and `inputs`, de-duplicated as DSL.md §2 says). Pure data, read
 * from the scenario object a template or execution carries; nothing here touches the DOM.
 */
import { nodeKindOf, type NodeKind } from '../../../contract/vocabulary';

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

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => v !== null && typeof v === 'object' && !Array.isArray(v);
const str = (v: unknown): string | null => (typeof v === 'string' && v !== '' ? v : null);

/** Pure. The drawable graph of `scenario` (an already validated DSL scenario); unknown kinds are skipped. */
export function graphFromScenario(scenario: unknown): GraphModel {
  const rawNodes = isObj(scenario) && Array.isArray(scenario.nodes) ? scenario.nodes : [];
  const nodes: GraphNode[] = [];
  const ids = new Set<string>();
  for (const raw of rawNodes) {
    if (!isObj(raw)) continue;
    const id = str(raw.nodeId) ?? str(raw.id);
    const kind = nodeKindOf(raw.type);
    if (!id || !kind || ids.has(id)) continue;
    ids.add(id);
    const pos = isObj(raw.position) ? raw.position : null;
    const fsm = isObj(raw.fsm) ? raw.fsm : null;
    nodes.push({
      id,
      kind,
      name: str(raw.displayName) ?? str(raw.name) ?? id,
      description: str(raw.description) ?? '',
      position:
        pos && typeof pos.x === 'number' && typeof pos.y === 'number' && isFinite(pos.x) && isFinite(pos.y)
          ? { x: pos.x, y: pos.y }
          : null,
      perCorrelation: kind === 'FSM' && fsm?.instancePer === 'correlationId',
    });
  }
  // Positions are used only when every node has one: a half-placed graph would pile the rest at 0,0.
  if (nodes.some((n) => n.position === null)) for (const n of nodes) n.position = null;

  const edges: GraphEdge[] = [];
  const seen = new Map<string, GraphEdge>();
  const add = (source: string, target: string, output: string | null, formula = false) => {
    if (!ids.has(source) || !ids.has(target)) return;
    const id = `${source}->${target}`;
    const known = seen.get(id);
    if (known) {
      if (known.output === null) known.output = output;
      return;
    }
    const edge = { id, source, target, output, formula };
    seen.set(id, edge);
    edges.push(edge);
  };
  for (const raw of rawNodes) {
    if (!isObj(raw)) continue;
    const id = str(raw.nodeId) ?? str(raw.id);
    if (!id) continue;
    for (const out of Array.isArray(raw.outputs) ? raw.outputs : [])
      if (isObj(out) && str(out.destinationNodeId))
        add(
          id,
          out.destinationNodeId as string,
          str(out.name),
          raw.type === 'ProcessNode' && str(out.formula) !== null,
        );
    for (const inp of Array.isArray(raw.inputs) ? raw.inputs : [])
      if (isObj(inp) && str(inp.nodeId)) add(inp.nodeId as string, id, null);
  }
  return { nodes, edges };
}
