/**
 * A simulation snapshot's rough size (run/simSnapshot.ts): what a checkpoint is charged, which with
 * the adaptive spacing decides how far apart checkpoints are (docs/time-travel.md: the gap is at
 * least 16 × the previous snapshot's size) and what `diagnostics().checkpoints.units` reports.
 * Sizes are counted by hand in the documented units (numbers and references).
 */
import { describe, expect, it } from 'vitest';
import { snapshotUnits, type SimSnapshot } from '../../../src/engine/run/simSnapshot';

/** A snapshot of three nodes (src → mux → sink) with the given per-node parts. */
function threeNodes(parts: Partial<SimSnapshot> = {}): SimSnapshot {
  return {
    step: 4,
    truncatedBy: null,
    activeNext: [],
    inboxes: [[], [], []],
    deliveries: 0,
    spent: 9,
    wakeKeys: [],
    processed: [3, 2, 1],
    lastStep: [4, 3, 3],
    random: [
      [1, 2, 3, 4],
      [5, 6, 7, 8],
      [9, 10, 11, 12],
    ],
    behaviors: [
      { kind: 'DataSource', generated: 3 },
      { kind: 'Multiplexer', routed: [1, 1], next: 0 },
      { kind: 'Sink', perState: [] },
    ],
    ...parts,
  };
}

describe('snapshotUnits', () => {
  it('counts 16 for the simulation, 8 per node and each node’s behaviour state', () => {
    // Per node: processed, lastStep, four random-state words, its inbox and its behaviour (8).
    // Behaviours: DataSource 4, Multiplexer 4 + 2 outputs, Sink 2 (behaviorState.test.ts).
    expect(snapshotUnits(threeNodes())).toBe(16 + 3 * 8 + (4 + 6 + 2));
  });

  it('adds one per queued delivery entry, per node due next and per wake-up key', () => {
    // src#3 waiting for mux on edge 0 (token 3, edge 0): 2 entries; mux due next; one wake-up at step 6.
    const busy = threeNodes({ activeNext: [1], inboxes: [[], [3, 0], []], deliveries: 1, wakeKeys: [6 * 65536 + 1] });
    expect(snapshotUnits(busy)).toBe(16 + 1 + 1 + 3 * 8 + 2 + (4 + 6 + 2));
  });
});
