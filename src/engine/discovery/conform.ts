/**
 * Conformance (issue 26, item 3): events replayed against one FSM of a template, case by case, the
 * way the engine's FSM would take them — the first transition from the case's state whose trigger
 * matches and whose condition holds consumes the event, running the states' variable actions; an
 * event no transition takes leaves the state as it was and is a deviation, and so is one whose
 * condition or action formula fails to evaluate (the engine records an error and undoes the firing,
 * trying no later transition). Pure and linear: one pass,
 * one machine per case, a token's data built only when a condition or formula needs it. What the
 * replay leaves out is documented in docs/discovery.md (timers, nodes before the FSM, emit and log).
 */
import type { ConformanceReport, Deviation } from '../../contract/discovery';
import type { CompiledExpr } from '../expr';
import type { FsmAction, FsmSpec, NodeSpec, Scenario } from '../types';
import type { CaseLogProblem } from './caseLog';
import {
  caseKey,
  compiled,
  conditionScope as scope,
  NEVER,
  readBody,
  tokenCorrelationIds,
  tokenData,
} from './replayEvent';
import { countsObject } from './order';

export type ConformResult = { ok: true; report: ConformanceReport } | { ok: false; problem: CaseLogProblem };

interface Step {
  to: number;
  /** null: any token; else the event name it needs. */
  event: string | null;
  condition: CompiledExpr | null;
}

type Action =
  | { kind: 'set'; target: string; value: unknown; expr: CompiledExpr | null }
  | { kind: 'add'; target: string; by: number };

interface Machine {
  /** The case: its first correlation id ("" for an event with none, each then a machine of its own). */
  key: string;
  state: number;
  vars: Record<string, unknown> | null;
  seen: number;
  deviation: Deviation | null;
}

/** Pure: the FSM `fsmId` of `scenario`, or its first FSM; null when there is none. */
export function pickFsm(scenario: Scenario, fsmId?: string): FsmSpec | null {
  const fsm = scenario.nodes.find((n): n is FsmSpec => n.type === 'FSM' && (fsmId === undefined || n.nodeId === fsmId));
  return fsm ?? null;
}

/** Pure: the DataSources from which tokens can reach `target` along the scenario's edges. */
function sourcesOf(scenario: Scenario, target: string): NodeSpec[] {
  const into = new Map<string, string[]>();
  for (const e of scenario.edges) {
    const list = into.get(e.to);
    if (list) list.push(e.from);
    else into.set(e.to, [e.from]);
  }
  const seen = new Set([target]);
  const todo = [target];
  while (todo.length > 0) {
    for (const from of into.get(todo.pop()!) ?? []) {
      if (seen.has(from)) continue;
      seen.add(from);
      todo.push(from);
    }
  }
  return scenario.nodes.filter((n) => n.type === 'DataSource' && seen.has(n.nodeId));
}

function compileActions(list: readonly FsmAction[]): Action[] {
  const out: Action[] = [];
  for (const a of list) {
    if (a.action === 'set_variable')
      out.push({ kind: 'set', target: a.target, value: a.value ?? null, expr: compiled(a.formula) });
    else if (a.action === 'increment' || a.action === 'decrement')
      out.push({ kind: 'add', target: a.target, by: a.action === 'increment' ? a.value : -a.value });
  }
  return out;
}

/**
 * Pure: replays `events` (in order) against the FSM `fsmId` (default: the first) of a loaded
 * `scenario`. Only events addressed to a DataSource upstream of the FSM (or, in the original tool's
 * shape, of a type such a DataSource listens for) are replayed; a malformed event is a problem.
 * Null when the scenario has no such FSM.
 */
export function conform(scenario: Scenario, events: readonly unknown[], fsmId?: string): ConformResult | null {
  const spec = pickFsm(scenario, fsmId);
  if (spec === null) return null;
  const fsm = spec.fsm;
  const names = fsm.states.map((s) => s.name);
  const index = new Map(names.map((n, i) => [n, i] as const));
  const from: Step[][] = names.map(() => []);
  for (const t of fsm.transitions) {
    if (t.trigger.kind === 'timer') continue;
    from[index.get(t.from)!]!.push({
      to: index.get(t.to)!,
      event: t.trigger.kind === 'event' ? t.trigger.name : null,
      condition: compiled(t.condition),
    });
  }
  const onEntry = fsm.states.map((s) => compileActions(s.onEntry));
  const onExit = fsm.states.map((s) => compileActions(s.onExit));
  const hasVars =
    Object.keys(fsm.variables).length > 0 || onEntry.some((a) => a.length > 0) || onExit.some((a) => a.length > 0);
  const initial = index.get(fsm.initialState) ?? 0;
  const sources = sourcesOf(scenario, spec.nodeId);
  const targeted = new Set(sources.map((s) => s.nodeId));
  const types = new Set(
    sources.flatMap((s) =>
      s.type === 'DataSource' && s.generation.type === 'execution-events' ? [s.generation.eventType] : [],
    ),
  );
  const field = fsm.eventField;
  const perCase = fsm.instancePer === 'correlationId';
  const machines = new Map<string, Machine>();
  const order: Machine[] = [];
  const byState = new Map<string, number>();
  const byEvent = new Map<string, number>();
  let replayed = 0;
  let consumed = 0;
  for (let i = 0; i < events.length; i++) {
    const e = events[i];
    if (e === null || typeof e !== 'object' || Array.isArray(e))
      return { ok: false, problem: { index: i, field: '', message: 'an event must be a JSON object' } };
    const ev = e as Record<string, unknown>;
    const target = ev['targetDataSourceId'];
    const typed = target === undefined && typeof ev['type'] === 'string' && types.has(ev['type']);
    if (!typed && !(typeof target === 'string' && targeted.has(target))) continue;
    const body = typed ? readBody(ev) : ev;
    if (typeof body === 'string') return { ok: false, problem: { index: i, field: 'data', message: body } };
    // The engine's queue refuses an event whose correlation ids are malformed, whatever the FSM.
    const read = caseKey(typed ? body : ev, typed ? ev : null);
    if (typeof read !== 'string') return { ok: false, problem: { index: i, ...read } };
    const key = perCase ? read : '';
    let ids: string[] | null = null;
    const idsOf = (): string[] => (ids ??= typed ? tokenCorrelationIds(body, ev) : tokenCorrelationIds(ev, null));
    // An event with no correlation id gets one made up by the engine, so a machine of its own ("" is
    // also the key of an event whose ids are [""], which the engine keys as "").
    const alone = perCase && read === '' && idsOf().length === 0;
    let m = alone ? undefined : machines.get(key);
    if (m === undefined) {
      m = { key, state: initial, vars: hasVars ? { ...fsm.variables } : null, seen: 0, deviation: null };
      if (!alone) machines.set(key, m);
      order.push(m);
    }
    replayed++;
    const raw = typed
      ? Object.hasOwn(body, field)
        ? body[field]
        : field === 'event'
          ? ev['type']
          : undefined
      : Object.hasOwn(ev, field)
        ? ev[field]
        : undefined;
    const name = raw === undefined || raw === null ? null : String(raw);
    let data: Record<string, unknown> | null = null;
    const dataOf = (): Record<string, unknown> => (data ??= tokenData(ev, body, typed));
    let took = false;
    for (const s of from[m.state]!) {
      if (s.event !== null && s.event !== name) continue;
      if (s.condition !== null) {
        const h = holds(s.condition, scope(dataOf(), idsOf(), names[m.state]!, m.vars));
        if (h === null) break; // the engine records the error and tries no later transition
        if (!h) continue;
      }
      if (m.vars !== null) {
        // On a failing formula the engine records the error and undoes the firing: state and variables stay.
        const vars = { ...m.vars };
        if (!run(onExit[m.state]!, dataOf(), idsOf(), names[m.state]!, vars)) break;
        if (!run(onEntry[s.to]!, dataOf(), idsOf(), names[s.to]!, vars)) break;
        m.vars = vars;
      }
      m.state = s.to;
      took = true;
      break;
    }
    if (took) consumed++;
    else {
      const state = names[m.state]!;
      byState.set(state, (byState.get(state) ?? 0) + 1);
      byEvent.set(name ?? '', (byEvent.get(name ?? '') ?? 0) + 1);
      m.deviation ??= { case: m.key, index: m.seen, event: name, state, position: i };
    }
    m.seen++;
  }
  const deviations: Deviation[] = [];
  for (const m of order) if (m.deviation !== null) deviations.push(m.deviation);
  const cases = order.length;
  const fittingCases = cases - deviations.length;
  return {
    ok: true,
    report: {
      fsm: spec.nodeId,
      cases,
      fittingCases,
      events: replayed,
      consumedEvents: consumed,
      eventFitness: replayed === 0 ? 1 : consumed / replayed,
      caseFitness: cases === 0 ? 1 : fittingCases / cases,
      deviations,
      byState: countsObject(byState),
      byEvent: countsObject(byEvent),
    },
  };
}

/** Pure: whether the condition holds; null when it fails to evaluate (the engine records an error). */
function holds(expr: CompiledExpr, s: Record<string, unknown>): boolean | null {
  const r = expr.evaluate({ scope: s as never });
  return r.ok ? Boolean(r.value) : null;
}

/** Not pure: runs variable actions on `vars`; false as soon as a formula fails (the engine undoes the firing then). */
function run(
  actions: readonly Action[],
  data: Record<string, unknown>,
  ids: readonly string[],
  state: string,
  vars: Record<string, unknown>,
): boolean {
  for (const a of actions) {
    if (a.kind === 'add') {
      const v = vars[a.target];
      vars[a.target] = (typeof v === 'number' ? v : 0) + a.by;
    } else if (a.expr === null) vars[a.target] = a.value;
    else if (a.expr !== NEVER) {
      const r = a.expr.evaluate({ scope: scope(data, ids, state, vars) as never });
      if (r.ok) vars[a.target] = r.value;
      else return false;
    }
  }
  return true;
}
