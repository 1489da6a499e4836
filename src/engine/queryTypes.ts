/**
 * Shapes of the engine's read side (DSL.md §6, API.md "Engine paths"): step results, activity entries,
 * lineage, provenance, sink aggregates and snapshots of an earlier step. Plain data, so they cross the
 * worker boundary and the HTTP API unchanged (src/api/wire.ts re-exports them).
 */
import type { LedgerEvent, LedgerOperation, NodeState, RunStatus } from './types';

/** A value or a named, explained failure — queries never throw for a caller's mistake. */
export type QueryResult<T> = { ok: true; value: T } | { ok: false; error: QueryError };

export interface QueryError {
  code:
    | 'UNKNOWN_NODE'
    | 'UNKNOWN_TOKEN'
    | 'UNKNOWN_CORRELATION_ID'
    | 'NOT_A_SINK'
    | 'UNKNOWN_FORMULA'
    | 'STEP_OUT_OF_RANGE'
    | 'HASH_MISMATCH'
    | 'INVALID_LEDGER';
  message: string;
  details?: Record<string, unknown>;
}

/** Seed activity entry (2.7): one ledger event as a node's activity, newest first in lists. */
export interface ActivityEntry {
  timestamp: number;
  operation: LedgerOperation;
  /** The token the operation produced, else the one it consumed; null for none. */
  tokenId: string | null;
  details: { input: unknown; output: unknown };
  step: number;
  nodeId: string;
  seq: number;
}

export interface QueueSnapshot {
  size: number;
  /** The next deliveries in execution order (at most 20). */
  next: { nodeId: string; tokenId: string }[];
  external: { pending: number; byTarget: Record<string, number> };
}

/** Seed step result (2.3), for the live step or any earlier one. */
export interface StepResult {
  success: true;
  step: number;
  timestamp: number;
  status: RunStatus;
  queueSize: number;
  /** Ledger events of step `step`. */
  activity: LedgerEvent[];
  /** Events up to `step`, newest first, at most `activityLimit` (default 1000). */
  allActivities: LedgerEvent[];
  allActivitiesTotal: number;
  nodeStates: Record<string, NodeState>;
  /** Nodes that acted in step `step`, in scenario order. */
  activeNodeIds: string[];
  queueSnapshot: QueueSnapshot;
  /** e.g. `"Executed step 12; 7 events remaining in the queue"`. */
  message: string;
}

export interface LineageElement {
  nodeId: string;
  timestamp: number;
  operation: LedgerOperation;
  /** The token's data (output token, else input token); null for an FSM timer transition without a token. */
  data: unknown;
  step: number;
  /** The token shown (output, else input, else a consumed one); null for an FSM timer transition without a token. */
  tokenId: string | null;
  seq: number;
  /** STATE_TRANSITION only. */
  from?: string;
  to?: string;
  /** The event's details when it has some (e.g. a Multiplexer's `output`, a drop's `reason`). */
  details?: Record<string, unknown>;
}

/** Seed lineage (2.8): every event up to `step` that touched a token carrying the id, source → sink. */
export interface Lineage {
  correlationId: string;
  step: number;
  path: LineageElement[];
}

/** Ancestors (or descendants) of a token: a DAG over token ids. */
export interface Provenance {
  tokenId: string;
  /** Every token reached, the start included, each with the event that created it. */
  nodes: { tokenId: string; nodeId: string; operation: LedgerOperation; step: number; seq: number }[];
  /** `parent → child` edges (for descendants too, edges point from parent to child). */
  edges: { from: string; to: string }[];
  /**
   * Tokens of the DAG without a parent in it: for ancestors, the source tokens reached — for an
   * aggregate, every contributing generated token; for descendants, the start token.
   */
  roots: string[];
  /** Tokens of the DAG without a child in it: for descendants, the end products; for ancestors, the start token. */
  leaves: string[];
}

export const SINK_FORMULAS = [
  'latest',
  'earliest',
  'sum',
  'count',
  'average',
  'min',
  'max',
  'list',
  'distinct',
] as const;
export type SinkFormula = (typeof SINK_FORMULAS)[number];

export interface SinkAggregateValue {
  sinkId: string;
  formula: SinkFormula;
  field: string;
  value: unknown;
  /** Tokens the sink had collected by `step`. */
  count: number;
  step: number;
}

/** Everything the live run had right after step `step` (DSL.md §6 replay). */
export interface RunSnapshot {
  step: number;
  status: RunStatus;
  nodeStates: Record<string, NodeState>;
  queue: QueueSnapshot;
  /** Per Sink: collected count and the first 1,000 collected `data.value`s. */
  sinks: Record<string, { count: number; sum: number; values: unknown[] }>;
  /** Ledger prefix length (the seq of the last event of `step`). */
  ledgerSize: number;
}
