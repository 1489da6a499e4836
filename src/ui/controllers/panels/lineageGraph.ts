/**
 * The lineage of a correlation id as a small directed graph, the way it happened (NiFi's provenance
 * graph is the model): one box per node's action on a token — the operations one node wrote in one
 * step from the same consumed tokens are one box (a ProcessNode's per-output formulas, an FSM's
 * transition and emission) — and an arrow from the box that made (or last held) a token to each
 * box that consumed it. So a token sent down two edges, or a node making two tokens for two
 * outputs, forks into two branches, and a merge joins several. Laid out in layers: an operation sits one layer
 * after the latest of its parents, lanes ordered by their parents' lanes, then by ledger order.
 * Pure functions over plain ledger events.
 */

/** The subset of a ledger event the graph reads. */
export interface LineageEventLike {
  seq: number;
  step: number;
  nodeId: string;
  operation: string;
  inputToken?: { id: string } | undefined;
  outputToken?: { id: string } | undefined;
  inputTokens?: readonly string[] | undefined;
}

export interface LineageGraphNode {
  /** The first operation's seq: the box's id. */
  seq: number;
  /** Every operation of the box, in ledger order. */
  seqs: number[];
  step: number;
  nodeId: string;
  /** The box's operations, in ledger order (repeats kept). */
  operations: string[];
  /** Column (0 = the roots). */
  layer: number;
  /** Row within the column. */
  lane: number;
  parents: number[];
  children: number[];
  /** Its children are at two or more different nodes: the token went down several branches. */
  fork: boolean;
  /** It consumed tokens from two or more operations of the graph. */
  join: boolean;
}

export interface LineageGraph {
  nodes: LineageGraphNode[];
  edges: { from: number; to: number }[];
  layers: number;
  lanes: number;
}

/** Pure: the tokens event `e` consumed (its input token and a merge's consumed tokens), without repeats. */
function consumed(e: LineageEventLike): string[] {
  const out: string[] = [];
  if (e.inputToken) out.push(e.inputToken.id);
  for (const t of e.inputTokens ?? []) if (!out.includes(t)) out.push(t);
  return out;
}

/**
 * Pure: the graph of `events` (in ledger order). A consumed token's parent is the operation of the
 * same node that last held it without passing it on (a buffer, a join waiting), else the operation
 * that made it; tokens made outside the traced events give no edge.
 */
export function lineageGraph(events: readonly LineageEventLike[]): LineageGraph {
  const sorted = [...events].sort((a, b) => a.seq - b.seq);
  const made = new Map<string, number>();
  const held = new Map<string, number>();
  const bySeq = new Map<number, LineageGraphNode>();
  const groups = new Map<string, LineageGraphNode>();
  const edges: { from: number; to: number }[] = [];
  for (const e of sorted) {
    const tokens = consumed(e);
    const groupKey =
      e.outputToken && tokens.length > 0 ? `${e.nodeId}\u0000${e.step}\u0000${[...tokens].sort().join(',')}` : null;
    const group = groupKey === null ? undefined : groups.get(groupKey);
    if (group) {
      group.seqs.push(e.seq);
      group.operations.push(e.operation);
      made.set(e.outputToken!.id, group.seq);
      continue;
    }
    const parents: number[] = [];
    for (const t of tokens) {
      const p = held.get(`${e.nodeId}\u0000${t}`) ?? made.get(t);
      if (p !== undefined && !parents.includes(p)) parents.push(p);
    }
    const layer = parents.reduce((m, p) => Math.max(m, bySeq.get(p)!.layer + 1), 0);
    const node: LineageGraphNode = {
      seq: e.seq,
      seqs: [e.seq],
      step: e.step,
      nodeId: e.nodeId,
      operations: [e.operation],
      layer,
      lane: 0,
      parents,
      children: [],
      fork: false,
      join: parents.length > 1,
    };
    bySeq.set(e.seq, node);
    if (groupKey !== null) groups.set(groupKey, node);
    for (const p of parents) {
      bySeq.get(p)!.children.push(e.seq);
      edges.push({ from: p, to: e.seq });
    }
    if (e.outputToken) made.set(e.outputToken.id, e.seq);
    else for (const t of tokens) held.set(`${e.nodeId}\u0000${t}`, e.seq);
  }
  const nodes = [...bySeq.values()];
  for (const n of nodes) n.fork = new Set(n.children.map((c) => bySeq.get(c)!.nodeId)).size > 1;
  // Lanes: each column ordered by the mean lane of its parents, then by ledger order.
  const layers = nodes.reduce((m, n) => Math.max(m, n.layer + 1), 0);
  let lanes = 0;
  for (let l = 0; l < layers; l++) {
    const column = nodes.filter((n) => n.layer === l);
    const key = (n: LineageGraphNode) =>
      n.parents.length === 0 ? -1 : n.parents.reduce((s, p) => s + bySeq.get(p)!.lane, 0) / n.parents.length;
    column.sort((a, b) => key(a) - key(b) || a.seq - b.seq);
    column.forEach((n, i) => (n.lane = i));
    lanes = Math.max(lanes, column.length);
  }
  return { nodes, edges, layers, lanes };
}

/** Pure: the node ids of each fork's branches, by the fork's seq (what the list marks). */
export function forkBranches(graph: LineageGraph): Map<number, string[]> {
  const bySeq = new Map(graph.nodes.map((n) => [n.seq, n] as const));
  const out = new Map<number, string[]>();
  for (const n of graph.nodes) {
    if (!n.fork) continue;
    const ids: string[] = [];
    for (const c of n.children) {
      const id = bySeq.get(c)!.nodeId;
      if (!ids.includes(id)) ids.push(id);
    }
    out.set(n.seq, ids);
  }
  return out;
}
