/**
 * The input log of a run: external events with the step at which they were added, one row per
 * batch. With the scenario copy and the seed it is everything a deterministic re-run needs.
 */
import { Dexie } from 'dexie';
import type { AppDB, InputBatchRow } from './AppDB';

/** Not pure: batches `from`, `from + 1`, … of execution `executionId`, in order (call inside a transaction for a consistent read). */
export function inputBatchesFrom(db: AppDB, executionId: string, from: number): Promise<InputBatchRow[]> {
  return db.inputs.where('[executionId+batch]').between([executionId, from], [executionId, Dexie.maxKey]).toArray();
}

/** Not pure: deletes every batch of `executionId` (inside the caller's transaction). */
export function deleteInputBatches(db: AppDB, executionId: string): Promise<number> {
  return db.inputs
    .where('[executionId+batch]')
    .between([executionId, Dexie.minKey], [executionId, Dexie.maxKey])
    .delete();
}
