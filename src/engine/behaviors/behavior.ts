/**
 * What a node kind does, behind one small interface (the bpmn-js-token-simulation pattern: one
 * behaviour file per element kind, registered by type). The scheduler owns time and queues; a
 * behaviour owns its node's state and reacts to the scheduler's calls by recording ledger events
 * and emitting tokens through its `NodeContext`.
 *
 * Tokens are passed as token indices into the ledger's token table (plain integers), so the queues
 * of the hot path hold numbers, never objects.
 */
import type { NodeContext } from './nodeContext';
import type { NodeKind, NodeSpec } from '../types';
import type { BehaviorState } from './state';

/** A node's live behaviour during one run. Not pure: each call may record events and emit tokens. */
export interface NodeRuntime {
  /** One task: token `tok`, delivered over edge `edge` (index into `Scenario.edges`), is processed now. */
  receive(tok: number, edge: number): void;
  /** DataSource only: called in phase 1 of every step; emits if the source is due. */
  emitDue?(step: number): void;
  /**
   * DataSource only: the first step at or after `step` in which `emitDue` would emit (Infinity when
   * it never will without new input). Reads only; the scheduler skips the steps before it when no
   * other node can act either.
   */
  nextDue?(step: number): number;
  /** Called after the node's deliveries in a step it asked to be woken at (`NodeContext.wakeAt`). */
  wake?(step: number): void;
  /** Tasks this node will run without new input: tokens still to generate, timers, timed flushes. */
  pending?(): number;
  /** Buffers that flush when nothing else is pending (`flushOnEnd`); counted in the queue size. */
  pendingAtEnd?(): number;
  /** Flushes those buffers; called in a step where nothing else was pending. */
  flushAtEnd?(): void;
  /** `NodeState.currentState` (an FSM in node mode); null for the others. */
  currentState(): string | null;
  /** `NodeState.aggregates`: a fresh object the caller may keep. */
  aggregates(): Record<string, unknown>;
  /** The behaviour's whole state as plain data (a checkpoint); later changes never alter it. */
  snapshot(): BehaviorState;
  /** Replaces the behaviour's state with `state` (from `snapshot` of a node of the same spec). */
  restore(state: BehaviorState): void;
}

/** Creates the runtime of one node of kind `S['type']`. */
export type Behavior<S extends NodeSpec> = (spec: S, ctx: NodeContext) => NodeRuntime;

/** One behaviour per node kind; the mapped type makes a missing kind a compile error. */
export type BehaviorRegistry = { [K in NodeKind]: Behavior<Extract<NodeSpec, { type: K }>> };
