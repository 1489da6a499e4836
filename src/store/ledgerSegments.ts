/**
 * Ledger segment rows: the durable audit record of a run, `SEGMENT_SIZE` events per row (see
 * segmentCodec.ts for the format). Written by `commitRun` in the same transaction as the execution
 * record; read back whole to export the ledger.
 */
import { Dexie } from 'dexie';
import type { AppDB, LedgerSegmentRow } from './AppDB';
import { guardStore } from './errors';

/** Not pure: every stored segment of `executionId`, in order. */
export function readSegments(db: AppDB, executionId: string): Promise<LedgerSegmentRow[]> {
  return guardStore(() =>
    db.ledgerSegments
      .where('[executionId+segment]')
      .between([executionId, Dexie.minKey], [executionId, Dexie.maxKey])
      .toArray(),
  );
}

/** Not pure: deletes every segment of `executionId` (inside the caller's transaction). */
export function deleteSegments(db: AppDB, executionId: string): Promise<number> {
  return db.ledgerSegments
    .where('[executionId+segment]')
    .between([executionId, Dexie.minKey], [executionId, Dexie.maxKey])
    .delete();
}
