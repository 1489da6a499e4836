/**
 * Event coverage: before a run is fed, which of its external events the template can consume. A run
 * fed events whose names no FSM transition listens for still "completes" — every machine stuck in its
 * first state, every sink at 0 — so the ingestion screen and `flowledger check-events` compare the
 * events with what the template reads: the DataSources they target and, per FSM, the event names its
 * transitions listen for (in its `eventField`). Static and linear: names are compared, nothing is
 * replayed (conditions and states are the conformance replay's job, src/engine/mining/conform.ts).
 */
import { caseKey, readBody } from '../mining/replayEvent';
import type { EventCoverage, FsmCoverage, NameCount, TransitionRef } from '../../contract/coverage';
import type { FsmSpec, NodeSpec, Scenario } from '../types';

export type { EventCoverage, FsmCoverage, NameCount, TransitionRef };

interface FsmPlan {
  spec: FsmSpec;
  sources: Set<string>;
  listens: Set<string>;
  anyToken: boolean;
  reaching: number;
  matching: number;
  /** Names of reaching events no transition listens for, with their counts. */
  names: Map<string | null, number>;
  /** Names of reaching events some transition listens for. */
  heard: Set<string>;
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

/** Pure: the name an FSM reading `field` sees in an event (the engine's reading: `String(data[field])`). */
function nameOf(ev: Record<string, unknown>, field: string, typed: boolean): string | null {
  const body =
    typed && typeof ev['data'] === 'object' && ev['data'] !== null ? (ev['data'] as Record<string, unknown>) : ev;
  let raw = Object.hasOwn(body, field) ? body[field] : undefined;
  if (raw === undefined && typed && field === 'event') raw = ev['type'];
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
 * Pure: how much of `events` (external events, in any order) the loaded `scenario` can consume —
 * per target DataSource, and per FSM the events that match one of its transitions' triggers, the
 * names that match none and the event-name transitions no event will fire.
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
    .map((spec) => ({
      spec,
      sources: new Set(upstreamDataSources(scenario, spec.nodeId)),
      listens: new Set(spec.fsm.transitions.flatMap((t) => (t.trigger.kind === 'event' ? [t.trigger.name] : []))),
      anyToken: spec.fsm.transitions.some((t) => t.trigger.kind === 'any'),
      reaching: 0,
      matching: 0,
      names: new Map(),
      heard: new Set(),
    }));
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
    if (typeof key !== 'string') {
      malformed++;
      continue;
    }
    const typed = typeof ev['targetDataSourceId'] !== 'string';
    let reachesFsm = false;
    let matched = false;
    for (const p of plans) {
      if (!p.sources.has(target)) continue;
      reachesFsm = true;
      p.reaching++;
      const name = nameOf(ev, p.spec.fsm.eventField, typed);
      const listened = name !== null && p.listens.has(name);
      if (listened) p.heard.add(name);
      else p.names.set(name, (p.names.get(name) ?? 0) + 1);
      if (p.anyToken || listened) {
        p.matching++;
        matched = true;
      }
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
  const unfired: TransitionRef[] = p.spec.fsm.transitions.flatMap((t) =>
    t.trigger.kind === 'event' && !p.heard.has(t.trigger.name)
      ? [{ from: t.from, to: t.to, event: t.trigger.name }]
      : [],
  );
  return {
    fsm: p.spec.nodeId,
    label: p.spec.displayName ?? p.spec.nodeId,
    eventField: p.spec.fsm.eventField,
    dataSources: [...p.sources],
    listens: [...p.listens],
    anyToken: p.anyToken,
    reaching: p.reaching,
    matching: p.matching,
    unmatched: sortedCounts(p.names),
    unfired,
  };
}
