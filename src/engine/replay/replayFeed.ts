/**
 * The external queue as an earlier moment of the run saw it, for a replay: the live queue's events,
 * but only those added at or before the `horizon` step, with the replay's own per-source cursors.
 * A replay sets the horizon to the step before the one it executes (an event added at step s is
 * first seen in step s + 1), and to the target step for the final snapshot, so the queue it shows
 * includes the events added at that step. It only reads the live queue.
 */
import type { ExternalEventQueue, FeedView } from '../run/externalQueue';

/** Not pure: a replay's view of the live queue `live`. */
export class ReplayFeed implements FeedView {
  /** Events added after this step are not visible yet. */
  horizon = 0;
  private readonly live: ExternalEventQueue;
  /** Next event (position in the node's list) per node index. */
  private readonly next: Int32Array;
  private readonly sources: number[];
  /** Restores so far: part of `revision`. */
  private restores = 0;

  constructor(live: ExternalEventQueue, nodeCount: number) {
    this.live = live;
    this.next = new Int32Array(nodeCount);
    this.sources = live.sourceNodes();
  }

  /** Sets the cursors from a checkpoint (`ExternalEventQueue.cursors()`). */
  restore(cursors: readonly number[]): void {
    this.next.fill(0);
    this.sources.forEach((node, i) => (this.next[node] = cursors[i] ?? 0));
    this.restores++;
  }

  revision(): number {
    // The events visible below the horizon (fewer than 2^32), and a restore moving the cursors.
    return this.restores * 4294967296 + this.live.visibleAt(this.horizon);
  }

  targets(node: number): boolean {
    return this.live.countFor(node, this.horizon) > 0;
  }

  pendingFor(node: number): number {
    return this.live.countFor(node, this.horizon) - this.next[node]!;
  }

  take(node: number): number {
    if (this.pendingFor(node) <= 0) return -1;
    return this.live.eventFor(node, this.next[node]!++);
  }

  dataOf(index: number): Record<string, unknown> {
    return this.live.dataOf(index);
  }

  correlationIdsOf(index: number): string[] | null {
    return this.live.correlationIdsOf(index);
  }

  size(): number {
    let n = 0;
    for (const node of this.sources) n += this.pendingFor(node);
    return n;
  }

  pendingByTarget(): Record<string, number> {
    const out: Record<string, number> = {};
    for (const [id, node] of this.live.sourceIds()) {
      const n = this.pendingFor(node);
      if (n > 0) out[id] = n;
    }
    return out;
  }
}
