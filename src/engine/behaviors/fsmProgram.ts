/**
 * An FSM definition compiled for the runtime (DSL.md §5.3): states by index, the transitions out of
 * each state in array order with their conditions compiled, actions with their formulas compiled
 * and `emit` targets resolved to edges. Built once per node.
 */
import type { CompiledExpr } from '../expr';
import type { NodeContext } from './nodeContext';
import type { Delay, FsmAction, FsmSpec } from '../types';

export type CompiledAction =
  | { kind: 'set_variable'; target: string; value: unknown; expr: CompiledExpr | null }
  | { kind: 'add'; target: string; by: number }
  | { kind: 'log'; message: string; expr: CompiledExpr | null }
  | { kind: 'emit'; edges: readonly number[]; expr: CompiledExpr | null };

export interface CompiledTransition {
  /** Its index in the FSM's `transitions` (declaration order). */
  index: number;
  to: number;
  /** 0 any token, 1 event name, 2 timer. */
  trigger: 0 | 1 | 2;
  event: string;
  after: number;
  condition: CompiledExpr | null;
  /** Its weight in a weighted choice, or null (not weighted). */
  weight: number | null;
  /** Timer: the sampled wait, or null (`after` steps). */
  delay: Delay | null;
}

export interface FsmProgram {
  names: readonly string[];
  initial: number;
  isFinal: readonly boolean[];
  onEntry: readonly (readonly CompiledAction[])[];
  onExit: readonly (readonly CompiledAction[])[];
  /** Transitions whose `from` is state i, in array order. */
  from: readonly (readonly CompiledTransition[])[];
  /** Whether state i has timer transitions. */
  hasTimer: readonly boolean[];
  /** Whether state i's timers are sampled: one of them has a `delay` or a `weight` (docs/dsl.md). */
  sampled: readonly boolean[];
  /** Some action emits: only emitted tokens leave the node. */
  emitMode: boolean;
}

/** Compiles `spec.fsm` (not pure: compiles expressions through `ctx`). */
export function compileFsm(spec: FsmSpec, ctx: NodeContext): FsmProgram {
  const fsm = spec.fsm;
  const names = fsm.states.map((s) => s.name);
  const index = new Map<string, number>();
  names.forEach((n, i) => {
    if (!index.has(n)) index.set(n, i);
  });
  const stateIndex = (name: string): number => {
    const i = index.get(name);
    if (i === undefined) throw new Error(`FSM "${spec.nodeId}": unknown state "${name}"`);
    return i;
  };
  let emitMode = false;
  const compileAction = (a: FsmAction): CompiledAction => {
    switch (a.action) {
      case 'set_variable':
        return {
          kind: 'set_variable',
          target: a.target,
          value: a.value ?? null,
          expr: a.formula !== undefined ? ctx.compile(a.formula) : null,
        };
      case 'increment':
      case 'decrement':
        return { kind: 'add', target: a.target, by: a.action === 'increment' ? a.value : -a.value };
      case 'log':
        return { kind: 'log', message: a.message ?? '', expr: a.formula !== undefined ? ctx.compile(a.formula) : null };
      case 'emit':
        emitMode = true;
        return {
          kind: 'emit',
          edges: emitEdges(ctx, a.target),
          expr: a.formula !== undefined ? ctx.compile(a.formula) : null,
        };
      default: {
        const never: never = a;
        throw new Error(`unknown FSM action ${JSON.stringify(never)}`);
      }
    }
  };
  const from: CompiledTransition[][] = names.map(() => []);
  fsm.transitions.forEach((t, index) => {
    const tr: CompiledTransition = {
      index,
      to: stateIndex(t.to),
      trigger: t.trigger.kind === 'any' ? 0 : t.trigger.kind === 'event' ? 1 : 2,
      event: t.trigger.kind === 'event' ? t.trigger.name : '',
      after: t.trigger.kind === 'timer' ? t.trigger.after : 0,
      condition: t.condition !== undefined && t.condition.trim() !== '' ? ctx.compile(t.condition) : null,
      weight: t.weight ?? null,
      delay: t.delay ?? null,
    };
    from[stateIndex(t.from)]!.push(tr);
  });
  const onEntry = fsm.states.map((s) => s.onEntry.map(compileAction));
  const onExit = fsm.states.map((s) => s.onExit.map(compileAction));
  return {
    names,
    initial: names.length === 0 ? -1 : stateIndex(fsm.initialState),
    isFinal: fsm.states.map((s) => s.isFinal),
    onEntry,
    onExit,
    from,
    hasTimer: from.map((list) => list.some((t) => t.trigger === 2)),
    sampled: from.map((list) => list.some((t) => t.trigger === 2 && (t.delay !== null || t.weight !== null))),
    emitMode,
  };
}

/** Edges an `emit` action sends to: those of the output named `target` (the loader checks it exists); no target: every one. */
function emitEdges(ctx: NodeContext, target: string | undefined): number[] {
  if (target === undefined || target === '') return [...ctx.outEdges];
  return ctx.outEdges.filter((e) => ctx.edges[e]!.outputName === target);
}
