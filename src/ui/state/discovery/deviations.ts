/**
 * Deviations on the map (issue 42, item 5), the pure parts: which paths of a directly-follows graph a
 * template's FSM does not allow, and at which step of a run a deviating case's first refused event was
 * processed, read from that case's ledger events. The Discover screen asks the client for the
 * template and the ledger page; these functions only read what it hands them.
 */
import type { ConformanceReport, DfgEdge } from '../../../contract/discovery';
import type { LedgerEvent } from '../../../contract/vocabulary';

/** Trigger strings that mean "any token" (the DSL's, docs/DSL.md: none, `token_received`, `default`, `condition`). */
const ANY = new Set(['', 'token_received', 'default', 'condition']);

/** An FSM read from a template's raw scenario: state names, the initial one, and its transitions. */
export interface FsmShape {
  nodeId: string;
  initial: string;
  transitions: { from: string; to: string; kind: 'event' | 'any' | 'timer'; event: string | null }[];
}

const isObj = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object' && !Array.isArray(v);

/**
 * Pure. The FSM `fsmId` (else the first FSM) of a template's scenario as written, with the DSL's
 * initial-state rule (`initialState`, else the state flagged `isInitial`, else the first); null when
 * there is none.
 */
export function readFsmShape(scenario: unknown, fsmId?: string): FsmShape | null {
  const nodes = isObj(scenario) && Array.isArray(scenario.nodes) ? scenario.nodes : [];
  const node = nodes.find(
    (n): n is Record<string, unknown> =>
      isObj(n) && n.type === 'FSM' && isObj(n.fsm) && (fsmId === undefined || n.nodeId === fsmId),
  );
  if (!node) return null;
  const fsm = node.fsm as Record<string, unknown>;
  const states = (Array.isArray(fsm.states) ? fsm.states : []).map((s) =>
    isObj(s) ? { name: String(s.name ?? ''), initial: s.isInitial === true } : { name: String(s), initial: false },
  );
  const initial =
    typeof fsm.initialState === 'string'
      ? fsm.initialState
      : (states.find((s) => s.initial)?.name ?? states[0]?.name ?? '');
  const transitions = (Array.isArray(fsm.transitions) ? fsm.transitions : []).filter(isObj).map((t) => {
    const trigger = typeof t.trigger === 'string' ? t.trigger : '';
    const kind =
      trigger === 'timer' ? ('timer' as const) : ANY.has(trigger.trim()) ? ('any' as const) : ('event' as const);
    return { from: String(t.from ?? ''), to: String(t.to ?? ''), kind, event: kind === 'event' ? trigger : null };
  });
  return { nodeId: String(node.nodeId ?? ''), initial, transitions };
}

/** The states reachable from `states` by timer transitions alone (a machine may wait its way on). */
function withTimers(fsm: FsmShape, states: Set<string>): Set<string> {
  const out = new Set(states);
  const todo = [...states];
  while (todo.length > 0) {
    const s = todo.pop()!;
    for (const t of fsm.transitions)
      if (t.kind === 'timer' && t.from === s && !out.has(t.to)) {
        out.add(t.to);
        todo.push(t.to);
      }
  }
  return out;
}

/** Whether some transition out of one of `states` takes an event named `name`. */
function takes(fsm: FsmShape, states: Set<string>, name: string): boolean {
  return fsm.transitions.some(
    (t) => states.has(t.from) && (t.kind === 'any' || (t.kind === 'event' && t.event === name)),
  );
}

/**
 * Pure. The directly-follows edges between activities that `fsm` does not allow, in the order given:
 * `a → b` is allowed when some transition taking `a` (by its name, or any token) leads to a state —
 * or, waiting, to a state its timers reach — with a transition that takes `b`. Conditions are taken
 * to hold (a path a guard may allow is not marked), so only what the machine can never do is marked.
 * Edges from the start marker are judged from the initial state; edges to the end marker are never
 * marked (a case may stop anywhere).
 */
export function disallowedEdges<E extends Pick<DfgEdge, 'from' | 'to'>>(
  edges: readonly E[],
  fsm: FsmShape,
  markers: { start: string; end: string },
): E[] {
  const after = new Map<string, Set<string>>();
  const statesAfter = (a: string): Set<string> => {
    let s = after.get(a);
    if (!s) {
      const into = new Set(
        fsm.transitions.filter((t) => t.kind === 'any' || (t.kind === 'event' && t.event === a)).map((t) => t.to),
      );
      s = withTimers(fsm, into);
      after.set(a, s);
    }
    return s;
  };
  const initial = withTimers(fsm, new Set([fsm.initial]));
  return edges.filter((e) => {
    if (e.to === markers.end) return false;
    const from = e.from === markers.start ? initial : statesAfter(e.from);
    return !takes(fsm, from, e.to);
  });
}

const REFUSED = new Set(['TOKEN_PROCESSED', 'NODE_ERROR']);

/**
 * Pure. The step at which a run processed a deviating case's first refused event, from the ledger
 * events of that case (its correlation id, seq order): the step the FSM `fsmId` took its `index`-th
 * event of the case in (the n-th distinct input token it recorded), when the run's template has that
 * FSM; else the first event the FSM refused; else the step the run's DataSources generated the
 * case's `index`-th event in (another template's run: the event entered there). Null when the run
 * has not reached it.
 */
export function deviationStep(events: readonly LedgerEvent[], fsmId: string, index: number): number | null {
  const seen = new Set<string>();
  const received: LedgerEvent[] = [];
  for (const e of events) {
    if (e.nodeId !== fsmId || !e.inputToken || seen.has(e.inputToken.id)) continue;
    seen.add(e.inputToken.id);
    received.push(e);
  }
  const at = received[index];
  if (at) return at.step;
  const refused = received.find((e) => REFUSED.has(e.operation));
  if (refused) return refused.step;
  if (received.length > 0) return null;
  const generated = events.filter((e) => e.operation === 'TOKEN_GENERATED');
  return generated[index]?.step ?? null;
}

/** One row of "Paths the template does not allow": the path and how many times the log took it. */
export interface DisallowedRow {
  from: string;
  to: string;
  count: number;
}

/** Pure. The refused events per state of a report, most first (ties by name), for the state diagram's marks. */
export function refusalsByState(r: ConformanceReport): { state: string; count: number }[] {
  return Object.entries(r.byState)
    .map(([state, count]) => ({ state, count }))
    .sort((a, b) => b.count - a.count || (a.state < b.state ? -1 : a.state > b.state ? 1 : 0));
}
