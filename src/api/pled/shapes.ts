/**
 * Pure: the original tool's fields, computed from Flowledger's answers. Used by the `pled` profile
 * (routes.ts) and, where the seed leaves a shape open, by the default profile too (the step
 * result's `queueSnapshot.processed/total`, the lineage's `success/activities/journey`).
 */
import type { ActivityEntry, Lineage, LineageElement, StepResult } from '../../contract/wire';
import type { LedgerEvent, LedgerOperation, NodeState, Token } from '../../engine/types';

/**
 * The original's lower-case `action` of each ledger operation. A Sink's collection is
 * `token_consumed`, the action the original's sink aggregation filters on.
 */
export const ACTION_OF: Record<LedgerOperation, string> = {
  TOKEN_GENERATED: 'token_created',
  TOKEN_PROCESSED: 'token_processed',
  TOKEN_TRANSFORMED: 'token_transformed',
  STATE_TRANSITION: 'state_transition',
  TOKEN_COLLECTED: 'token_consumed',
  TOKEN_BUFFERED: 'token_buffered',
  TOKEN_AGGREGATED: 'token_aggregated',
  TOKEN_ROUTED: 'token_routed',
  TOKEN_DROPPED: 'token_dropped',
  NODE_ERROR: 'node_error',
};

/** Pure: what a token carries as its value: `data.value` when it has one, else its whole data; null without a token. */
export function valueOf(token: Token | undefined): unknown {
  if (!token) return null;
  return Object.prototype.hasOwnProperty.call(token.data, 'value') ? token.data.value : token.data;
}

/** A ledger event as the original's callers read it: Flowledger's fields plus `action`, `value`, `correlationIds`. */
export type OriginalLedgerEvent = LedgerEvent & { action: string; value: unknown; correlationIds: string[] };

/** Pure: `event` with the original's `action`, `value` and `correlationIds` (of the token it produced, else consumed). */
export function originalEvent(event: LedgerEvent): OriginalLedgerEvent {
  const token = event.outputToken ?? event.inputToken;
  return {
    ...event,
    action: ACTION_OF[event.operation],
    value: valueOf(token),
    correlationIds: token ? [...token.correlationIds] : [],
  };
}

/** The original's queue counters, beside Flowledger's queue snapshot. */
export interface QueueCounts {
  /** Tokens the nodes had processed by the step: the sum of their `tokensProcessed`. */
  processed: number;
  /** `processed` plus the tasks still queued (`queueSize`). */
  total: number;
}

/** Pure: the original's `queueSnapshot.processed` and `total` of a step result. */
export function queueCounts(nodeStates: Record<string, NodeState>, queueSize: number): QueueCounts {
  let processed = 0;
  for (const s of Object.values(nodeStates)) processed += s.tokensProcessed;
  return { processed, total: processed + queueSize };
}

/** Pure: a step result with `queueSnapshot.processed` and `total` added (both profiles). */
export function withQueueCounts(r: StepResult): StepResult & { queueSnapshot: QueueCounts } {
  return { ...r, queueSnapshot: { ...r.queueSnapshot, ...queueCounts(r.nodeStates, r.queueSize) } };
}

/** The original's summary of a correlation id's journey through the graph. */
export interface Journey {
  correlationId: string;
  /** Nodes the id passed through, in the order it first reached them. */
  nodes: string[];
  /** Steps of its first and last event (null: no events). */
  firstStep: number | null;
  lastStep: number | null;
  events: number;
  /** Whether a Sink collected a token carrying it. */
  completed: boolean;
}

/** Pure: the journey of a lineage. */
export function journeyOf(lineage: Lineage): Journey {
  const nodes: string[] = [];
  for (const e of lineage.path) if (!nodes.includes(e.nodeId)) nodes.push(e.nodeId);
  const steps = lineage.path.map((e) => e.step);
  return {
    correlationId: lineage.correlationId,
    nodes,
    firstStep: steps.length > 0 ? Math.min(...steps) : null,
    lastStep: steps.length > 0 ? Math.max(...steps) : null,
    events: lineage.path.length,
    completed: lineage.path.some((e) => e.operation === 'TOKEN_COLLECTED'),
  };
}

/** A lineage element as the original's `activities` list it: with `action` and `value`. */
export type LineageActivity = LineageElement & { action: string; value: unknown };

/** Pure: a lineage with the original's `success`, `activities` (its path, each with `action` and `value`) and `journey` (both profiles). */
export function withJourney(
  lineage: Lineage,
): Lineage & { success: true; activities: LineageActivity[]; journey: Journey } {
  const activities = lineage.path.map((e) => ({
    ...e,
    action: ACTION_OF[e.operation],
    value:
      e.data !== null && typeof e.data === 'object' && Object.prototype.hasOwnProperty.call(e.data, 'value')
        ? (e.data as Record<string, unknown>).value
        : e.data,
  }));
  return { success: true, ...lineage, activities, journey: journeyOf(lineage) };
}

/** Pure: an activity entry with the original's `action`. */
export function originalActivity(a: ActivityEntry): ActivityEntry & { action: string } {
  return { ...a, action: ACTION_OF[a.operation] };
}
