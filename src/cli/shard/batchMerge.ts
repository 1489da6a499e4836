/**
 * The merge of `run --workers K` on the main thread, fed while the shard runs go on: each worker's
 * line batches (lineBatch.ts) are queued per shard, and as long as every unfinished shard has a line
 * in hand the least key goes next. Keys are compared as numbers (engine/shard/deliveryKeys.ts): a
 * delivery's parent is the local seq of a line its shard handed in earlier, already merged, whose
 * global seq stands in for it. The line's bytes are copied into the output with the run-wide numbers
 * written anew — seq and eventId by one counter, token ids per node in order of first appearance,
 * as `TokenRenumbering` does for shard files — then hashed (and written) in chunks of 1 MiB. Sink
 * tallies are taken in merged order, as the single run's summary counts them.
 *
 * Memory: the queued batches (bounded by the workers' back-pressure), 4 bytes per merged line (local
 * to global seq) and 4 bytes per token (local to global number).
 */
import { tallySink, type SinkStates, type SinkTally } from '../../engine/shard/mergeShards';
import { DELIVERY_PHASE } from '../../engine/shard/deliveryKeys';
import { META_HEAD, type LineBatch } from './lineBatch';

const OUT_BYTES = 1 << 20;

/** Where merged bytes go: each chunk in order (it is reused afterwards: copy what must outlive the call). */
export type ChunkSink = (chunk: Buffer) => void;

class ShardQueue {
  readonly batches: { meta: Int32Array; bytes: Uint8Array; sinks: unknown[] }[] = [];
  /** Position in the first batch's `meta` and `sinks`. */
  at = 0;
  sinkAt = 0;
  ended = false;
  /** Lines of this shard merged so far (its local seq of the last one). */
  local = 0;
  globalOf = new Int32Array(1 << 12);
  /** Per node: the shard's token number → the merged number (0 = not yet seen). */
  readonly tokens: Int32Array[] = [];
  /** The head's key, valid when `has`. */
  has = false;
  step = 0;
  phaseNode = 0;
  x = 0;
}

/** Not pure: merges shard line batches as they arrive; `chunk` gets the merged ledger's bytes. */
export class BatchMerge {
  private readonly shards: ShardQueue[];
  private readonly counters: number[] = [];
  private out = Buffer.allocUnsafe(OUT_BYTES);
  private used = 0;
  private seq = 0;
  readonly sinks = new Map<string, SinkTally>();
  readonly sinkStates: SinkStates = new Map();

  constructor(
    count: number,
    private readonly chunk: ChunkSink,
    private readonly sinkValuesLimit: number,
    /** Called once a batch of shard `i` is merged (the worker may then send another). */
    private readonly consumed: (i: number) => void,
  ) {
    this.shards = Array.from({ length: count }, () => new ShardQueue());
  }

  /** Lines merged so far. */
  get events(): number {
    return this.seq;
  }

  /** Queues a batch of shard `i` and merges what can be. */
  add(i: number, batch: LineBatch): void {
    this.shards[i]!.batches.push({ meta: batch.meta, bytes: batch.bytes, sinks: JSON.parse(batch.sinks) as unknown[] });
    this.pump();
  }

  /** Shard `i` has handed in its last batch. */
  end(i: number): void {
    this.shards[i]!.ended = true;
    this.pump();
  }

  /** Whether every shard has ended and every line is merged. */
  get done(): boolean {
    return this.shards.every((s) => s.ended && s.batches.length === 0);
  }

  /** Hands the last merged bytes to the sink. */
  finish(): void {
    this.flush();
  }

  private pump(): void {
    const shards = this.shards;
    for (;;) {
      let best = -1;
      for (let i = 0; i < shards.length; i++) {
        const s = shards[i]!;
        if (!s.has && !this.head(s, i)) {
          if (!s.ended) return; // its next line is still to come
          continue;
        }
        if (best < 0) best = i;
        else {
          const b = shards[best]!;
          if (
            s.step < b.step ||
            (s.step === b.step && (s.phaseNode < b.phaseNode || (s.phaseNode === b.phaseNode && s.x < b.x)))
          )
            best = i;
        }
      }
      if (best < 0) return;
      this.emit(shards[best]!);
    }
  }

  /** Loads shard `s`'s next line as its head; false when no line is in hand. */
  private head(s: ShardQueue, i: number): boolean {
    for (;;) {
      const batch = s.batches[0];
      if (batch === undefined) return false;
      if (s.at < batch.meta.length) break;
      s.batches.shift();
      s.at = 0;
      s.sinkAt = 0;
      this.consumed(i);
    }
    const meta = s.batches[0]!.meta;
    const at = s.at;
    s.step = meta[at]!;
    s.phaseNode = meta[at + 1]!;
    const x = meta[at + 2]!;
    s.x = s.phaseNode >= DELIVERY_PHASE ? s.globalOf[x]! : x;
    s.has = true;
    return true;
  }

  /** Writes shard `s`'s head line, renumbered, and moves past it. */
  private emit(s: ShardQueue): void {
    const batch = s.batches[0]!;
    const { meta, bytes } = batch;
    let m = s.at;
    const start = meta[m + 3]!;
    const end = meta[m + 4]!;
    const sink = meta[m + 5] === 1;
    const tokens = meta[m + 6]!;
    const seq = ++this.seq;
    const local = ++s.local;
    if (local >= s.globalOf.length) {
      const bigger = new Int32Array(s.globalOf.length * 2);
      bigger.set(s.globalOf);
      s.globalOf = bigger;
    }
    s.globalOf[local] = seq;
    if (this.used + (end - start) + 16 * (tokens + 2) > this.out.length) this.flush(end - start);
    const out = this.out;
    let pos = this.used;
    pos = copy(bytes, start, start + meta[m + 7]!, out, pos);
    pos = putUint(out, pos, seq);
    let from = start + meta[m + 8]!;
    m += META_HEAD;
    for (let t = 0; t < tokens; t++, m += 4) {
      pos = copy(bytes, from, start + meta[m]!, out, pos);
      pos = putUint(out, pos, this.tokenNumber(s, meta[m + 2]!, meta[m + 3]!));
      from = start + meta[m + 1]!;
    }
    pos = copy(bytes, from, start + meta[s.at + 9]!, out, pos);
    pos = putUint(out, pos, seq);
    pos = copy(bytes, start + meta[s.at + 10]!, end, out, pos);
    this.used = pos;
    if (sink) {
      const k = s.sinkAt;
      tallySink(
        this.sinks,
        this.sinkStates,
        batch.sinks[k] as string,
        batch.sinks[k + 1],
        batch.sinks[k + 2],
        this.sinkValuesLimit,
      );
      s.sinkAt = k + 3;
    }
    s.at = m;
    s.has = false;
  }

  /** The merged number of shard `s`'s token `n` of node `node`. */
  private tokenNumber(s: ShardQueue, node: number, n: number): number {
    let table = s.tokens[node];
    if (table === undefined || n >= table.length) {
      let size = table?.length ?? 1 << 10;
      while (size <= n) size *= 2;
      const bigger = new Int32Array(size);
      if (table) bigger.set(table);
      s.tokens[node] = table = bigger;
    }
    let g = table[n]!;
    if (g === 0) {
      g = (this.counters[node] ?? 0) + 1;
      this.counters[node] = g;
      table[n] = g;
    }
    return g;
  }

  private flush(need = 0): void {
    if (this.used > 0) this.chunk(this.out.subarray(0, this.used));
    this.used = 0;
    if (need + 64 > this.out.length) this.out = Buffer.allocUnsafe(need * 2 + 64);
  }
}

/** Copies `from[a, b)` to `to` at `pos`; the position after. Short runs byte by byte (a native copy costs a call and a view). */
function copy(from: Uint8Array, a: number, b: number, to: Uint8Array, pos: number): number {
  if (b - a > 96) {
    to.set(from.subarray(a, b), pos);
    return pos + b - a;
  }
  for (let i = a; i < b; i++) to[pos++] = from[i]!;
  return pos;
}

/** Writes the decimal digits of `n` (a positive integer) at `pos`; the position after them. */
function putUint(out: Uint8Array, pos: number, n: number): number {
  let digits = 1;
  for (let v = n; v >= 10; v = Math.floor(v / 10)) digits++;
  let at = pos + digits;
  for (let v = n; at > pos; v = Math.floor(v / 10)) out[--at] = 48 + (v % 10);
  return pos + digits;
}
