/**
 * Re-executing a run from its inputs: the engine is deterministic, so a scenario, a seed and the
 * input log (each batch of external events with the step at which it was added) reproduce a run
 * exactly. THE one re-execution loop: a stored execution's restore and catch-up (worker) and a run
 * import (`Engine.importRun`) both go through it, each wording its own errors.
 */
import type { AddEventsResult } from './externalQueue';

/**
 * What a re-run drives: the `Engine` has these members. Declared here, not imported, so the engine
 * (whose run import re-executes) and this loop do not import each other.
 */
export interface Rerunnable {
  advance(to: number): unknown;
  getCurrentTick(): number;
  getExternalEventQueue(): { addEvents(events: readonly unknown[]): AddEventsResult };
}

/** One input batch as a re-run applies it: its events, added right after step `step`. */
export interface ReexecutionBatch {
  step: number;
  events: readonly unknown[];
}

/** Why a re-run could not follow its inputs; `batch` is the index in the given batches. */
export type ReexecutionProblem =
  | { kind: 'stopped'; batch: number; batchStep: number; reached: number }
  | { kind: 'refused'; batch: number; index: number; error: string };

/**
 * Not pure: advances `engine` to each batch's step and adds the batch, then advances to `toStep`.
 * Returns null when every batch applied, or the first problem (the batches before it are applied).
 * The caller compares the result (step, ledger, status, hash or checkpoints) with what it expects.
 */
export function reexecute(
  engine: Rerunnable,
  batches: readonly ReexecutionBatch[],
  toStep: number,
): ReexecutionProblem | null {
  for (let i = 0; i < batches.length; i++) {
    const batch = batches[i]!;
    engine.advance(batch.step);
    const reached = engine.getCurrentTick();
    if (reached !== batch.step) return { kind: 'stopped', batch: i, batchStep: batch.step, reached };
    const added = engine.getExternalEventQueue().addEvents(batch.events);
    if (!added.ok) return { kind: 'refused', batch: i, index: added.index, error: added.error };
  }
  engine.advance(toStep);
  return null;
}
