/**
 * Normalising an FSM definition (DSL.md §5.3): plain-string states become state objects, the
 * initial state is resolved (`initialState`, else `isInitial`, else the first), trigger strings
 * become `FsmTrigger`s, `guard` joins `condition`, and actions get their defaults.
 */
import type { FsmAction, FsmSpec, FsmState, FsmTransition, FsmTrigger } from '../types';
import { DSL_DEFAULTS } from './defaults';
import { copyJson } from '../jsonValues';
import { IssueList, isRecord, pointer, showValue } from './issues';
import type { SiteList } from './sites';
import type { ParsedNode } from './readNode';
import { normaliseDelay } from './delay';

type FsmInput = Extract<ParsedNode, { kind: 'FSM' }>['node']['fsm'];
type StateInput = FsmInput['states'][number];
type ActionInput = NonNullable<Exclude<StateInput, string>['onEntry']>[number];
type TransitionInput = NonNullable<FsmInput['transitions']>[number];

/** Trigger strings that mean "any token". `condition` is the original tool's name for a guarded any-token trigger. */
export const ANY_TOKEN_TRIGGERS: readonly string[] = ['token_received', 'default', 'condition'];

/** Not pure (records warnings and expression sites). */
export function normaliseFsm(fsm: FsmInput, path: string, sites: SiteList, issues: IssueList): FsmSpec['fsm'] {
  const states = fsm.states.map((s, k) => normaliseState(s, pointer(path, 'states', k), sites));
  const initialState = resolveInitial(fsm.initialState, states, path, issues);
  for (const s of states) s.isInitial = s.name === initialState;
  if (fsm.stateActions !== undefined && !isEmpty(fsm.stateActions)) {
    issues.warning(
      pointer(path, 'stateActions'),
      `"stateActions" (from the original tool) is not supported and is ignored; put actions in the states' "onEntry" and "onExit"`,
    );
  }
  return {
    states,
    initialState,
    transitions: (fsm.transitions ?? []).map((t, j) =>
      normaliseTransition(t, pointer(path, 'transitions', j), sites, issues),
    ),
    variables: copyJson(fsm.variables ?? {}) as Record<string, unknown>,
    instancePer: fsm.instancePer ?? DSL_DEFAULTS.instancePer,
    eventField: fsm.eventField ?? DSL_DEFAULTS.eventField,
  };
}

function normaliseState(s: StateInput, path: string, sites: SiteList): FsmState {
  if (typeof s === 'string') return { name: s, isInitial: false, isFinal: false, onEntry: [], onExit: [] };
  return {
    name: s.name,
    isInitial: s.isInitial ?? false,
    isFinal: s.isFinal ?? false,
    onEntry: (s.onEntry ?? []).map((a, m) => normaliseAction(a, pointer(path, 'onEntry', m), sites)),
    onExit: (s.onExit ?? []).map((a, m) => normaliseAction(a, pointer(path, 'onExit', m), sites)),
  };
}

function resolveInitial(declared: string | undefined, states: FsmState[], path: string, issues: IssueList): string {
  const flagged = states.filter((s) => s.isInitial);
  if (declared !== undefined) {
    const other = flagged.find((s) => s.name !== declared);
    if (other) {
      issues.warning(
        pointer(path, 'initialState'),
        `"initialState" ${showValue(declared)} wins over "isInitial" on state ${showValue(other.name)}`,
      );
    }
    return declared;
  }
  if (flagged.length > 1) {
    issues.warning(
      pointer(path, 'states'),
      `several states have "isInitial"; the first, ${showValue(flagged[0]!.name)}, is the initial state`,
    );
  }
  return flagged[0]?.name ?? states[0]?.name ?? '';
}

function normaliseTransition(t: TransitionInput, path: string, sites: SiteList, issues: IssueList): FsmTransition {
  const trigger = toTrigger(t.trigger, t.after);
  if (t.after !== undefined && trigger.kind !== 'timer') {
    issues.warning(pointer(path, 'after'), `"after" is ignored: only a "timer" trigger waits`);
  }
  if (t.delay !== undefined && trigger.kind !== 'timer') {
    issues.warning(pointer(path, 'delay'), `"delay" is ignored: only a "timer" trigger waits`);
  }
  if (t.delay !== undefined && t.after !== undefined && trigger.kind === 'timer') {
    issues.warning(pointer(path, 'after'), `"after" is ignored: "delay" gives the wait`);
  }
  const condition = sites.add(pointer(path, 'condition'), 'condition', t.condition);
  const guard = sites.add(pointer(path, 'guard'), 'guard', t.guard);
  const both = condition !== undefined && guard !== undefined ? `(${condition}) && (${guard})` : undefined;
  const combined = both ?? condition ?? guard;
  return {
    from: t.from,
    to: t.to,
    trigger,
    ...(combined !== undefined ? { condition: combined } : {}),
    ...(t.weight !== undefined ? { weight: t.weight } : {}),
    ...(t.delay !== undefined && trigger.kind === 'timer' ? { delay: normaliseDelay(t.delay) } : {}),
  };
}

/** Pure: a trigger string (and a timer's `after`) as an `FsmTrigger`. A timer without `after` is a validation error; 1 stands in. */
export function toTrigger(trigger: string | undefined, after: number | undefined): FsmTrigger {
  if (trigger === undefined || trigger.trim() === '' || ANY_TOKEN_TRIGGERS.includes(trigger)) return { kind: 'any' };
  if (trigger === 'timer') return { kind: 'timer', after: after ?? 1 };
  return { kind: 'event', name: trigger };
}

function normaliseAction(a: ActionInput, path: string, sites: SiteList): FsmAction {
  switch (a.action) {
    case 'set_variable': {
      const formula = sites.add(pointer(path, 'formula'), 'action formula', a.formula);
      return {
        action: 'set_variable',
        target: a.target,
        ...(a.value !== undefined ? { value: copyJson(a.value) } : {}),
        ...(formula !== undefined ? { formula } : {}),
      };
    }
    case 'increment':
    case 'decrement':
      return { action: a.action, target: a.target, value: a.value ?? DSL_DEFAULTS.incrementBy };
    case 'log': {
      const formula = sites.add(pointer(path, 'formula'), 'log formula', a.formula);
      return {
        action: 'log',
        ...(a.message !== undefined ? { message: a.message } : {}),
        ...(formula !== undefined ? { formula } : {}),
      };
    }
    case 'emit': {
      const formula = sites.add(pointer(path, 'formula'), 'emit formula', a.formula);
      return {
        action: 'emit',
        ...(a.target !== undefined ? { target: a.target } : {}),
        ...(formula !== undefined ? { formula } : {}),
      };
    }
  }
}

function isEmpty(value: unknown): boolean {
  return (
    value === null ||
    value === '' ||
    (Array.isArray(value) && value.length === 0) ||
    (isRecord(value) && Object.keys(value).length === 0)
  );
}
