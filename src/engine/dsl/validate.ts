/**
 * Semantic checks across a whole scenario, after every node has been read and normalised: unique
 * ids, what each node kind requires (validateKinds.ts), joins, edges a node kind cannot have,
 * expressions, and the graph's shape (nodes no DataSource reaches, nodes whose tokens go nowhere,
 * cycles that multiply tokens).
 * Every issue is collected; nothing stops at the first.
 */
import type { NodeSpec } from '../types';
import { DSL_LIMITS } from './defaults';
import type { EdgeDraft } from './edges';
import { checkExpressions, EXPRESSION_SCOPES, joinBindings } from './expressions';
import { IssueList, listOf, pointer, showValue } from './issues';
import type { NodeEntry } from './readNode';
import { present, type ExprSite } from './sites';
import {
  validateAggregator,
  validateDataSource,
  validateFsm,
  validateMultiplexer,
  validateTimers,
} from './validateKinds';

/** A node as the loader holds it: what was read, and (when it parsed) its spec and expressions. */
export interface LoadedNode {
  entry: NodeEntry;
  spec: NodeSpec | null;
  expressions: ExprSite[];
}

/**
 * Not pure (records issues). `nodesPath` is the pointer of the `nodes` array; `maxEvents` is the
 * scenario's bound on events (named in the warning about cycles that multiply tokens).
 */
export function validateScenario(
  nodes: readonly LoadedNode[],
  edges: readonly EdgeDraft[],
  nodesPath: string,
  maxEvents: number,
  issues: IssueList,
): void {
  const index = indexEdges(edges);
  checkUniqueIds(nodes, issues);
  checkStateNames(nodes, issues);
  for (const node of nodes) {
    checkSinkOutputs(node.entry, issues);
    if (node.spec) checkNode(node, index, issues);
  }
  checkGraph(nodes, index, nodesPath, issues);
  checkMultiplyingCycles(nodes, edges, index, maxEvents, issues);
}

/** The edges out of and into each node id, in edge order: built once, so every check is linear in edges. */
interface EdgeIndex {
  from: Map<string, EdgeDraft[]>;
  to: Map<string, EdgeDraft[]>;
}

const NO_EDGES: readonly EdgeDraft[] = [];

/** Pure: `edges` grouped by source and by destination. */
function indexEdges(edges: readonly EdgeDraft[]): EdgeIndex {
  const from = new Map<string, EdgeDraft[]>();
  const to = new Map<string, EdgeDraft[]>();
  for (const e of edges) {
    let out = from.get(e.from);
    if (out === undefined) from.set(e.from, (out = []));
    out.push(e);
    let into = to.get(e.to);
    if (into === undefined) to.set(e.to, (into = []));
    into.push(e);
  }
  return { from, to };
}

function checkUniqueIds(nodes: readonly LoadedNode[], issues: IssueList): void {
  const first = new Map<string, string>();
  let all: Set<string> | null = null;
  /** An id like `id` that no node has: `id-2`, `id-3`, … (ids end in letters, digits, `_` or `-`). */
  const freeId = (id: string): string => {
    all ??= new Set(nodes.flatMap(({ entry }) => (entry.nodeId === undefined ? [] : [entry.nodeId])));
    let n = 2;
    while (all.has(`${id}-${n}`)) n++;
    const free = `${id}-${n}`;
    all.add(free);
    return free;
  };
  for (const { entry } of nodes) {
    if (entry.nodeId === undefined) continue;
    const earlier = first.get(entry.nodeId);
    if (earlier === undefined) first.set(entry.nodeId, entry.path);
    else
      issues.error(
        entry.idPath,
        `node id ${showValue(entry.nodeId)} is already used by ${earlier}; node ids must be unique (a free one: ${JSON.stringify(freeId(entry.nodeId))})`,
      );
  }
}

/**
 * The ledger's bound on state names (DSL_LIMITS.maxStateNames): it holds for the run, so it counts
 * the distinct names of every FSM together. Reported once, at the states of the FSM that passes it.
 */
function checkStateNames(nodes: readonly LoadedNode[], issues: IssueList): void {
  const names = new Set<string>();
  let passedAt: string | null = null;
  for (const { spec } of nodes) {
    if (spec?.type !== 'FSM') continue;
    for (const s of spec.fsm.states) names.add(s.name);
    if (passedAt === null && names.size > DSL_LIMITS.maxStateNames) passedAt = pointer(spec.path, 'fsm', 'states');
  }
  if (passedAt === null) return;
  const fmt = (n: number) => n.toLocaleString('en-US');
  issues.error(
    passedAt,
    `the scenario's FSMs name ${fmt(names.size)} distinct states (this FSM's included); a scenario names at most ${fmt(DSL_LIMITS.maxStateNames)}, all FSMs together (docs/limits.md)`,
  );
}

function checkSinkOutputs(entry: NodeEntry, issues: IssueList): void {
  if (entry.kind !== 'Sink' || entry.outputs.length === 0) return;
  const n = entry.outputs.length;
  issues.error(
    pointer(entry.path, 'outputs'),
    `a Sink collects tokens and has no outputs; remove its ${n} output${n === 1 ? '' : 's'}`,
  );
}

function checkNode(node: LoadedNode, index: EdgeIndex, issues: IssueList): void {
  const spec = node.spec!;
  const parsed = node.entry.parsed!;
  switch (parsed.kind) {
    case 'DataSource':
      if (spec.type === 'DataSource') validateDataSource(spec, parsed.node, issues);
      break;
    case 'FSM':
      if (spec.type === 'FSM') validateFsm(spec, issues);
      validateTimers(parsed.node.fsm.transitions ?? [], pointer(spec.path, 'fsm'), issues);
      break;
    case 'Aggregator':
      if (spec.type === 'Aggregator') validateAggregator(spec, issues);
      break;
    case 'Multiplexer':
      if (spec.type === 'Multiplexer') validateMultiplexer(spec, parsed.node.multiplexing.defaultOutput, issues);
      for (const e of index.from.get(spec.nodeId) ?? NO_EDGES) {
        if (e.outputIndex === undefined) {
          issues.error(
            pointer(e.declaredAt, 'nodeId'),
            `Multiplexer ${showValue(spec.nodeId)} routes only along its own "outputs"; declare this edge there so strategies can address it`,
          );
        }
      }
      break;
    case 'ProcessNode':
      checkJoin(spec, index.to.get(spec.nodeId) ?? NO_EDGES, issues);
      break;
    case 'Sink':
      break;
  }
  checkExpressions(node.expressions, spec, issues);
}

/** Joins (DSL.md §5.2): every required input is bound to a distinct name and fed by an edge (`incoming`: the node's). */
function checkJoin(spec: NodeSpec, incoming: readonly EdgeDraft[], issues: IssueList): void {
  const required = spec.inputs.flatMap((input, k) => (input.required ? [k] : []));
  if (required.length < 2) return;
  const bindings = joinBindings(spec);
  const reserved = EXPRESSION_SCOPES.process;
  const firstAt = new Map<string, string>();
  for (const k of required) {
    const at = pointer(spec.path, 'inputs', k);
    const b = bindings.find((x) => x.input === k);
    if (!b) {
      issues.error(at, `a joined input needs an "alias", a "name" or a "nodeId" to be bound to`);
      continue;
    }
    const bAt = pointer(at, b.field);
    if (reserved.includes(b.name) || /^input\d+$/.test(b.name)) {
      issues.error(
        bAt,
        `join binding ${showValue(b.name)} hides the built-in name ${showValue(b.name)}; choose another "alias"`,
      );
    }
    const earlier = firstAt.get(b.name);
    if (earlier !== undefined) {
      issues.error(
        bAt,
        `join binding ${showValue(b.name)} is already the binding of ${earlier}; give each joined input its own "alias"`,
      );
    } else firstAt.set(b.name, at);
  }
  for (const k of required) {
    if (!incoming.some((e) => e.inputIndex === k)) {
      const label = spec.inputs[k]!.name ?? spec.inputs[k]!.alias ?? String(k);
      issues.error(
        pointer(spec.path, 'inputs', k),
        `required input ${showValue(label)} is not fed by any edge, so the join never fires`,
      );
    }
  }
  const names = spec.inputs.flatMap((i) => (i.name === undefined ? [] : [i.name]));
  for (const e of incoming) {
    if (e.inputIndex !== undefined) continue;
    issues.error(
      pointer(e.declaredAt, 'destinationInputName'),
      `node ${showValue(spec.nodeId)} joins its inputs; say which one this edge feeds with "destinationInputName"${names.length ? ` (${listOf(names)})` : ''}`,
    );
  }
}

/** Warnings about the graph's shape: unreachable nodes, tokens that go nowhere. */
function checkGraph(nodes: readonly LoadedNode[], index: EdgeIndex, nodesPath: string, issues: IssueList): void {
  const known = nodes.filter((n) => n.entry.nodeId !== undefined && n.entry.kind !== null);
  const sources = known.filter((n) => n.entry.kind === 'DataSource').map((n) => n.entry.nodeId!);
  if (known.length > 0 && sources.length === 0) {
    issues.warning(nodesPath, `the scenario has no DataSource, so no token is ever made`);
  }
  const next = index.from;
  const reached = new Set(sources);
  const queue = [...sources];
  for (let head = 0; head < queue.length; head++) {
    for (const { to } of next.get(queue[head]!) ?? NO_EDGES) {
      if (!reached.has(to)) {
        reached.add(to);
        queue.push(to);
      }
    }
  }
  const seen = new Set<string>();
  for (const { entry } of known) {
    const id = entry.nodeId!;
    if (seen.has(id)) continue; // a duplicate id is already an error
    seen.add(id);
    if (sources.length > 0 && !reached.has(id)) {
      issues.warning(
        entry.path,
        `node ${showValue(id)} is not reachable from any DataSource, so it never receives a token`,
      );
    }
    // Outputs that name a missing node are already errors; only a node that declares nowhere to go is warned about.
    const declaresDestination = entry.outputs.some((o) => present(o.destinationNodeId));
    if (entry.kind !== 'Sink' && !next.has(id) && !declaresDestination) {
      const what = entry.kind === 'DataSource' ? 'DataSource' : entry.kind;
      issues.warning(
        entry.path,
        `${what} ${showValue(id)} has no outputs connected to another node, so its tokens go nowhere`,
      );
    }
  }
}

/**
 * Warnings about cycles that multiply tokens: a node on a cycle that sends each token along two or
 * more edges into the same cycle (its strongly connected component) puts that many copies back on
 * the cycle every lap, so the token count grows geometrically until `maxEvents` stops the run. Every
 * kind sends a token on all its edges except a Multiplexer, which does so only with `broadcast`
 * (the other strategies pick one output). One warning per such node, in document order.
 */
function checkMultiplyingCycles(
  nodes: readonly LoadedNode[],
  edges: readonly EdgeDraft[],
  index: EdgeIndex,
  maxEvents: number,
  issues: IssueList,
): void {
  const specs = new Map<string, NodeSpec>();
  for (const { spec } of nodes) if (spec && !specs.has(spec.nodeId)) specs.set(spec.nodeId, spec);
  const component = componentsOf([...specs.keys()], edges);
  for (const spec of specs.values()) {
    if (spec.type === 'Multiplexer' && spec.multiplexing.strategy !== 'broadcast') continue;
    const own = component.get(spec.nodeId);
    let back = 0;
    for (const e of index.from.get(spec.nodeId) ?? NO_EDGES) if (component.get(e.to) === own) back++;
    if (back < 2) continue;
    const bound = `the run will stop at maxEvents (${maxEvents})`;
    const growth = back === 2 ? 'tokens double every lap' : `tokens multiply by ${back} every lap`;
    issues.warning(
      spec.path,
      spec.type === 'Multiplexer'
        ? `${showValue(spec.nodeId)} is on a cycle through a broadcast: ${growth}; ${bound}`
        : `${showValue(spec.nodeId)} sends each token along ${back} edges of the same cycle: ${growth}; ${bound}`,
    );
  }
}

/**
 * Pure: the strongly connected component of every node of `ids` (Tarjan's algorithm, iterative, in
 * the order given), as a component number per node id. Edges to ids not listed are ignored.
 */
function componentsOf(ids: readonly string[], edges: readonly EdgeDraft[]): Map<string, number> {
  const next = new Map<string, string[]>(ids.map((id) => [id, []]));
  for (const e of edges) if (next.has(e.to)) next.get(e.from)?.push(e.to);
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const onStack = new Set<string>();
  const stack: string[] = [];
  const component = new Map<string, number>();
  let counter = 0;
  let components = 0;
  for (const root of ids) {
    if (index.has(root)) continue;
    const work: Array<{ id: string; i: number }> = [{ id: root, i: 0 }];
    index.set(root, counter);
    low.set(root, counter++);
    stack.push(root);
    onStack.add(root);
    while (work.length > 0) {
      const frame = work[work.length - 1]!;
      const succ = next.get(frame.id)!;
      if (frame.i < succ.length) {
        const to = succ[frame.i++]!;
        if (!index.has(to)) {
          index.set(to, counter);
          low.set(to, counter++);
          stack.push(to);
          onStack.add(to);
          work.push({ id: to, i: 0 });
        } else if (onStack.has(to)) low.set(frame.id, Math.min(low.get(frame.id)!, index.get(to)!));
        continue;
      }
      work.pop();
      const parent = work[work.length - 1];
      if (parent) low.set(parent.id, Math.min(low.get(parent.id)!, low.get(frame.id)!));
      if (low.get(frame.id) === index.get(frame.id)) {
        let id: string;
        do {
          id = stack.pop()!;
          onStack.delete(id);
          component.set(id, components);
        } while (id !== frame.id);
        components++;
      }
    }
  }
  return component;
}
