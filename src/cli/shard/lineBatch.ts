/**
 * What a `run --workers` thread hands the main thread: its ledger lines in batches, as UTF-8 bytes
 * (byteLines.ts) with their order keys and the places of their run-wide numbers as integers, so the
 * main thread merges them without parsing or re-encoding any text (batchMerge.ts). Both buffers of
 * a batch are transferred, not copied.
 *
 * `meta` holds per line: step, phase·2¹⁶ + node, x (engine/shard/deliveryKeys.ts), the line's
 * [start, end) in `bytes` (newline included), 1 for a Sink's TOKEN_COLLECTED, the number of token
 * ids T, the [start, end) of the seq in `"eventId":"e…"` and in `"seq":…` (relative to the line's
 * start), then per token id [start, end) of its number, its node index and its number in the shard.
 * `sinks` holds per Sink line its node id, the collected token's `data.value` and `data.state`, as
 * one JSON array.
 */
import { DeliveryKeys } from '../../engine/shard/deliveryKeys';
import { canonicalJson, OP, type Engine } from '../../engine';
import { ByteLineWriter, type LineMarks } from './byteLines';

/** One batch of a shard's lines. */
export interface LineBatch {
  lines: number;
  meta: Int32Array<ArrayBuffer>;
  bytes: Uint8Array<ArrayBuffer>;
  /** The JSON of the Sink entries (one string is handed over far more cheaply than an array of values). */
  sinks: string;
}

/** Integers of `meta` before a line's token ids. */
export const META_HEAD = 11;

/** Not pure (reads the engine's growing ledger): gathers the lines of a shard run into batches. */
export class LineBatcher {
  private readonly keys: DeliveryKeys;
  private readonly writer: ByteLineWriter;
  private readonly sinkNodes: Set<number>;
  private readonly nodeOfId = new Map<string, number>();
  private readonly marks: LineMarks = { eventId: [0, 0], seq: [0, 0], tokens: [], tokenCount: 0 };
  /** Per token index: its node index, number in the shard and that number's digits (-1: not read yet). */
  private tokenNode = new Int32Array(1 << 12).fill(-1);
  private tokenNumber = new Int32Array(1 << 12);
  private tokenDigits = new Uint8Array(1 << 12);
  private seq = 0;
  private meta = new Int32Array(1 << 14);
  private metaUsed = 0;
  private lines = 0;
  private sinks: unknown[] = [];

  constructor(private readonly engine: Engine) {
    this.keys = new DeliveryKeys(engine.ledger);
    this.writer = new ByteLineWriter(engine.ledger, (t) => this.digits(t));
    const nodes = engine.scenario.nodes;
    this.sinkNodes = new Set(nodes.filter((n) => n.type === 'Sink').map((n) => n.index));
    for (const n of nodes) this.nodeOfId.set(n.nodeId, n.index);
  }

  /** Lines gathered and not yet taken. */
  get pending(): number {
    return this.lines;
  }

  /** Gathers every ledger line written since the last call. */
  gather(): void {
    const ledger = this.engine.ledger;
    const marks = this.marks;
    const keys = this.keys;
    const writer = this.writer;
    while (this.seq < ledger.size) {
      const seq = ++this.seq;
      keys.next(seq);
      const start = writer.used;
      writer.write(seq, marks);
      const ids = marks.tokens;
      const count = marks.tokenCount;
      const tokens = count / 3;
      const meta = this.room(META_HEAD + 4 * tokens);
      let m = this.metaUsed;
      const sink = ledger.opOf(seq) === OP.TOKEN_COLLECTED && this.sinkNodes.has(ledger.nodeOf(seq));
      meta[m++] = keys.step;
      meta[m++] = keys.phaseNode;
      meta[m++] = keys.x;
      meta[m++] = start;
      meta[m++] = writer.used;
      meta[m++] = sink ? 1 : 0;
      meta[m++] = tokens;
      meta[m++] = marks.eventId[0];
      meta[m++] = marks.eventId[1];
      meta[m++] = marks.seq[0];
      meta[m++] = marks.seq[1];
      for (let i = 0; i < count; i += 3) {
        const t = ids[i + 2]!;
        meta[m++] = ids[i]!;
        meta[m++] = ids[i + 1]!;
        meta[m++] = this.tokenNode[t]!;
        meta[m++] = this.tokenNumber[t]!;
      }
      this.metaUsed = m;
      this.lines++;
      if (sink) this.sinkLine(seq);
    }
  }

  /** The lines gathered so far, as one batch (its buffers are the batch's own, ready to transfer). */
  take(): LineBatch {
    const batch: LineBatch = {
      lines: this.lines,
      meta: this.meta.slice(0, this.metaUsed),
      bytes: Uint8Array.prototype.slice.call(this.writer.out, 0, this.writer.used) as Uint8Array<ArrayBuffer>,
      sinks: JSON.stringify(this.sinks),
    };
    this.metaUsed = 0;
    this.writer.used = 0;
    this.lines = 0;
    this.sinks = [];
    return batch;
  }

  /** A Sink's collected token: its node id, `data.value` and `data.state` as its JSON line reads them. */
  private sinkLine(seq: number): void {
    const ledger = this.engine.ledger;
    const data = ledger.inputOf(seq) >= 0 ? ledger.tokens.data(ledger.inputOf(seq)) : undefined;
    this.sinks.push(ledger.nodes[ledger.nodeOf(seq)]!.nodeId, asInLine(data?.['value']), asInLine(data?.['state']));
  }

  /** The number of digits of token `t`'s number, reading its id `<nodeId>#<n>` the first time. */
  private digits(t: number): number {
    if (t < this.tokenNode.length && this.tokenNode[t]! >= 0) return this.tokenDigits[t]!;
    if (t >= this.tokenNode.length) {
      let n = this.tokenNode.length;
      while (n <= t) n *= 2;
      const node = new Int32Array(n).fill(-1);
      node.set(this.tokenNode);
      const num = new Int32Array(n);
      num.set(this.tokenNumber);
      const digits = new Uint8Array(n);
      digits.set(this.tokenDigits);
      this.tokenNode = node;
      this.tokenNumber = num;
      this.tokenDigits = digits;
    }
    const id = this.engine.ledger.tokens.id(t);
    const hash = id.lastIndexOf('#');
    const node = this.nodeOfId.get(id.slice(0, hash));
    const digits = id.slice(hash + 1);
    if (hash < 0 || node === undefined || !/^[1-9]\d{0,8}$/.test(digits))
      throw new Error(`token id ${JSON.stringify(id)} is not <nodeId>#<n>`);
    this.tokenNode[t] = node;
    this.tokenNumber[t] = Number(digits);
    this.tokenDigits[t] = digits.length;
    return digits.length;
  }

  /** `meta` with room for `n` more integers. */
  private room(n: number): Int32Array {
    if (this.metaUsed + n > this.meta.length) {
      const bigger = new Int32Array(this.meta.length * 2 + n);
      bigger.set(this.meta.subarray(0, this.metaUsed));
      this.meta = bigger;
    }
    return this.meta;
  }
}

/** Pure: a token data value as its canonical ledger line reads back (JSON.parse of its canonical JSON). */
function asInLine(v: unknown): unknown {
  if (v === undefined || v === null || typeof v === 'string' || typeof v === 'boolean') return v;
  if (typeof v === 'number') return Number.isFinite(v) ? v + 0 : null;
  return JSON.parse(canonicalJson(v)) as unknown;
}
