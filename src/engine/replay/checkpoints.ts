/**
 * Checkpoints of a live run (DSL.md §6 replay): the whole simulation state as plain data, taken
 * after a step every so often, so the state at any earlier step is a restore plus a short
 * re-execution (`replay.ts`) instead of a re-run from step 0.
 *
 * Spacing is measured in work — ledger events plus steps — not in steps alone, so a busy step
 * counts for what it costs to re-execute. A checkpoint is due when the work since the previous one
 * reaches the larger of
 *   - `spacing` (K = 8,192 to start: E4 measured 2–3 ms median for random steps of a 1 M-event run,
 *     with checkpoints costing under 1 % of the run; see docs/time-travel.md), and
 *   - `RATIO` × the previous snapshot's size, so a run with a large state (many FSM instances,
 *     big buffers) takes snapshots more rarely: snapshot work stays a fixed fraction of run work,
 *     and checkpoint memory stays below `1 / RATIO` units per event.
 * Memory is bounded for any run length: past `MAX_CHECKPOINTS`, every other checkpoint (never
 * step 0's) is dropped and the spacing doubles.
 */
import type { ExternalEventQueue } from '../run/externalQueue';
import type { Ledger } from '../ledger/ledger';
import type { Simulation } from '../run/scheduler';
import { snapshotUnits, type SimSnapshot } from '../run/simSnapshot';
import { lowerBound } from '../lowerBound';

/** The initial spacing K, in work units (ledger events + steps). */
export const CHECKPOINT_SPACING = 8192;
/** Work between checkpoints is at least this many times the previous snapshot's size. */
const RATIO = 16;
/** Above this many checkpoints, every other one is dropped and the spacing doubles. */
const MAX_CHECKPOINTS = 256;

/** One checkpoint: the state right after step `step`. */
export interface Checkpoint {
  step: number;
  /** Ledger events at that point (seq of the last one). */
  ledgerSize: number;
  /** Tokens made by then. */
  tokenCount: number;
  /** External queue cursors (`ExternalEventQueue.cursors()`). */
  cursors: number[];
  sim: SimSnapshot;
  /** Rough size, in small units (numbers and references). */
  units: number;
}

/** Not pure: the checkpoints of one live run. */
export class Checkpoints {
  private readonly list: Checkpoint[] = [];
  private spacing: number;
  private gap: number;
  private lastWork = 0;
  private totalUnits = 0;

  /** Whether a large snapshot widens the gap (the default); off when a fixed spacing is asked for. */
  private readonly adaptive: boolean;

  /**
   * `spacing` fixes K and turns the size rule off (tests use small values to checkpoint nearly
   * every step; thinning still bounds memory). Default: adaptive, starting at `CHECKPOINT_SPACING`.
   */
  constructor(spacing?: number) {
    this.adaptive = spacing === undefined;
    this.spacing = Math.max(1, Math.floor(spacing ?? CHECKPOINT_SPACING));
    this.gap = this.spacing;
  }

  /** Number of checkpoints held. */
  get count(): number {
    return this.list.length;
  }

  /** Current spacing in work units (grows when checkpoints are thinned). */
  get currentSpacing(): number {
    return this.spacing;
  }

  /** Total size of the held snapshots, in units (about 8–16 bytes each). */
  get units(): number {
    return this.totalUnits;
  }

  /** Called after every live step (and once at step 0): takes a checkpoint when one is due. */
  afterStep(sim: Simulation, ledger: Ledger, queue: ExternalEventQueue): void {
    const work = ledger.size + sim.step;
    if (this.list.length > 0 && work - this.lastWork < this.gap) return;
    const snapshot = sim.capture();
    const units = snapshotUnits(snapshot) + queue.sourceNodes().length;
    this.list.push({
      step: sim.step,
      ledgerSize: ledger.size,
      tokenCount: ledger.tokens.length,
      cursors: queue.cursors(),
      sim: snapshot,
      units,
    });
    this.totalUnits += units;
    this.lastWork = work;
    this.gap = this.adaptive ? Math.max(this.spacing, RATIO * units) : this.spacing;
    if (this.list.length > MAX_CHECKPOINTS) this.thin();
  }

  /** The latest checkpoint at or before step `step` (step 0's always exists). */
  nearest(step: number): Checkpoint {
    const list = this.list;
    // The last checkpoint at or before `step`: one before the first one after it.
    const cp = list[Math.max(0, lowerBound(0, list.length, (i) => list[i]!.step <= step) - 1)];
    if (cp === undefined || cp.step > step) throw new Error(`no checkpoint at or before step ${step}`);
    return cp;
  }

  /** Keeps the first checkpoint and every other one after it; doubles the spacing. */
  private thin(): void {
    const kept = this.list.filter((_, i) => i === 0 || i % 2 === 0);
    this.list.length = 0;
    this.list.push(...kept);
    this.totalUnits = kept.reduce((n, c) => n + c.units, 0);
    this.spacing *= 2;
    this.gap = Math.max(this.gap, this.spacing);
  }
}
