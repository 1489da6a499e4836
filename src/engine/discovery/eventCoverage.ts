/**
 * Event coverage: before a run is fed, which of its external events the template could consume. A run
 * fed events no FSM transition takes still "completes" — every machine stuck in its first state, every
 * sink at 0 — so the ingestion screen and `flowledger check-events` compare the events with what the
 * template reads: the DataSources they target and, per FSM, whether a transition from a state
 * reachable from the initial state (along the FSM's transitions) could take each one — its trigger
 * names the event (in the FSM's `eventField`), or it has no trigger and its condition holds on the
 * token the DataSource makes of the event (evaluated by the engine's evaluator, with the variables at
 * their initial values), or it has neither. Linear: each event is read once; what a machine would do
 * with a sequence of events is the conformance replay's job (src/engine/discovery/conform.ts).
 */
import type { CompiledExpr } from '../expr';
import { caseKey, compiled, conditionScope, readBody, tokenCorrelationIds, tokenData } from './replayEvent';
import type { EventCoverage, FsmCoverage, NameCount, TransitionRef } from '../../contract/coverage';
import type { FsmSpec, FsmTransition, NodeSpec, Scenario } from '../types';

export type { EventCoverage, FsmCoverage, NameCount, TransitionRef };

/** A transition from a reachable state with no trigger and a condition: it takes the tokens its condition holds on. */
interface Guarded {
  transition: FsmTransition;
  condition: CompiledExpr;
  /** Some reaching event's token makes the condition hold. */
  holds: boolean;
}

interface FsmPlan {
  spec: FsmSpec;
  sources: Set<string>;
  reachable: Set<string>;
  listens: Set<string>;
  anyToken: boolean;
  guarded: Guarded[];
  reaching: number;
  matching: number;
  /** Names of reaching events no transition could take, with their counts. */
  names: Map<string | null, number>;
  /** Names of reaching events some transition from a reachable state listens for. */
  heard: Set<string>;
}

/** Pure: the states of `fsm` that some chain of its transitions (of any trigger) leads to from its initial state. */
function reachableStates(fsm: FsmSpec['fsm']): Set<string> {
  const out = new Map<string, string[]>();
  for (const t of fsm.transitions) out.set(t.from, [...(out.get(t.from) ?? []), t.to]);
  const seen = new Set<string>();
  if (!fsm.states.some((s) => s.name === fsm.initialState)) return seen;
  seen.add(fsm.initialState);
  const todo = [fsm.initialState];
  while (todo.length > 0)
    for (const to of out.get(todo.pop()!) ?? [])
      if (!seen.has(to)) {
        seen.add(to);
        todo.push(to);
      }
  return seen;
}

function planOf(scenario: Scenario, spec: FsmSpec): FsmPlan {
  const reachable = reachableStates(spec.fsm);
  const live = spec.fsm.transitions.filter((t) => reachable.has(t.from));
  const guarded: Guarded[] = [];
  let anyToken = false;
  for (const t of live) {
    if (t.trigger.kind !== 'any') continue;
    const condition = compiled(t.condition);
    if (condition === null) anyToken = true;
    else guarded.push({ transition: t, condition, holds: false });
  }
  return {
    spec,
    sources: new Set(upstreamDataSources(scenario, spec.nodeId)),
    reachable,
    listens: new Set(live.flatMap((t) => (t.trigger.kind === 'event' ? [t.trigger.name] : []))),
    anyToken,
    guarded,
    reaching: 0,
    matching: 0,
    names: new Map(),
    heard: new Set(),
  };
}

/**
 * Pure: whether `condition` could hold on a token of `data`, in state `from` with the FSM's initial
 * variables. A condition that calls rand() could; one that fails to evaluate does not hold (the
 * engine records an error and drops the token).
 */
function couldHold(
  condition: CompiledExpr,
  data: Record<string, unknown>,
  ids: readonly string[],
  from: string,
  vars: Record<string, unknown>,
): boolean {
  if (condition.usesRand) return true;
  const r = condition.evaluate({ scope: conditionScope(data, ids, from, vars), now: () => 0 });
  return r.ok && Boolean(r.value);
}

/** Pure: the DataSources from which tokens can reach `target` along the scenario's edges. */
function upstreamDataSources(scenario: Scenario, target: string): string[] {
  const into = new Map<string, string[]>();
  for (const e of scenario.edges) into.set(e.to, [...(into.get(e.to) ?? []), e.from]);
  const seen = new Set([target]);
  const todo = [target];
  while (todo.length > 0)
    for (const from of into.get(todo.pop()!) ?? [])
      if (!seen.has(from)) {
        seen.add(from);
        todo.push(from);
      }
  return scenario.nodes.filter((n) => n.type === 'DataSource' && seen.has(n.nodeId)).map((n) => n.nodeId);
}

/** Pure: the DataSource an event is addressed to — by `targetDataSourceId`, or by its `type` in the original tool's shape — or null. */
function targetOf(ev: Record<string, unknown>, byType: ReadonlyMap<string, string>): string | null {
  const target = ev['targetDataSourceId'];
  if (typeof target === 'string') return target;
  const type = ev['type'];
  return typeof type === 'string' ? (byType.get(type) ?? null) : null;
}

/** Pure: the name an FSM reading `field` sees in a token's data (the engine's reading: `String(data[field])`, own fields only). */
function nameOf(data: Record<string, unknown>, field: string): string | null {
  const raw = Object.hasOwn(data, field) ? data[field] : undefined;
  return raw === undefined || raw === null ? null : String(raw);
}

/** Pure: code-unit order of two names (null last), never the locale's: the report must not depend on the machine. */
function byName(a: string | null, b: string | null): number {
  if (a === b) return 0;
  if (a === null) return 1;
  if (b === null) return -1;
  return a < b ? -1 : 1;
}

function sortedCounts(counts: ReadonlyMap<string | null, number>): NameCount[] {
  return [...counts]
    .map(([name, count]) => ({ name, count }))
    .sort((a, b) => b.count - a.count || byName(a.name, b.name));
}

/**
 * Pure: how much of `events` (external events, in any order) the loaded `scenario` could consume —
 * per target DataSource, and per FSM the events a transition from a state reachable from its
 * initial state could take, the names of those none could take and the transitions no event will fire.
 */
export function eventCoverage(scenario: Scenario, events: readonly unknown[]): EventCoverage {
  const dataSources = new Set(scenario.nodes.filter((n) => n.type === 'DataSource').map((n) => n.nodeId));
  const byType = new Map<string, string>();
  /** The execution-events DataSources: the queue reads an event's `data` as their token's payload. */
  const typedSources = new Set<string>();
  for (const n of scenario.nodes as NodeSpec[])
    if (n.type === 'DataSource' && n.generation.type === 'execution-events') {
      typedSources.add(n.nodeId);
      if (!byType.has(n.generation.eventType)) byType.set(n.generation.eventType, n.nodeId);
    }
  const plans: FsmPlan[] = scenario.nodes
    .filter((n): n is FsmSpec => n.type === 'FSM')
    .map((spec) => planOf(scenario, spec));
  const targets = new Map<string | null, number>();
  let consumable = 0;
  let malformed = 0;
  for (const e of events) {
    if (e === null || typeof e !== 'object' || Array.isArray(e)) {
      malformed++;
      continue;
    }
    const ev = e as Record<string, unknown>;
    const target = targetOf(ev, byType);
    targets.set(target, (targets.get(target) ?? 0) + 1);
    if (target === null || !dataSources.has(target)) continue;
    // As the engine's queue refuses them (src/engine/run/externalQueue.ts, checkOriginal): a bad
    // correlation id, or for an execution-events source a `data` payload that is not an object. A
    // typed event's ids are its payload's, checked first; the event's own only when it has none.
    const body = typedSources.has(target) ? readBody(ev) : null;
    const key = body === null ? caseKey(ev, null) : typeof body === 'string' ? null : caseKey(body, ev);
    if (typeof key !== 'string' || typeof body === 'string') {
      malformed++;
      continue;
    }
    // The token the DataSource makes of the event (its payload for an execution-events source),
    // built once; its correlation ids only for a condition to read.
    let data: Record<string, unknown> | null = null;
    let ids: string[] | null = null;
    const dataOf = (): Record<string, unknown> => (data ??= tokenData(ev, body ?? ev, body !== null));
    const idsOf = (): string[] =>
      (ids ??= body !== null ? tokenCorrelationIds(body, ev) : tokenCorrelationIds(ev, null));
    let reachesFsm = false;
    let matched = false;
    for (const p of plans) {
      if (!p.sources.has(target)) continue;
      reachesFsm = true;
      p.reaching++;
      const name = nameOf(dataOf(), p.spec.fsm.eventField);
      const listened = name !== null && p.listens.has(name);
      if (listened) p.heard.add(name);
      let taken = p.anyToken || listened;
      // Every guarded transition is tried until it is known to hold on some event, so the report can
      // name those no event will fire; once all are known, an event already taken needs no condition.
      for (const g of p.guarded) {
        if (taken && g.holds) continue;
        if (couldHold(g.condition, dataOf(), idsOf(), g.transition.from, p.spec.fsm.variables)) {
          g.holds = true;
          taken = true;
        }
      }
      if (taken) {
        p.matching++;
        matched = true;
      } else p.names.set(name, (p.names.get(name) ?? 0) + 1);
    }
    if (matched || !reachesFsm) consumable++;
  }
  return {
    events: events.length,
    targets: [...targets]
      .map(([target, count]) => ({ target, count, known: target !== null && dataSources.has(target) }))
      .sort((a, b) => b.count - a.count || byName(a.target, b.target)),
    consumable,
    malformed,
    fsms: plans.map((p) => fsmCoverage(p)),
  };
}

function fsmCoverage(p: FsmPlan): FsmCoverage {
  const unfired: TransitionRef[] = [];
  for (const t of p.spec.fsm.transitions) {
    if (t.trigger.kind === 'timer') continue;
    const event = t.trigger.kind === 'event' ? t.trigger.name : null;
    const condition = compiled(t.condition);
    let fires: boolean;
    if (!p.reachable.has(t.from)) fires = false;
    else if (event !== null) fires = p.heard.has(event);
    else if (condition === null) fires = p.reaching > 0;
    else fires = p.guarded.some((g) => g.transition === t && g.holds);
    if (fires) continue;
    const ref: TransitionRef = { from: t.from, to: t.to, event };
    if (event === null && condition !== null) ref.condition = t.condition!;
    unfired.push(ref);
  }
  return {
    fsm: p.spec.nodeId,
    label: p.spec.displayName ?? p.spec.nodeId,
    eventField: p.spec.fsm.eventField,
    initialState: p.spec.fsm.initialState,
    unreachable: p.spec.fsm.states.filter((s) => !p.reachable.has(s.name)).map((s) => s.name),
    dataSources: [...p.sources],
    listens: [...p.listens],
    anyToken: p.anyToken,
    reaching: p.reaching,
    matching: p.matching,
    unmatched: sortedCounts(p.names),
    unfired,
  };
}
