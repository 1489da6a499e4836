/**
 * A binary min-heap of (step, node) wake-ups — FSM timers and timed aggregator flushes — keyed by
 * `step * 65536 + node` in one Float64Array, so scheduling a wake-up allocates nothing and
 * wake-ups of one step come out in node order.
 */
const NODE_RANGE = 65536;

/** Not pure: a mutable heap. */
export class WakeHeap {
  private keys = new Float64Array(64);
  private length = 0;

  get size(): number {
    return this.length;
  }

  /** Pure: a heap holding `keys` (from `keysArray`, already in heap order). */
  static fromKeys(keys: readonly number[]): WakeHeap {
    const heap = new WakeHeap();
    if (keys.length > heap.keys.length) heap.keys = new Float64Array(keys.length * 2);
    heap.keys.set(keys);
    heap.length = keys.length;
    return heap;
  }

  /** The keys in heap order, as plain data (checkpoints). */
  keysArray(): number[] {
    return Array.from(this.keys.subarray(0, this.length));
  }

  /** Schedules node `node` for step `step`. */
  push(step: number, node: number): void {
    if (this.length === this.keys.length) {
      const bigger = new Float64Array(this.keys.length * 2);
      bigger.set(this.keys);
      this.keys = bigger;
    }
    const keys = this.keys;
    let i = this.length++;
    const key = step * NODE_RANGE + node;
    while (i > 0) {
      const parent = (i - 1) >> 1;
      if (keys[parent]! <= key) break;
      keys[i] = keys[parent]!;
      i = parent;
    }
    keys[i] = key;
  }

  /** Step of the earliest wake-up, or Infinity. */
  peekStep(): number {
    return this.length === 0 ? Infinity : Math.floor(this.keys[0]! / NODE_RANGE);
  }

  /** Removes the earliest wake-up and returns its node. */
  popNode(): number {
    const keys = this.keys;
    const top = keys[0]!;
    const last = keys[--this.length]!;
    let i = 0;
    const n = this.length;
    for (;;) {
      const l = 2 * i + 1;
      if (l >= n) break;
      const r = l + 1;
      const c = r < n && keys[r]! < keys[l]! ? r : l;
      if (keys[c]! >= last) break;
      keys[i] = keys[c]!;
      i = c;
    }
    if (n > 0) keys[i] = last;
    return top % NODE_RANGE;
  }
}
