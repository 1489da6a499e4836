/**
 * Whether a template's result can be split by correlation id: run as N shards, each keeping only
 * the events of its ids, and merged back into the very ledger a single run writes (docs/scale.md).
 * That holds when every node treats each correlation id on its own — its state keyed by the id, no
 * choice that depends on other ids' tokens, no shared random stream, nothing timed by the end of
 * the whole run — so the analysis is conservative: any node it cannot prove so is named, with why.
 */
import { formulaReads, type TokenName } from './formulaReads';
import type { AggregatorSpec, Edge, FsmSpec, MultiplexerSpec, NodeSpec, ProcessNodeSpec, Scenario } from '../types';

/** A node that prevents sharding, and why. */
export interface ShardBlocker {
  nodeId: string;
  reason: string;
}

export interface Shardability {
  shardable: boolean;
  /** Empty when shardable; otherwise every reason of every node, in node order. */
  blockers: ShardBlocker[];
}

/** Pure: whether `scenario` (a loaded template) can be sharded by correlation id, and if not the nodes that prevent it. */
export function shardability(scenario: Scenario): Shardability {
  const blockers: ShardBlocker[] = [];
  const byId = new Map(scenario.nodes.map((n) => [n.nodeId, n]));
  const edgesFrom = (id: string) => scenario.edges.filter((e) => e.from === id);
  for (const node of scenario.nodes) {
    const edges = edgesFrom(node.nodeId);
    for (const reason of nodeReasons(node)) blockers.push({ nodeId: node.nodeId, reason });
    for (const reason of expressionReasons(node, edges)) blockers.push({ nodeId: node.nodeId, reason });
    // Two nodes that output the same token in one step: the order keys (orderKeys.ts, deliveryKeys.ts)
    // place a delivery by the token's last output of the step before, so they cannot tell which of
    // the two sent it to the node that receives it, and another id's delivery there can be misplaced.
    const passing = sameTokenEdges(node, edges).filter((e) => passesOn(byId.get(e.to)!, edgesFrom(e.to)));
    if (passing.length >= 2)
      blockers.push({
        nodeId: node.nodeId,
        reason: `sends one token to ${[...new Set(passing.map((e) => `"${e.to}"`))].join(', ')}, which pass it on unchanged in the same step: the merge cannot tell which of them sent it on (not supported by sharding yet)`,
      });
  }
  return { shardable: blockers.length === 0, blockers };
}

/** Pure: the largest set of `node`'s edges that one token can go along (a formula output makes a token of its own; a Multiplexer other than broadcast routes a token to one output). */
function sameTokenEdges(node: NodeSpec, edges: readonly Edge[]): Edge[] {
  if (node.type === 'ProcessNode') return edges.filter((e) => !e.formula?.trim());
  if (node.type !== 'Multiplexer' || node.multiplexing.strategy === 'broadcast') return [...edges];
  const byOutput = new Map<number | undefined, Edge[]>();
  for (const e of edges) byOutput.set(e.outputIndex, [...(byOutput.get(e.outputIndex) ?? []), e]);
  return [...byOutput.values()].reduce((a, b) => (b.length > a.length ? b : a), []);
}

/** Pure: whether `node` writes a delivered token as its own output, unchanged (processNode.ts:146–150, multiplexer.ts:183). */
function passesOn(node: NodeSpec, edges: readonly Edge[]): boolean {
  if (node.type === 'Multiplexer') return true;
  if (node.type !== 'ProcessNode' || node.formula?.trim() || Object.keys(node.transform ?? {}).length > 0) return false;
  // With only formula outputs, each output gets a token of its own and the delivered one goes nowhere.
  const plain = edges.filter((e) => !e.formula?.trim()).length;
  return plain > 0 || plain === edges.length;
}

/** Pure: what in `node`'s own behaviour mixes correlation ids. */
function nodeReasons(node: NodeSpec): string[] {
  switch (node.type) {
    case 'DataSource':
      if (node.generation.type === 'execution-events')
        return ["reads the original tool's events (execution-events), whose correlation ids are not sharded"];
      return node.count > 0
        ? [`generates ${node.count} token(s) of its own, numbered across the whole run and carrying no session's id`]
        : [];
    case 'FSM':
      return fsmReasons(node);
    case 'Aggregator':
      return aggregatorReasons(node);
    case 'Multiplexer':
      return multiplexerReasons(node);
    case 'ProcessNode':
      return processReasons(node);
    case 'Sink':
      return [];
  }
}

function fsmReasons(node: FsmSpec): string[] {
  const out: string[] = [];
  if (node.fsm.instancePer !== 'correlationId')
    out.push('keeps one machine for the whole node, so every correlation id moves the same state');
  if (node.fsm.transitions.some((t) => t.trigger.kind === 'timer'))
    out.push(
      "has timer transitions: timers of different ids firing in one step are ordered by the machines' creation across all ids (not supported by sharding yet)",
    );
  if (node.fsm.transitions.some((t) => t.weight !== undefined && t.trigger.kind !== 'timer'))
    out.push('chooses weighted transitions by a draw from one random stream shared by every correlation id');
  return out;
}

function aggregatorReasons(node: AggregatorSpec): string[] {
  const a = node.aggregation;
  const out: string[] = [];
  if (a.groupBy !== 'correlationId')
    out.push(
      a.groupBy === undefined || a.groupBy === ''
        ? 'aggregates tokens of every correlation id together (no groupBy)'
        : `groups by "${a.groupBy}", which mixes correlation ids (group by correlationId instead)`,
    );
  if (a.trigger === null) out.push('flushes only at the end of the run, whose step depends on every id');
  else if (a.trigger.type === 'time')
    out.push('flushes every group at once on a timer, in an order set across ids (not supported by sharding yet)');
  if (a.trigger !== null && a.flushOnEnd)
    out.push('flushes partial buffers at the end of the run (flushOnEnd), whose step depends on every id');
  if (node.capacity !== undefined) out.push('its capacity is shared by the groups of every correlation id');
  return out;
}

function multiplexerReasons(node: MultiplexerSpec): string[] {
  switch (node.multiplexing.strategy) {
    case 'round_robin':
      return ["routes round-robin: each token's output depends on how many tokens of other ids came before"];
    case 'random':
    case 'weighted':
      return [`routes by a ${node.multiplexing.strategy} draw from one random stream shared by every correlation id`];
    default:
      return [];
  }
}

function processReasons(node: ProcessNodeSpec): string[] {
  const required = node.inputs.filter((i) => i.required);
  return required.length >= 2
    ? ['joins its required inputs in arrival order, pairing tokens of different correlation ids']
    : [];
}

/**
 * Pure: what the node's expressions (and its edges' formulas) do that is not proved per correlation
 * id: a random draw (once for the node), then each refused use of a token, in source order, once
 * each (formulaReads.ts).
 */
function expressionReasons(node: NodeSpec, edges: readonly Edge[]): string[] {
  const names: TokenName[] = node.type === 'Aggregator' ? ['tokens'] : ['token'];
  const reads = [
    ...expressionsOf(node).map((s) => formulaReads(s, names)),
    // An output formula is evaluated over its ProcessNode's scope, which binds `token`.
    ...edges.flatMap((e) => (e.formula?.trim() ? [formulaReads(e.formula, ['token'])] : [])),
  ];
  const out: string[] = [];
  if (reads.some((r) => r.random))
    out.push("draws random numbers (rand()) from the node's one stream, shared by every correlation id");
  for (const r of reads) for (const reason of r.refused) if (!out.includes(reason)) out.push(reason);
  return out;
}

/** Pure: the expression texts of a node. */
function expressionsOf(node: NodeSpec): string[] {
  switch (node.type) {
    case 'FSM': {
      const out: string[] = [];
      for (const s of node.fsm.states)
        for (const a of [...s.onEntry, ...s.onExit]) if ('formula' in a && a.formula) out.push(a.formula);
      for (const t of node.fsm.transitions) if (t.condition?.trim()) out.push(t.condition);
      return out;
    }
    case 'ProcessNode':
      return [...(node.formula?.trim() ? [node.formula] : []), ...Object.values(node.transform ?? {})];
    case 'Multiplexer':
      return (node.multiplexing.conditions ?? []).filter((c) => c.trim() !== '');
    case 'Aggregator':
      return node.aggregation.method === 'formula' && node.aggregation.formula?.trim()
        ? [node.aggregation.formula]
        : [];
    default:
      return [];
  }
}
