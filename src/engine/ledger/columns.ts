/**
 * Growable typed-array columns and chained postings: the storage the ledger and the scheduler build
 * on. A million ledger events must fit in a few hundred bytes each (TARGETS.md E3), so per-event and
 * per-key data live in flat typed arrays, never in one JavaScript object per entry.
 */

/** A growable list of 32-bit integers (doubling capacity). Not thread-safe, not pure: mutable storage. */
export class IntList {
  data: Int32Array<ArrayBuffer>;
  length = 0;

  constructor(initialCapacity = 16) {
    this.data = new Int32Array(Math.max(4, initialCapacity));
  }

  /** Appends `value`. */
  push(value: number): void {
    if (this.length === this.data.length) this.grow(this.length + 1);
    this.data[this.length++] = value;
  }

  /** Appends two values (a pair) with one capacity check. */
  push2(a: number, b: number): void {
    if (this.length + 2 > this.data.length) this.grow(this.length + 2);
    this.data[this.length] = a;
    this.data[this.length + 1] = b;
    this.length += 2;
  }

  /** Ensures room for `capacity` values, keeping the content. */
  grow(capacity: number): void {
    if (capacity <= this.data.length) return;
    let next = this.data.length * 2;
    while (next < capacity) next *= 2;
    const bigger = new Int32Array(next);
    bigger.set(this.data.subarray(0, this.length));
    this.data = bigger;
  }

  /** A copy of the content (the backing array is reused and may grow). */
  toArray(): number[] {
    return Array.from(this.data.subarray(0, this.length));
  }

  clear(): void {
    this.length = 0;
  }
}

/** Pure: `column` with at least `capacity` slots, content kept (a new array when it had to grow). */
export function ensureInt32(column: Int32Array<ArrayBuffer>, capacity: number): Int32Array<ArrayBuffer> {
  return grown(column, capacity, (n) => new Int32Array(n));
}

/** Doubles `column`'s length until it holds `capacity` slots, copying its content into `make(length)`. */
function grown<T extends Int32Array<ArrayBuffer>>(column: T, capacity: number, make: (length: number) => T): T {
  if (capacity <= column.length) return column;
  let next = Math.max(1, column.length) * 2;
  while (next < capacity) next *= 2;
  const bigger = make(next);
  bigger.set(column);
  return bigger;
}

/** Postings per block: value and next of posting p live in block `p >>> 16`. */
const BLOCK_BITS = 16;
const BLOCK = 1 << BLOCK_BITS;
const BLOCK_MASK = BLOCK - 1;

/**
 * An inverted index for many small keys (token ids, correlation ids): each key's postings form a
 * singly linked list through two flat arrays, newest first. Appending is O(1) with no allocation
 * per key; reading a key is O(its postings). 8 bytes per posting plus 4 per key.
 *
 * Postings of one key are appended in non-decreasing value order (ledger seqs), so `last(key)`
 * tells whether the current event already posted to it.
 *
 * The posting arrays are kept in blocks of 65,536 (the first block doubles up to that size), never
 * in one array that doubles: at a million ledger events the postings reach tens of megabytes, and a
 * doubling array holds up to twice that and needs the old and the new copy at once (see
 * `eventColumns.ts` for the measurement).
 */
export class ChainedPostings {
  private head = new Int32Array(1024).fill(-1);
  private readonly valueBlocks: Int32Array<ArrayBuffer>[] = [new Int32Array(1024)];
  private readonly nextBlocks: Int32Array<ArrayBuffer>[] = [new Int32Array(1024)];
  private count = 0;
  private keyCount = 0;

  /** Number of postings stored. */
  get size(): number {
    return this.count;
  }

  /** Appends `v` to `key`'s postings. Keys are small non-negative integers. */
  add(key: number, v: number): void {
    if (key >= this.keyCount) this.ensureKey(key);
    const p = this.count;
    const b = p >>> BLOCK_BITS;
    const i = p & BLOCK_MASK;
    let values: Int32Array<ArrayBuffer> | undefined = this.valueBlocks[b];
    if (values === undefined || i >= values.length) values = this.grow(b);
    values[i] = v;
    this.nextBlocks[b]![i] = this.head[key]!;
    this.head[key] = p;
    this.count = p + 1;
  }

  /** The newest value posted to `key`, or -1. */
  last(key: number): number {
    if (key >= this.keyCount) return -1;
    const h = this.head[key]!;
    return h < 0 ? -1 : this.valueBlocks[h >>> BLOCK_BITS]![h & BLOCK_MASK]!;
  }

  /** The values posted to `key` that are `<= upTo`, oldest first. */
  values(key: number, upTo = 0x7fffffff): number[] {
    const out: number[] = [];
    if (key >= this.keyCount) return out;
    for (let p = this.head[key]!; p >= 0; p = this.nextBlocks[p >>> BLOCK_BITS]![p & BLOCK_MASK]!) {
      const v = this.valueBlocks[p >>> BLOCK_BITS]![p & BLOCK_MASK]!;
      if (v <= upTo) out.push(v);
    }
    return out.reverse();
  }

  /** Bytes held by the backing arrays (capacity, not length). */
  bytes(): number {
    let bytes = this.head.byteLength;
    for (let b = 0; b < this.valueBlocks.length; b++)
      bytes += this.valueBlocks[b]!.byteLength + this.nextBlocks[b]!.byteLength;
    return bytes;
  }

  /** The value block `b`, made (or, for the first block, enlarged) so the next posting fits. */
  private grow(b: number): Int32Array<ArrayBuffer> {
    if (b === 0) {
      const size = Math.min(BLOCK, this.valueBlocks[0]!.length * 2);
      this.valueBlocks[0] = ensureInt32(this.valueBlocks[0]!, size);
      this.nextBlocks[0] = ensureInt32(this.nextBlocks[0]!, size);
      return this.valueBlocks[0];
    }
    if (this.valueBlocks[0]!.length < BLOCK) {
      this.valueBlocks[0] = ensureInt32(this.valueBlocks[0]!, BLOCK);
      this.nextBlocks[0] = ensureInt32(this.nextBlocks[0]!, BLOCK);
    }
    this.valueBlocks.push(new Int32Array(BLOCK));
    this.nextBlocks.push(new Int32Array(BLOCK));
    return this.valueBlocks[b]!;
  }

  private ensureKey(key: number): void {
    if (key >= this.head.length) {
      const old = this.head.length;
      this.head = ensureInt32(this.head, key + 1);
      this.head.fill(-1, old);
    }
    this.keyCount = key + 1;
  }
}

/** Entries per block of a `BlockColumn`. */
const COLUMN_BITS = 16;
const COLUMN_BLOCK = 1 << COLUMN_BITS;
const COLUMN_MASK = COLUMN_BLOCK - 1;

/**
 * A growable column of numbers kept in blocks of 65,536 entries (the first block doubles up to
 * that size): growing never copies more than one block, and a column holds at most one partly
 * filled block. `make` builds a block (an `Int32Array`, a `Float64Array`…). Not pure.
 */
export class BlockColumn<T extends Int32Array<ArrayBuffer> | Float64Array<ArrayBuffer> | Uint16Array<ArrayBuffer>> {
  private readonly blocks: T[];
  private readonly make: (length: number) => T;
  length = 0;

  constructor(make: (length: number) => T, initialCapacity = 256) {
    this.make = make;
    this.blocks = [make(initialCapacity)];
  }

  push(value: number): void {
    const n = this.length;
    const b = n >>> COLUMN_BITS;
    const i = n & COLUMN_MASK;
    let block: T | undefined = this.blocks[b];
    if (block === undefined || i >= block.length) block = this.grow(b);
    block[i] = value;
    this.length = n + 1;
  }

  get(index: number): number {
    return this.blocks[index >>> COLUMN_BITS]![index & COLUMN_MASK]!;
  }

  /** Bytes held (capacity). */
  bytes(): number {
    let n = 0;
    for (const b of this.blocks) n += b.byteLength;
    return n;
  }

  private grow(b: number): T {
    if (b === 0) {
      const old = this.blocks[0]!;
      const bigger = this.make(Math.min(COLUMN_BLOCK, Math.max(16, old.length * 2)));
      bigger.set(old);
      this.blocks[0] = bigger;
      return bigger;
    }
    const first = this.blocks[0]!;
    if (first.length < COLUMN_BLOCK) {
      const full = this.make(COLUMN_BLOCK);
      full.set(first);
      this.blocks[0] = full;
    }
    const block = this.make(COLUMN_BLOCK);
    this.blocks.push(block);
    return block;
  }
}
