/**
 * Pure: the original tool's fields the seed leaves room for, added in both profiles: the step
 * result's `queueSnapshot.processed/total` and the lineage's `success/activities/journey`.
 */
import { ACTION_OF } from '../contract/pled';
import type { Lineage, LineageElement, StepResult } from '../contract/wire';
import type { NodeState } from '../contract/vocabulary';

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
