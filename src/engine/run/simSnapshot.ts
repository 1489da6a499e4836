/**
 * The whole state of a simulation between two steps, as plain data: what a checkpoint stores and a
 * replay restores. Together with the external queue's cursors and the ledger position it is
 * everything that decides what the next steps do — behaviour state, queued deliveries, wake-ups,
 * per-node counters and random streams.
 */
import { stateUnits, type BehaviorState } from '../behaviors/state';
import type { TruncationBound } from '../types';

export interface SimSnapshot {
  step: number;
  /** The bound that closed the run as truncated (null: open). */
  truncatedBy: TruncationBound | null;
  /** Nodes with deliveries queued for the next step, in the order they first got one. */
  activeNext: number[];
  /** Per node: queued `(token, edge)` pairs, flattened (empty for most nodes). */
  inboxes: number[][];
  deliveries: number;
  /** Work units spent so far (`maxWork`). */
  spent: number;
  /** The wake-up heap's keys, in heap order. */
  wakeKeys: number[];
  /** Per node: `NodeContext.processed` and `lastStep`. */
  processed: number[];
  lastStep: number[];
  /** Per node: its random stream's state. */
  random: Array<readonly number[]>;
  behaviors: BehaviorState[];
}

/** Pure: a rough size of `s` in small units (numbers and references). */
export function snapshotUnits(s: SimSnapshot): number {
  let n = 16 + s.activeNext.length + s.wakeKeys.length + 8 * s.processed.length;
  for (const box of s.inboxes) n += box.length;
  for (const b of s.behaviors) n += stateUnits(b);
  return n;
}
