/**
 * Execution rows and the one transaction that changes a run: new ledger segments, their
 * checkpoints, an input batch and the execution record are written together or not at all, so a
 * failed write (a full disk, a closed tab) never leaves a half-saved execution that looks complete.
 */
import type { AppDB, CheckpointRow, ExecutionRow, InputBatchRow, LedgerSegmentRow } from './AppDB';
import { checkpointsFrom, deleteCheckpoints } from './checkpoints';
import { guardStore, StoreError } from './errors';
import { deleteInputBatches, inputBatchesFrom } from './inputLog';
import { deleteSegments } from './ledgerSegments';

/** What one commit writes. `record.revision` must be the stored revision + 1. */
export interface RunCommit {
  record: ExecutionRow;
  segments: LedgerSegmentRow[];
  checkpoints: CheckpointRow[];
  /** The rows of the one batch of events this change added (inputLog.ts `inputRows`). */
  batch?: InputBatchRow[];
}

/** A consistent read of what restoring (or catching up with) a run needs. */
export interface RunState {
  record: ExecutionRow;
  /** Input batches from the requested one on. */
  batches: InputBatchRow[];
  /** Checkpoints from the requested segment on. */
  checkpoints: CheckpointRow[];
}

/** Not pure: the executions of template `templateId`, oldest first. */
export function listExecutions(db: AppDB, templateId: string): Promise<ExecutionRow[]> {
  return guardStore(async () => {
    const rows = await db.executions.where('templateId').equals(templateId).toArray();
    return rows.sort((x, y) => (x.createdAt < y.createdAt ? -1 : x.createdAt > y.createdAt ? 1 : x.id < y.id ? -1 : 1));
  });
}

/** Not pure: the execution `id`, or undefined. */
export function getExecution(db: AppDB, id: string): Promise<ExecutionRow | undefined> {
  return guardStore(() => db.executions.get(id));
}

/** What a new execution starts with besides its record: input batches, and ledger segments for an imported run. */
export interface NewExecutionRows {
  batches?: InputBatchRow[];
  segments?: LedgerSegmentRow[];
  checkpoints?: CheckpointRow[];
}

/** Not pure: stores a new execution with its first rows, in one transaction; fails with NOT_FOUND when its template is gone. */
export function insertExecution(db: AppDB, record: ExecutionRow, rows: NewExecutionRows = {}): Promise<void> {
  return guardStore(() =>
    db.transaction('rw', [db.templates, db.executions, db.inputs, db.ledgerSegments, db.checkpoints], async () => {
      if (!(await db.templates.get(record.templateId))) {
        throw new StoreError('NOT_FOUND', `template "${record.templateId}" not found`, {
          templateId: record.templateId,
        });
      }
      await db.executions.add(record);
      if (rows.batches && rows.batches.length > 0) await db.inputs.bulkAdd(rows.batches);
      if (rows.segments && rows.segments.length > 0) await db.ledgerSegments.bulkPut(rows.segments);
      if (rows.checkpoints && rows.checkpoints.length > 0) await db.checkpoints.bulkPut(rows.checkpoints);
    }),
  );
}

/**
 * Not pure: writes one change of a run in one transaction. Refused with CONFLICT when the stored
 * revision is not `record.revision - 1` (another tab committed first), NOT_FOUND when the execution
 * was deleted meanwhile.
 */
export function commitRun(db: AppDB, commit: RunCommit): Promise<void> {
  const { record } = commit;
  return guardStore(() =>
    db.transaction('rw', [db.executions, db.inputs, db.ledgerSegments, db.checkpoints], async () => {
      const stored = await db.executions.get(record.id);
      if (!stored) throw new StoreError('NOT_FOUND', `execution "${record.id}" not found`, { executionId: record.id });
      if (stored.revision !== record.revision - 1) {
        throw new StoreError(
          'CONFLICT',
          `execution "${record.id}" changed meanwhile (revision ${stored.revision}, expected ${record.revision - 1})`,
          {
            executionId: record.id,
          },
        );
      }
      if (commit.segments.length > 0) await db.ledgerSegments.bulkPut(commit.segments);
      if (commit.checkpoints.length > 0) await db.checkpoints.bulkPut(commit.checkpoints);
      if (commit.batch && commit.batch.length > 0) await db.inputs.bulkAdd(commit.batch);
      await db.executions.put(record);
    }),
  );
}

/**
 * Not pure: reads the record, input batches from `fromBatch` and checkpoints from `fromSegment` in
 * one read transaction; undefined when the execution does not exist. When the record is still at
 * `knownRevision` nothing else is read (the common case: the run in memory is current).
 */
export function readRunState(
  db: AppDB,
  id: string,
  fromBatch: number,
  fromSegment: number,
  knownRevision = -1,
): Promise<RunState | undefined> {
  return guardStore(() =>
    db.transaction('r', [db.executions, db.inputs, db.checkpoints], async () => {
      const record = await db.executions.get(id);
      if (!record) return undefined;
      if (record.revision === knownRevision) return { record, batches: [], checkpoints: [] };
      const batches = record.inputBatches > fromBatch ? await inputBatchesFrom(db, id, fromBatch) : [];
      const checkpoints = await checkpointsFrom(db, id, fromSegment);
      return { record, batches, checkpoints };
    }),
  );
}

/** Not pure: deletes execution `id` with its ledger, inputs and checkpoints; returns the deleted record, or undefined. */
export function deleteExecution(db: AppDB, id: string): Promise<ExecutionRow | undefined> {
  return guardStore(() =>
    db.transaction('rw', [db.executions, db.inputs, db.ledgerSegments, db.checkpoints], async () => {
      const record = await db.executions.get(id);
      if (record) await deleteExecutionData(db, id);
      return record;
    }),
  );
}

/** Not pure: deletes every row of execution `id` (inside the caller's transaction on the four tables). */
export async function deleteExecutionData(db: AppDB, id: string): Promise<void> {
  await deleteSegments(db, id);
  await deleteCheckpoints(db, id);
  await deleteInputBatches(db, id);
  await db.executions.delete(id);
}
