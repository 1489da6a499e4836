/**
 * A behaviour's state as plain data, for checkpoints (replay): one shape per node kind, tagged by
 * kind. Token references are token indices; values are the run's (immutable) JSON values, shared,
 * never copied deeply. Every mutable container is copied, so a snapshot never changes afterwards
 * and restoring one never aliases it.
 */
import type { NodeKind } from '../types';

export interface FsmInstanceState {
  key: string;
  state: number;
  vars: Record<string, unknown>;
  enteredAt: number;
  timerDue: number;
  /** Sampled timers only: the armed transition's place in its state's list (absent: none drawn). */
  chosen?: number;
}

export interface AggregatorGroupState {
  key: string;
  tokens: number[];
  values: unknown[];
  arrivals: number[];
  sum: number;
  numbers: number;
  min: number;
  max: number;
}

export type BehaviorState =
  /** `nextMs`: with `arrivals` only, the simulated ms (from `startAt`) of the next arrival. */
  | { kind: 'DataSource'; generated: number; nextMs?: number }
  | { kind: 'ProcessNode'; transformed: number; passed: number; errors: number; waiting: number[][] | null }
  | {
      kind: 'FSM';
      instances: FsmInstanceState[];
      counts: number[];
      /** Per transition (declaration order): firings. */
      fired: number[];
      /** Per state: entries, a machine created in a state included. */
      entered: number[];
      varNames: string[];
      /** Armed timer lists: `[step, instance indices]`, in the map's order. */
      timers: Array<[number, number[]]>;
      armed: number;
    }
  | {
      kind: 'Aggregator';
      groups: AggregatorGroupState[];
      held: number;
      arrivals: number;
      emitted: number;
      dropped: number;
      wakeScheduled: number;
    }
  | { kind: 'Multiplexer'; routed: number[]; next: number }
  | { kind: 'Sink'; perState: Array<[string, number]> };

/** Pure: a rough size of `state` in small units (numbers and references), for checkpoint spacing and memory. */
export function stateUnits(state: BehaviorState): number {
  switch (state.kind) {
    case 'DataSource':
    case 'Multiplexer':
      return 4 + (state.kind === 'Multiplexer' ? state.routed.length : 0);
    case 'ProcessNode':
      return 4 + (state.waiting?.reduce((n, q) => n + q.length, 0) ?? 0);
    case 'FSM': {
      let n = 8 + state.counts.length + state.fired.length + state.entered.length + state.varNames.length;
      for (const inst of state.instances) n += 6 + Object.keys(inst.vars).length;
      for (const [, list] of state.timers) n += 2 + list.length;
      return n;
    }
    case 'Aggregator': {
      let n = 8;
      for (const g of state.groups) n += 8 + 3 * g.tokens.length;
      return n;
    }
    case 'Sink':
      return 2 + 2 * state.perState.length;
    default: {
      const never: never = state;
      throw new Error(`unknown behaviour state ${JSON.stringify(never)}`);
    }
  }
}

/** Not pure (throws): checks `state` belongs to a node of kind `kind` and narrows it. */
export function stateOf<K extends NodeKind>(state: BehaviorState, kind: K): Extract<BehaviorState, { kind: K }> {
  if (state.kind !== kind) throw new Error(`cannot restore a ${state.kind} state into a ${kind} node`);
  return state as Extract<BehaviorState, { kind: K }>;
}
