/**
 * What a `run --workers` thread hands the main thread: its ledger lines in batches, as UTF-8 bytes
 * with their order keys and the places of their run-wide numbers as integers, so the main thread
 * merges them without parsing or re-encoding any text (batchMerge.ts). Both buffers of a batch are
 * transferred, not copied.
 *
 * `meta` holds per line: step, phase·2¹⁶ + node, x (engine/shard/deliveryKeys.ts), the line's
 * [start, end) in `bytes` (newline included), 1 for a Sink's TOKEN_COLLECTED, the number of token
 * ids T, the [start, end) of the seq in `"eventId":"e…"` and in `"seq":…` (relative to the line's
 * start), then per token id [start, end) of its number, its node index and its number in the shard.
 * `sinks` holds per Sink line its node id, the collected token's `data.value` and `data.state`.
 */
import { DeliveryKeys } from '../../engine/shard/deliveryKeys';
import { OP, type Engine } from '../../engine';

/** One batch of a shard's lines. */
export interface LineBatch {
  lines: number;
  meta: Int32Array<ArrayBuffer>;
  bytes: Uint8Array<ArrayBuffer>;
  sinks: unknown[];
}

/** Integers of `meta` before a line's token ids. */
export const META_HEAD = 11;

/** Not pure (reads the engine's growing ledger): gathers the lines of a shard run into batches. */
export class LineBatcher {
  private readonly keys: DeliveryKeys;
  private readonly sinkNodes: Set<number>;
  private readonly nodeOfId = new Map<string, number>();
  private readonly encoder = new TextEncoder();
  private readonly marks: number[] = [];
  private seq = 0;
  private meta = new Int32Array(1 << 14);
  private metaUsed = 0;
  private bytes = new Uint8Array(1 << 20);
  private bytesUsed = 0;
  private lines = 0;
  private sinks: unknown[] = [];

  constructor(private readonly engine: Engine) {
    this.keys = new DeliveryKeys(engine.ledger);
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
    while (this.seq < ledger.size) {
      const seq = ++this.seq;
      const keys = this.keys;
      keys.next(seq);
      const line = ledger.markedLine(seq, marks);
      const start = this.bytesUsed;
      const end = this.encode(line);
      const ascii = end - start === line.length;
      const at = (offset: number): number => (ascii ? offset : Buffer.byteLength(line.slice(0, offset), 'utf8'));
      const tokens = (marks.length - 4) / 2;
      const meta = this.room(META_HEAD + 4 * tokens);
      let m = this.metaUsed;
      const sink = ledger.opOf(seq) === OP.TOKEN_COLLECTED && this.sinkNodes.has(ledger.nodeOf(seq));
      meta[m++] = keys.step;
      meta[m++] = keys.phaseNode;
      meta[m++] = keys.x;
      meta[m++] = start;
      meta[m++] = end;
      meta[m++] = sink ? 1 : 0;
      meta[m++] = tokens;
      for (let i = 0; i < 4; i++) meta[m++] = at(marks[i]!);
      if (tokens > 0) m = this.tokenMarks(seq, line, at, meta, m);
      this.metaUsed = m;
      this.lines++;
      if (sink) {
        const e = JSON.parse(line) as { nodeId: string; inputToken?: { data?: Record<string, unknown> } };
        const data = e.inputToken?.data;
        this.sinks.push(e.nodeId, data?.['value'], data?.['state']);
      }
    }
  }

  /** The lines gathered so far, as one batch (its buffers are the batch's own, ready to transfer). */
  take(): LineBatch {
    const batch: LineBatch = {
      lines: this.lines,
      meta: this.meta.slice(0, this.metaUsed),
      bytes: this.bytes.slice(0, this.bytesUsed),
      sinks: this.sinks,
    };
    this.metaUsed = 0;
    this.bytesUsed = 0;
    this.lines = 0;
    this.sinks = [];
    return batch;
  }

  /** Writes the token id marks of line `seq` (in the order `markedLine` lists them) from `m`; the next free index. */
  private tokenMarks(seq: number, line: string, at: (o: number) => number, meta: Int32Array, m: number): number {
    const ledger = this.engine.ledger;
    const marks = this.marks;
    const ids: number[] = [];
    const inTok = ledger.inputOf(seq);
    if (inTok >= 0) ids.push(inTok);
    for (let i = 0, n = ledger.inputCountOf(seq); i < n; i++) ids.push(ledger.inputAt(seq, i));
    const outTok = ledger.outputOf(seq);
    if (outTok >= 0) ids.push(outTok);
    if (ids.length * 2 !== marks.length - 4) throw new Error(`e${seq}: its token ids and their marks disagree`);
    for (let i = 0; i < ids.length; i++) {
      const id = ledger.tokens[ids[i]!]!.id;
      const hash = id.lastIndexOf('#');
      const node = this.nodeOfId.get(id.slice(0, hash));
      const digits = id.slice(hash + 1);
      if (hash < 0 || node === undefined || !/^[1-9]\d{0,9}$/.test(digits))
        throw new Error(`e${seq}: token id ${JSON.stringify(id)} is not <nodeId>#<n>`);
      // The mark spans the JSON string, quotes included; the number ends before the closing quote.
      const close = marks[5 + 2 * i]! - 1;
      if (line.slice(close - digits.length, close) !== digits) throw new Error(`e${seq}: a token id mark is off`);
      meta[m++] = at(close - digits.length);
      meta[m++] = at(close);
      meta[m++] = node;
      meta[m++] = Number(digits);
    }
    return m;
  }

  /** Encodes `line` after the bytes used; the end offset. */
  private encode(line: string): number {
    for (;;) {
      const room = this.bytes.subarray(this.bytesUsed);
      const r = this.encoder.encodeInto(line, room);
      if (r.read === line.length && room.length - r.written >= 4) {
        this.bytesUsed += r.written;
        return this.bytesUsed;
      }
      const bigger = new Uint8Array(this.bytes.length * 2 + line.length * 3);
      bigger.set(this.bytes.subarray(0, this.bytesUsed));
      this.bytes = bigger;
    }
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
