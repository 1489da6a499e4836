/**
 * The input log of a run: external events with the step at which they were added, one row per
 * batch (several for a large one). With the scenario copy and the seed it is everything a deterministic re-run needs.
 */
import { Dexie } from 'dexie';
import type { ExternalEvent } from '../contract/vocabulary';
import type { AppDB, InputBatchRow } from './AppDB';

/** Events one input row holds at most: a batch of more is stored as several rows (see InputBatchRow). */
export const INPUT_ROW_EVENTS = 10_000;

/**
 * Pure: the rows that store `events`, added at `step`, as rows `first`, `first + 1`, …: one row, or
 * several of at most `perRow` events, the later ones marked `continues`.
 */
export function inputRows(
  executionId: string,
  first: number,
  step: number,
  events: ExternalEvent[],
  perRow = INPUT_ROW_EVENTS,
): InputBatchRow[] {
  if (events.length <= perRow) return [{ executionId, batch: first, step, events }];
  const rows: InputBatchRow[] = [];
  for (let at = 0; at < events.length; at += perRow) {
    const row: InputBatchRow = { executionId, batch: first + rows.length, step, events: events.slice(at, at + perRow) };
    if (at > 0) row.continues = true;
    rows.push(row);
  }
  return rows;
}

/**
 * Not pure: batches from row `from` of execution `executionId`, in order, the rows of one batch
 * joined again (numbered as their last row) — the batches as they were added (call inside a
 * transaction for a consistent read).
 */
export async function inputBatchesFrom(db: AppDB, executionId: string, from: number): Promise<InputBatchRow[]> {
  const rows = await db.inputs
    .where('[executionId+batch]')
    .between([executionId, from], [executionId, Dexie.maxKey])
    .toArray();
  const batches: InputBatchRow[] = [];
  for (const row of rows) {
    const last = batches[batches.length - 1];
    if (row.continues && last && last.step === row.step) {
      // Pushed one by one: a spread of 10,000 arguments is close to the engine's argument limit.
      for (const e of row.events) last.events.push(e);
      last.batch = row.batch;
    } else {
      const { continues: _c, ...batch } = row;
      batches.push({ ...batch, events: [...row.events] });
    }
  }
  return batches;
}

/** Not pure: deletes every batch of `executionId` (inside the caller's transaction). */
export function deleteInputBatches(db: AppDB, executionId: string): Promise<number> {
  return db.inputs
    .where('[executionId+batch]')
    .between([executionId, Dexie.minKey], [executionId, Dexie.maxKey])
    .delete();
}
