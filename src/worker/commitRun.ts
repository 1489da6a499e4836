/**
 * Persisting a change of an open run: the ledger segments written since the last commit (the open
 * segment is rewritten whole), their checkpoints, an optional input batch and the new execution
 * record go to storage in one transaction (store/executions.ts `commitRun`). Only after it commits
 * does the in-memory run count as level with storage; if it fails, the caller releases the run so
 * the next request restores it from what was really stored.
 */
import type { ExternalEvent } from '../engine/types';
import type { AppDB, CheckpointRow, ExecutionRow, InputBatchRow, LedgerSegmentRow } from '../store/AppDB';
import { commitRun as storeCommit } from '../store/executions';
import { encodeFrom } from '../store/segmentCodec';
import type { OpenRun } from './runCache';

export interface CommitTimings {
  /** Encoding new ledger segments. */
  encode: number;
  /** Hashing the ledger (only when the run has ended). */
  hash: number;
  /** The storage transaction. */
  persist: number;
}

/**
 * Not pure: commits the current state of `run.engine` (and `events`, added at the current step,
 * when given) as the next revision. `now` is the ISO time of the change; `clock` measures phases.
 */
export async function commitChange(
  db: AppDB,
  run: OpenRun,
  now: string,
  clock: () => number,
  events?: ExternalEvent[],
): Promise<CommitTimings> {
  const { engine } = run;
  const ledger = engine.ledger;
  const t0 = clock();
  const mark = { sealedSegments: run.sealedSegments, sealedTokens: run.sealedTokens };
  const encoded =
    ledger.size > run.record.ledgerSize ? encodeFrom(ledger, run.executionId, mark) : { segments: [], mark };
  const segments: LedgerSegmentRow[] = encoded.segments.map((e) => e.row);
  const checkpoints: CheckpointRow[] = encoded.segments.map((e) => e.checkpoint);
  const { sealedSegments, sealedTokens } = encoded.mark;
  const t1 = clock();
  const status = engine.status;
  const ended = status === 'completed' || status === 'truncated';
  const ledgerHash = ended ? engine.ledgerHash() : null;
  const t2 = clock();
  const batch: InputBatchRow | undefined = events && {
    executionId: run.executionId,
    batch: run.inputBatches,
    step: engine.getCurrentTick(),
    events,
  };
  const record: ExecutionRow = {
    ...run.record,
    status,
    currentStep: engine.getCurrentTick(),
    ledgerSize: ledger.size,
    externalEventCount: run.record.externalEventCount + (events?.length ?? 0),
    queueSize: engine.getQueue().size(),
    ledgerHash,
    updatedAt: now,
    revision: run.record.revision + 1,
    inputBatches: run.inputBatches + (batch ? 1 : 0),
    sealedSegments,
    sealedTokens,
  };
  await storeCommit(db, { record, segments, checkpoints, ...(batch ? { batch } : {}) });
  const t3 = clock();
  run.record = record;
  run.inputBatches = record.inputBatches;
  run.sealedSegments = sealedSegments;
  run.sealedTokens = sealedTokens;
  return { encode: t1 - t0, hash: t2 - t1, persist: t3 - t2 };
}

/** Pure: whether the engine differs from the run's stored record (nothing to commit otherwise). */
export function hasChanged(run: OpenRun): boolean {
  const { engine, record } = run;
  return (
    engine.getCurrentTick() !== record.currentStep ||
    engine.ledger.size !== record.ledgerSize ||
    engine.status !== record.status
  );
}
