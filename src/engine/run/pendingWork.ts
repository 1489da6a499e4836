/**
 * What the scheduler knows about work pending in its nodes, kept up to date by the nodes that act,
 * so a step costs what acts, not the number of nodes: 30,000 idle nodes used to be scanned twice
 * every step (each DataSource asked whether it was due, every node with timers or buffers asked
 * what it held).
 *
 * - Per node, the last `pending()` and `pendingAtEnd()` it reported, and their sums. A node's
 *   counts change only when it acts (a delivery, a wake-up, an emission, an end flush), so the
 *   scheduler re-reads them then (`update`). A DataSource's also change when external events
 *   arrive, between steps: the scheduler then re-reads every DataSource (`recountSources`).
 * - The nodes holding buffers that flush at the end, so an end flush visits only them.
 * - A heap of the DataSources' next due steps (key `step × 65536 + node`, so those due at one step
 *   come out in node order); a DataSource due after `maxSteps` is left out, as it never emits.
 */
import type { NodeRuntime } from '../behaviors';
import { WakeHeap } from './wakeHeap';

/** Not pure: the pending-work book of one simulation. */
export class PendingWork {
  /** Sum of the nodes' `pending()`: tasks they will run without new input. */
  active = 0;
  /** Sum of the nodes' `pendingAtEnd()`: buffers that flush when nothing else is pending. */
  atEnd = 0;
  private readonly runtimes: readonly NodeRuntime[];
  private readonly maxSteps: number;
  private readonly sources: number[] = [];
  private readonly counted: number[] = [];
  private readonly pending: Float64Array;
  private readonly endCount: Float64Array;
  private readonly holding: Uint8Array;
  /** 1 for a node whose runtime counts pending work at all (most nodes of a pipeline do not). */
  private readonly counts: Uint8Array;
  private holders: number[] = [];
  private due = new WakeHeap();

  constructor(runtimes: readonly NodeRuntime[], maxSteps: number) {
    this.runtimes = runtimes;
    this.maxSteps = maxSteps;
    this.pending = new Float64Array(runtimes.length);
    this.endCount = new Float64Array(runtimes.length);
    this.holding = new Uint8Array(runtimes.length);
    this.counts = new Uint8Array(runtimes.length);
    runtimes.forEach((rt, i) => {
      if (rt.emitDue) this.sources.push(i);
      if (rt.pending || rt.pendingAtEnd) {
        this.counted.push(i);
        this.counts[i] = 1;
      }
    });
  }

  /** Re-reads every node's counts and rebuilds the DataSources' heap from step `from` on: O(nodes). */
  recountAll(from: number): void {
    this.active = 0;
    this.atEnd = 0;
    this.pending.fill(0);
    this.endCount.fill(0);
    this.holding.fill(0);
    this.holders = [];
    for (const node of this.counted) this.update(node);
    this.rebuildDue(from);
  }

  /** Re-reads the DataSources' counts (external events arrived) and rebuilds their heap from step `from`: O(sources). */
  recountSources(from: number): void {
    for (const node of this.sources) this.update(node);
    this.rebuildDue(from);
  }

  /** Re-reads node `node`'s counts after it acted: O(1). */
  update(node: number): void {
    if (this.counts[node] === 0) return;
    const rt = this.runtimes[node]!;
    if (rt.pending) {
      const n = rt.pending();
      this.active += n - this.pending[node]!;
      this.pending[node] = n;
    }
    if (rt.pendingAtEnd) {
      const n = rt.pendingAtEnd();
      this.atEnd += n - this.endCount[node]!;
      this.endCount[node] = n;
      if (n > 0 && this.holding[node] === 0) {
        this.holding[node] = 1;
        this.holders.push(node);
      }
    }
  }

  /** Takes the nodes that held end buffers at their last update, in node order (they flush now). */
  takeHolders(): number[] {
    const out = this.holders.sort((a, b) => a - b);
    this.holders = [];
    for (const node of out) this.holding[node] = 0;
    return out;
  }

  /** The first step at which a DataSource is due (Infinity when none is, up to `maxSteps`). */
  nextSourceStep(): number {
    return this.due.peekStep();
  }

  /** Takes the DataSources due at or before step `t`, in node order, into `out`. */
  takeDue(t: number, out: number[]): void {
    out.length = 0;
    while (this.due.peekStep() <= t) out.push(this.due.popNode());
  }

  /** Puts DataSource `node` back in the heap at its next due step from `from` on. */
  schedule(node: number, from: number): void {
    const due = this.runtimes[node]!.nextDue!(from);
    if (due <= this.maxSteps) this.due.push(Math.max(due, from), node);
  }

  private rebuildDue(from: number): void {
    this.due = new WakeHeap();
    for (const node of this.sources) this.schedule(node, from);
  }
}
