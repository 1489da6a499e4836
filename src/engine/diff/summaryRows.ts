/**
 * The summary part of a ledger comparison, built from the two sides' tallies once both ledgers are
 * read: one row per node (matched by id), per Sink and per FSM state, each with both sides and the
 * delta `b − a`, and the nodes only one side has. When both runs' scenarios are known, a node only
 * in `a` and one only in `b` of the same kind, taken in order, read as a rename (a guess: ids are
 * the only identity a node has). From ledger files alone a node is known by its events, so "added"
 * and "removed" mean "acted only in b" and "acted only in a", and no rename is guessed.
 */
import type { FsmStateDiffRow, NodeChanges, NodeDiffRow, SinkDiffRow } from '../../contract/diff';
import type { NodeTally, RunTally } from './runTally';

export interface SummaryRows {
  nodes: NodeDiffRow[];
  sinks: SinkDiffRow[];
  fsm: FsmStateDiffRow[];
  nodeChanges: NodeChanges;
}

/** Pure: the rows of two tallies; nodes in `a`'s order, then those only `b` has in `b`'s order. */
export function summaryRows(a: RunTally, b: RunTally): SummaryRows {
  const ids = [...a.nodes.keys(), ...[...b.nodes.keys()].filter((id) => !a.nodes.has(id))];
  const nodes: NodeDiffRow[] = [];
  const sinks: SinkDiffRow[] = [];
  const fsm: FsmStateDiffRow[] = [];
  for (const nodeId of ids) {
    const na = a.nodes.get(nodeId);
    const nb = b.nodes.get(nodeId);
    const nodeType = (na ?? nb)!.nodeType;
    nodes.push({
      nodeId,
      nodeType,
      a: na ? na.events : null,
      b: nb ? nb.events : null,
      delta: (nb?.events ?? 0) - (na?.events ?? 0),
    });
    if (na?.sink || nb?.sink) sinks.push(sinkRow(nodeId, na, nb));
    if (na?.states || nb?.states) fsm.push(...stateRows(nodeId, na, nb));
  }
  return { nodes, sinks, fsm, nodeChanges: nodeChanges(a, b) };
}

function sinkRow(sinkId: string, na: NodeTally | undefined, nb: NodeTally | undefined): SinkDiffRow {
  const sa = na?.sink ?? null;
  const sb = nb?.sink ?? null;
  return {
    sinkId,
    a: sa,
    b: sb,
    delta: { count: (sb?.count ?? 0) - (sa?.count ?? 0), sum: (sb?.sum ?? 0) - (sa?.sum ?? 0) },
  };
}

function stateRows(nodeId: string, na: NodeTally | undefined, nb: NodeTally | undefined): FsmStateDiffRow[] {
  const sa = na?.states ?? new Map<string, number>();
  const sb = nb?.states ?? new Map<string, number>();
  const states = [...sa.keys(), ...[...sb.keys()].filter((s) => !sa.has(s))];
  return states.map((state) => {
    const ca = sa.get(state) ?? 0;
    const cb = sb.get(state) ?? 0;
    return { nodeId, state, a: ca, b: cb, delta: cb - ca };
  });
}

/** Pure: nodes only in `b` (added), only in `a` (removed), and — both sides declared — the pairs of those read as renames. */
export function nodeChanges(a: RunTally, b: RunTally): NodeChanges {
  const removed = [...a.nodes.keys()].filter((id) => !b.nodes.has(id));
  const added = [...b.nodes.keys()].filter((id) => !a.nodes.has(id));
  const renamed: NodeChanges['renamed'] = [];
  if (!a.declared || !b.declared) return { added, removed, renamed };
  // Added nodes waiting for a partner, per kind, last first: each removed node pops the first one.
  const waiting = new Map<string, string[]>();
  for (const id of added) {
    const nodeType = b.nodes.get(id)!.nodeType;
    const queue = waiting.get(nodeType);
    if (queue) queue.push(id);
    else waiting.set(nodeType, [id]);
  }
  for (const queue of waiting.values()) queue.reverse();
  const pairedAdded = new Set<string>();
  const pairedRemoved = new Set<string>();
  for (const from of removed) {
    const nodeType = a.nodes.get(from)!.nodeType;
    const to = waiting.get(nodeType)?.pop();
    if (to === undefined) continue;
    pairedAdded.add(to);
    pairedRemoved.add(from);
    renamed.push({ a: from, b: to, nodeType });
  }
  return {
    added: added.filter((id) => !pairedAdded.has(id)),
    removed: removed.filter((id) => !pairedRemoved.has(id)),
    renamed,
  };
}
