/**
 * The FSM part of the property panel: a machine's states and transitions read as plain lists, and the
 * edits the form makes on them — add, rename and remove a state (renaming follows into transitions
 * and `initialState`; removing takes the state's transitions with it), add and remove a transition,
 * set its from/to/trigger/guard, and add, change and remove onEntry/onExit actions. Each edit is a
 * JSON edit of the text. Pure.
 */
import { editNode, getIn, isObj, readDoc, idOf, type Obj } from './nodeEdits';

export type ActionHook = 'onEntry' | 'onExit';

export interface FsmAction {
  action: string;
  target: string;
  /** `value` (set_variable/increment/decrement), as typed. */
  value: string;
  formula: string;
  message: string;
}

export interface FsmState {
  name: string;
  isInitial: boolean;
  isFinal: boolean;
  onEntry: FsmAction[];
  onExit: FsmAction[];
}

export interface FsmTransition {
  from: string;
  to: string;
  trigger: string;
  /** The guard: `condition`, or the compat `guard`. */
  guard: string;
}

export interface FsmModel {
  states: FsmState[];
  transitions: FsmTransition[];
}

const str = (v: unknown) => (typeof v === 'string' ? v : v === undefined || v === null ? '' : JSON.stringify(v));

function actionOf(a: unknown): FsmAction {
  const o = isObj(a) ? a : {};
  return {
    action: str(o.action),
    target: str(o.target),
    value: o.value === undefined ? '' : str(o.value),
    formula: str(o.formula),
    message: str(o.message),
  };
}

/** Pure. The machine of an FSM node as lists (states given as plain names read as objects). */
export function fsmModel(node: unknown): FsmModel {
  const fsm = isObj(node) && isObj(node.fsm) ? node.fsm : {};
  const states = (Array.isArray(fsm.states) ? fsm.states : []).map((s): FsmState => {
    const o: Obj = isObj(s) ? s : { name: s };
    return {
      name: str(o.name),
      isInitial: o.isInitial === true,
      isFinal: o.isFinal === true,
      onEntry: (Array.isArray(o.onEntry) ? o.onEntry : []).map(actionOf),
      onExit: (Array.isArray(o.onExit) ? o.onExit : []).map(actionOf),
    };
  });
  const transitions = (Array.isArray(fsm.transitions) ? fsm.transitions : []).map((t): FsmTransition => {
    const o = isObj(t) ? t : {};
    return { from: str(o.from), to: str(o.to), trigger: str(o.trigger), guard: str(o.condition ?? o.guard) };
  });
  return { states, transitions };
}

/** Pure. The FSM node `nodeId`'s machine in `text` (null: no such node or not JSON). */
export function readFsm(text: string, nodeId: string): FsmModel | null {
  const node = readDoc(text)?.nodes.find((n) => idOf(n) === nodeId);
  return node ? fsmModel(node) : null;
}

/** The node's `fsm` object with `states` and `transitions` arrays (made when absent; plain-name states become objects). */
function machine(node: Obj): { fsm: Obj; states: Obj[]; transitions: Obj[] } {
  if (!isObj(node.fsm)) node.fsm = {};
  const fsm = node.fsm as Obj;
  fsm.states = (Array.isArray(fsm.states) ? fsm.states : []).map((s) => (isObj(s) ? s : { name: s }));
  if (!Array.isArray(fsm.transitions)) fsm.transitions = [];
  return { fsm, states: fsm.states as Obj[], transitions: fsm.transitions as Obj[] };
}

const edit = (text: string, nodeId: string, f: (m: ReturnType<typeof machine>) => void) =>
  editNode(text, nodeId, (node) => f(machine(node)));

/** Pure. A new state named `name` (the first `stateN` free when empty); the first state of a machine is its initial one. */
export function addState(text: string, nodeId: string, name = ''): string | null {
  return edit(text, nodeId, ({ states }) => {
    const taken = new Set(states.map((s) => s.name));
    let n = name;
    for (let k = states.length + 1; !n || taken.has(n); k++) n = `state${k}`;
    states.push(states.length === 0 ? { name: n, isInitial: true } : { name: n });
  });
}

/** Pure. State `from` renamed `to` everywhere the machine names it; null when `to` is empty or taken. */
export function renameState(text: string, nodeId: string, from: string, to: string): string | null {
  const m = readFsm(text, nodeId);
  if (!m || !to || from === to || m.states.some((s) => s.name === to)) return null;
  return edit(text, nodeId, ({ fsm, states, transitions }) => {
    for (const s of states) if (s.name === from) s.name = to;
    for (const t of transitions) {
      if (t.from === from) t.from = to;
      if (t.to === from) t.to = to;
    }
    if (fsm.initialState === from) fsm.initialState = to;
  });
}

/** Pure. State `name` removed with every transition from or to it. */
export function removeState(text: string, nodeId: string, name: string): string | null {
  return edit(text, nodeId, ({ fsm, states, transitions }) => {
    fsm.states = states.filter((s) => s.name !== name);
    fsm.transitions = transitions.filter((t) => t.from !== name && t.to !== name);
    if (fsm.initialState === name) delete fsm.initialState;
  });
}

/** Pure. A state's flag (`isInitial` makes it the only initial state). */
export function setStateFlag(
  text: string,
  nodeId: string,
  name: string,
  flag: 'isInitial' | 'isFinal',
  on: boolean,
): string | null {
  return edit(text, nodeId, ({ fsm, states }) => {
    for (const s of states) {
      if (s.name === name) {
        if (on) s[flag] = true;
        else delete s[flag];
      } else if (flag === 'isInitial' && on) delete s.isInitial;
    }
    if (flag === 'isInitial' && on && fsm.initialState !== undefined) fsm.initialState = name;
  });
}

/** Pure. A transition from `from` to `to` on any token (`token_received`). */
export function addTransition(text: string, nodeId: string, from: string, to: string): string | null {
  return edit(text, nodeId, ({ transitions }) => {
    transitions.push({ from, to, trigger: 'token_received' });
  });
}

/** Pure. Transition `index`'s field set (`guard` writes `condition`; an empty trigger or guard is removed). */
export function setTransition(
  text: string,
  nodeId: string,
  index: number,
  field: keyof FsmTransition,
  value: string,
): string | null {
  return edit(text, nodeId, ({ transitions }) => {
    const t = transitions[index];
    if (!t) return;
    const key =
      field === 'guard' ? (t.guard !== undefined && t.condition === undefined ? 'guard' : 'condition') : field;
    if (value === '' && (field === 'guard' || field === 'trigger')) delete t[key];
    else t[key] = value;
  });
}

/** Pure. Transition `index` removed. */
export function removeTransition(text: string, nodeId: string, index: number): string | null {
  return edit(text, nodeId, ({ transitions }) => {
    transitions.splice(index, 1);
  });
}

/** Pure. An action of `kind` appended to state `state`'s `hook` list, with the fields it needs. */
export function addAction(text: string, nodeId: string, state: string, hook: ActionHook, kind: string): string | null {
  return edit(text, nodeId, ({ states }) => {
    const s = states.find((x) => x.name === state);
    if (!s) return;
    const list = Array.isArray(s[hook]) ? (s[hook] as unknown[]) : [];
    const action: Obj = { action: kind };
    if (kind === 'set_variable') Object.assign(action, { target: 'x', value: 0 });
    if (kind === 'increment' || kind === 'decrement') action.target = 'count';
    if (kind === 'log') action.message = `entered ${state}`;
    s[hook] = [...list, action];
  });
}

/** Pure. Field `field` of action `index` in state `state`'s `hook` list (numbers stay numbers; '' removes it). */
export function setAction(
  text: string,
  nodeId: string,
  state: string,
  hook: ActionHook,
  index: number,
  field: 'target' | 'value' | 'formula' | 'message',
  value: string,
): string | null {
  return edit(text, nodeId, ({ states }) => {
    const a = getIn(
      states.find((x) => x.name === state),
      [hook, index],
    );
    if (!isObj(a)) return;
    if (value === '') delete a[field];
    else a[field] = field === 'value' && value.trim() !== '' && Number.isFinite(Number(value)) ? Number(value) : value;
  });
}

/** Pure. Action `index` removed from state `state`'s `hook` list. */
export function removeAction(
  text: string,
  nodeId: string,
  state: string,
  hook: ActionHook,
  index: number,
): string | null {
  return edit(text, nodeId, ({ states }) => {
    const s = states.find((x) => x.name === state);
    if (s && Array.isArray(s[hook])) (s[hook] as unknown[]).splice(index, 1);
  });
}
