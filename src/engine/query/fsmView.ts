/**
 * The state diagram of one FSM at a step (docs/ui.md "State machines"): its states with how many
 * machines are in each now and how often each was entered, its transitions with how often each
 * fired, what happened in the step itself, and, for one chosen state, the correlation ids of the
 * machines in it (a page of them). One read for the workspace's `States of …` region and its
 * diagram; the counts are the engine's own (the FSM's behaviour state at the step, replayed from
 * the nearest checkpoint for an earlier step), so they are `flowledger run`'s node state:
 * `in it now` is `aggregates` of a per-correlation FSM (one machine: 1 for `currentState`), and
 * `entered` is `aggregates` of one machine.
 *
 * What the step did is read from the step's ledger events: a STATE_TRANSITION names its `from` and
 * `to` states, not which declared transition fired, so every declared transition between the two
 * with the same kind of trigger (timer or not) counts it as fired in the step — exact whenever no
 * two such transitions join the same states. The totals (`fired`) are exact: the engine counts
 * them per declared transition.
 */
import type { FsmView, FsmViewInstances, FsmViewState, FsmViewTransition, QueryResult } from '../../contract/queries';
import { NONE } from '../ledger/ledger';
import { OP } from '../ledger/operations';
import type { LiveRun } from '../replay/liveRun';
import type { FsmSpec, FsmTrigger } from '../types';
import { stateOf } from '../behaviors/state';
import { checkStep, failure, limitOf, ok, unknownNode } from './queryErrors';

/** Correlation ids listed for a state when the caller names no limit. */
export const FSM_INSTANCES_DEFAULT = 50;
/** The most correlation ids one answer lists. */
export const FSM_INSTANCES_MAX = 1000;

/** What to list besides the counts: the machines in `state`, `limit` of them from `offset`. */
export interface FsmViewQuery {
  step?: number;
  state?: string;
  offset?: number;
  limit?: number;
}

/** Pure: how a transition's trigger and condition read on the diagram and in the table. */
export function transitionLabel(trigger: FsmTrigger, condition: string | undefined): string {
  const cond = condition !== undefined && condition.trim() !== '' ? condition.trim() : null;
  switch (trigger.kind) {
    case 'event':
      return cond === null ? trigger.name : `${trigger.name} [${cond}]`;
    case 'timer': {
      const after = `after ${trigger.after} ${trigger.after === 1 ? 'step' : 'steps'}`;
      return cond === null ? after : `${after} [${cond}]`;
    }
    case 'any':
      return cond === null ? 'any token' : cond;
    default: {
      const never: never = trigger;
      throw new Error(`unknown trigger ${JSON.stringify(never)}`);
    }
  }
}

/** Reads only: the diagram of FSM `nodeId` of `run` at `query.step` (default: current). */
export function fsmView(run: LiveRun, nodeId: string, query: FsmViewQuery = {}): QueryResult<FsmView> {
  const { scenario, ledger } = run;
  const index = scenario.nodes.findIndex((n) => n.nodeId === nodeId);
  if (index < 0)
    return unknownNode(
      nodeId,
      scenario.nodes.map((n) => n.nodeId),
    );
  const spec = scenario.nodes[index]!;
  if (spec.type !== 'FSM')
    return failure('INVALID_FILTER', `node "${nodeId}" is a ${spec.type}, not an FSM; only an FSM has states`, {
      parameter: 'nodeId',
      value: nodeId,
    });
  const checked = checkStep(query.step, run.step);
  if (!checked.ok) return checked;
  const at = checked.value;
  const fsm = spec.fsm;
  const names = fsm.states.map((s) => s.name);
  if (query.state !== undefined && !names.includes(query.state))
    return failure(
      'INVALID_FILTER',
      `FSM "${nodeId}" has no state "${query.state}"; its states are: ${names.join(', ')}`,
      { parameter: 'state', value: query.state },
    );
  const perCorrelation = fsm.instancePer === 'correlationId';
  const initial = names.indexOf(fsm.initialState);

  // The behaviour's state at the step: counts, entries, firings and the machines.
  const b = stateOf(
    run.readAt(at, (sim) => sim.behaviorState(index)),
    'FSM',
  );

  // What the step itself did: the transitions its ledger events record.
  const enteredNow = new Set<string>();
  const firedNow = new Map<string, number>();
  const [first, end] = ledger.stepRange(at);
  for (let seq = first; seq < end; seq++) {
    if (ledger.nodeOf(seq) !== index || ledger.opOf(seq) !== OP.STATE_TRANSITION) continue;
    const from = ledger.fromOf(seq)!;
    const to = ledger.toOf(seq)!;
    enteredNow.add(to);
    const key = pairKey(from, to, ledger.inputOf(seq) === NONE);
    firedNow.set(key, (firedNow.get(key) ?? 0) + 1);
  }
  // A machine created in the step enters the initial state without a transition.
  if (initial >= 0 && b.instances.some((i) => i.state === initial && i.enteredAt === at))
    enteredNow.add(fsm.initialState);

  const current = perCorrelation || b.instances.length === 0 ? null : (names[b.instances[0]!.state] ?? null);
  const states: FsmViewState[] = fsm.states.map((s, i) => ({
    name: s.name,
    initial: i === initial,
    final: s.isFinal,
    now: perCorrelation ? (b.counts[i] ?? 0) : current === s.name ? 1 : 0,
    entered: b.entered[i] ?? 0,
    enteredThisStep: enteredNow.has(s.name),
  }));
  const transitions: FsmViewTransition[] = fsm.transitions.map((t, i) => {
    const view: FsmViewTransition = {
      index: i,
      from: t.from,
      to: t.to,
      trigger: t.trigger.kind,
      on: transitionLabel(t.trigger, t.condition),
      fired: b.fired[i] ?? 0,
      firedThisStep: firedNow.get(pairKey(t.from, t.to, t.trigger.kind === 'timer')) ?? 0,
    };
    if (t.trigger.kind === 'event') view.event = t.trigger.name;
    if (t.trigger.kind === 'timer') view.after = t.trigger.after;
    if (t.condition !== undefined && t.condition.trim() !== '') view.condition = t.condition;
    return view;
  });

  let instances: FsmViewInstances | null = null;
  if (query.state !== undefined) {
    const s = names.indexOf(query.state);
    const offset = limitOf(query.offset, 0);
    const limit = Math.min(limitOf(query.limit, FSM_INSTANCES_DEFAULT), FSM_INSTANCES_MAX);
    const ids: string[] = [];
    let total = 0;
    for (const inst of b.instances) {
      if (inst.state !== s) continue;
      if (total >= offset && ids.length < limit) ids.push(inst.key);
      total++;
    }
    instances = { state: query.state, total, offset, ids };
  }

  return ok({
    nodeId,
    name: (spec as FsmSpec).displayName ?? nodeId,
    step: at,
    perCorrelation,
    current,
    machines: b.instances.length,
    states,
    transitions,
    instances,
  });
}

function pairKey(from: string, to: string, timer: boolean): string {
  return `${timer ? 't' : 'k'}\u0000${from}\u0000${to}`;
}
