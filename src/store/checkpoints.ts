/**
 * Checkpoints: one small row per ledger segment (last seq, last step, token count, checksum). A
 * restore re-runs the inputs and compares each re-encoded segment's checksum with these rows — the
 * proof that the re-run is the stored run — without reading the ledger segments themselves.
 */
import { Dexie } from 'dexie';
import type { AppDB, CheckpointRow } from './AppDB';

/** Not pure: checkpoints of segments `from`, `from + 1`, … of `executionId`, in order. */
export function checkpointsFrom(db: AppDB, executionId: string, from: number): Promise<CheckpointRow[]> {
  return db.checkpoints
    .where('[executionId+segment]')
    .between([executionId, from], [executionId, Dexie.maxKey])
    .toArray();
}

/** Not pure: deletes every checkpoint of `executionId` (inside the caller's transaction). */
export function deleteCheckpoints(db: AppDB, executionId: string): Promise<number> {
  return db.checkpoints
    .where('[executionId+segment]')
    .between([executionId, Dexie.minKey], [executionId, Dexie.maxKey])
    .delete();
}
