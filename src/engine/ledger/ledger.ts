/**
 * The ledger: the append-only record of every node operation of a run (DSL.md §6). Its events
 * refer to tokens by index into its `TokenTable`.
 *
 * Storage is columnar so a million events stay within a few hundred bytes each (TARGETS.md E3):
 * each event is a row of typed-array columns (step, node, operation, input token, output token,
 * from/to states, consumed-token list, details) indexed by its seq; tokens live in the token
 * table's columns (`tokenTable.ts`) and are referred to by index. `LedgerEvent` and `Token` objects
 * are built only when read.
 *
 * Indexes are maintained as events are appended, never by scanning: by node (one growable list of
 * seqs per node), by token and by correlation id (chained postings, see `columns.ts`) and by step
 * (first seq of every step, steps being non-decreasing). Lineage (E5) and replay checkpoints (E4)
 * read these indexes.
 *
 * The correlation index also holds postings no token implies: a per-correlation-id FSM's timer
 * transition has no token, so the FSM posts it under its instance's key (`postCorrelation`). Such
 * a key is not part of the event (nor of its canonical line or the hash); `postedKeyOf` reads it
 * back, and `appendEvent` takes it again when a ledger is rebuilt from stored events.
 */
import { ChainedPostings, IntList } from './columns';
import { EventColumns } from './eventColumns';
import { OP, operationName, type OpCode } from './operations';
import { defaultHasher, type HasherFactory, type IncrementalHash } from './hashing';
import { ChunkSink, LineWriter } from './ledgerLine';
import type { Recorder } from './recorder';
import { NONE, TokenTable, type TokenReader } from './tokenTable';
import type { LedgerEvent, NodeKind } from '../types';
import { lowerBound } from '../lowerBound';

/** A node as the ledger needs it: its id and kind, at its index in the scenario. */
export interface LedgerNodeInfo {
  nodeId: string;
  nodeType: NodeKind;
}

export { NONE } from './tokenTable';

/** Not pure: the append-only ledger of one run. */
export class Ledger implements Recorder {
  /** Every token of the run, by token index, read from the token table's columns. */
  readonly tokens: TokenReader;
  readonly nodes: readonly LedgerNodeInfo[];
  readonly startTime: number;
  readonly tickMs: number;

  /** The run's tokens; behaviours create tokens through it. */
  readonly table: TokenTable;
  private readonly nodeIndexById = new Map<string, number>();

  private count = 0;
  /** Per event: step, node, operation, tokens; `states` is `(fromStateKey + 1) * 65536 + toStateKey + 1` for a transition (else 0); `inputs` the offset + 1 of `[length, token…]` in `listPool` (0: none); `details` an index into `detailsTable` (0: none). */
  private readonly cols = new EventColumns();
  private readonly listPool = new IntList(1024);
  private readonly detailsTable: (Record<string, unknown> | undefined)[] = [undefined];
  private readonly stateNames: string[] = [];
  private readonly stateKeyByName = new Map<string, number>();

  private readonly byNode: IntList[];
  private readonly byToken = new ChainedPostings();
  private readonly byCorrelation = new ChainedPostings();
  /** Index-only postings (`postCorrelation`), sorted by seq: `postedSeqs[i]` posted under correlation key `postedKeys[i]`. */
  private readonly postedSeqs = new IntList(16);
  private readonly postedKeys = new IntList(16);
  /**
   * The seq of the first event of each step s (or of the next event when s had none), run-length
   * coded: `firstSeqs[k]` holds from step `firstSteps[k]` up to the next entry's step. A run of idle
   * steps (the scheduler skips them in one go) is one entry, so beginning step 10,000,000 after
   * step 1 costs O(1), not one entry per step.
   */
  private readonly firstSteps = new IntList(1024);
  private readonly firstSeqs = new IntList(1024);
  /** The step most recently begun. */
  private begun = 0;

  private readonly hasher: IncrementalHash;
  private hashedThrough = 0;
  private readonly writer = new LineWriter(this);

  /**
   * `nodes` in scenario order; timestamps are `startTime + step * tickMs`. `hasher` makes the
   * SHA-256 of the ledger hash (default: JavaScript; the command line injects Node's native one).
   */
  constructor(
    nodes: readonly LedgerNodeInfo[],
    startTime: number,
    tickMs: number,
    hasher: HasherFactory = defaultHasher,
  ) {
    this.hasher = hasher();
    if (nodes.length > 0xffff) throw new Error(`a ledger holds at most 65535 nodes, got ${nodes.length}`);
    this.nodes = nodes;
    this.startTime = startTime;
    this.tickMs = tickMs;
    nodes.forEach((n, i) => this.nodeIndexById.set(n.nodeId, i));
    this.table = new TokenTable(
      nodes.map((n) => n.nodeId),
      this.nodeIndexById,
    );
    this.tokens = this.table;
    this.byNode = nodes.map(() => new IntList(64));
    this.firstSteps.push(0);
    this.firstSeqs.push(1);
  }

  /** Number of events; the seq of the last one. */
  get size(): number {
    return this.count;
  }

  /** The step most recently begun (0 before any); appended events belong to it. */
  get lastStep(): number {
    return this.begun;
  }

  // ——— tokens ———

  /** Creates the next token of node `node` (`"<nodeId>#<n>"`); `correlationIds` is kept by reference. */
  createToken(node: number, correlationIds: string[], data: Record<string, unknown>): number {
    return this.table.create(node, correlationIds, data);
  }

  /** Token index of the token with id `id`, or NONE. */
  tokenIndexOf(id: string): number {
    return this.table.indexOf(id);
  }

  // ——— events ———

  /** Starts step `step` (non-decreasing); events appended next belong to it. */
  beginStep(step: number): void {
    if (step < this.lastStep)
      throw new Error(`ledger steps must not decrease: step ${step} after step ${this.lastStep}`);
    if (step === this.begun) return;
    const next = this.count + 1;
    if (this.firstSeqs.data[this.firstSeqs.length - 1] !== next) {
      this.firstSteps.push(this.begun + 1);
      this.firstSeqs.push(next);
    }
    this.begun = step;
  }

  /** The seq of the first event of step `step` (0 ≤ step ≤ the last step begun), or of the next event. */
  private firstSeqOf(step: number): number {
    const steps = this.firstSteps.data;
    return this.firstSeqs.data[lowerBound(0, this.firstSteps.length, (i) => steps[i]! <= step) - 1]!;
  }

  /**
   * Appends an event of the current step and returns its seq. `inTok`/`outTok` are token indices or
   * NONE; `states` is from `transitionStates` or 0; `inputs` from `tokenList` or 0; `details` from
   * `internDetails`/`addDetails` or 0.
   */
  append(
    node: number,
    op: OpCode,
    inTok: number,
    outTok: number,
    states: number,
    inputs: number,
    details: number,
  ): number {
    const seq = ++this.count;
    this.cols.set(seq, this.begun, node, op, inTok, outTok, states, inputs, details);
    this.byNode[node]!.push(seq);
    if (inTok >= 0) {
      this.byToken.add(inTok, seq);
      this.postCorrelations(inTok, seq);
    }
    if (outTok >= 0 && outTok !== inTok) {
      this.byToken.add(outTok, seq);
      const table = this.table;
      if (
        inTok < 0 ||
        table.corrStart[outTok] !== table.corrStart[inTok] ||
        table.corrEnd[outTok] !== table.corrEnd[inTok]
      ) {
        this.postCorrelations(outTok, seq);
      }
    }
    if (inputs !== 0) {
      const pool = this.listPool.data;
      const n = pool[inputs - 1]!;
      for (let i = 0; i < n; i++) {
        const t = pool[inputs + i]!;
        if (this.byToken.last(t) !== seq) this.byToken.add(t, seq);
        this.postCorrelations(t, seq);
      }
    }
    return seq;
  }

  /**
   * Posts event `seq` (the last appended) to the correlation index under `correlationId`, which a
   * token of the run carries, though none of the event's tokens does — a per-correlation-id FSM's
   * timer transition, under its instance's key. Only the index changes, never the event (its line
   * and the hash). At most one such posting per event; an id already posted for it is ignored.
   */
  postCorrelation(seq: number, correlationId: string): void {
    if (seq !== this.count) throw new Error(`postCorrelation: e${seq} is not the last event (e${this.count})`);
    const key = this.table.findCorrelation(correlationId);
    if (key < 0) throw new Error(`postCorrelation: no token of the run carries the correlation id "${correlationId}"`);
    if (this.byCorrelation.last(key) === seq) return;
    const n = this.postedSeqs.length;
    if (n > 0 && this.postedSeqs.data[n - 1] === seq)
      throw new Error(`postCorrelation: e${seq} already has an index-only posting`);
    this.byCorrelation.add(key, seq);
    this.postedSeqs.push(seq);
    this.postedKeys.push(key);
  }

  /** Stores a list of consumed token indices; returns its reference for `append`. */
  tokenList(tokens: ArrayLike<number>, from = 0, to = tokens.length): number {
    const ref = this.listPool.length + 1;
    this.listPool.push(to - from);
    for (let i = from; i < to; i++) this.listPool.push(tokens[i]!);
    return ref;
  }

  /** Stores `details` once for many events (it must never be mutated); returns its reference. */
  internDetails(details: Record<string, unknown>): number {
    this.detailsTable.push(details);
    return this.detailsTable.length - 1;
  }

  /** Stores the details of one event; returns its reference. */
  addDetails(details: Record<string, unknown>): number {
    this.detailsTable.push(details);
    return this.detailsTable.length - 1;
  }

  /** The `states` argument of `append` for a transition `from` → `to`. */
  transitionStates(from: string, to: string): number {
    return (this.stateKey(from) + 1) * 65536 + this.stateKey(to) + 1;
  }

  // ——— reading ———

  /** The event `seq` (1 … size) as a plain object, its tokens built from the token table (one object when input and output are the same token). */
  get(seq: number): LedgerEvent {
    if (!(seq >= 1 && seq <= this.count))
      throw new Error(`no ledger event with seq ${seq}; the ledger has ${this.count}`);
    const node = this.nodes[this.cols.node(seq)]!;
    const step = this.cols.step(seq);
    const ev: LedgerEvent = {
      eventId: `e${seq}`,
      timestamp: this.startTime + step * this.tickMs,
      nodeId: node.nodeId,
      operation: operationName(this.cols.op(seq)),
      seq,
      step,
      nodeType: node.nodeType,
    };
    const inTok = this.cols.input(seq);
    const outTok = this.cols.output(seq);
    if (inTok >= 0) ev.inputToken = this.tokens.get(inTok);
    if (outTok >= 0) ev.outputToken = outTok === inTok ? ev.inputToken : this.tokens.get(outTok);
    const from = this.fromOf(seq);
    if (from !== undefined) {
      ev.from = from;
      ev.to = this.toOf(seq)!;
    }
    const inputs = this.inputTokensOf(seq);
    if (inputs !== undefined) ev.inputTokens = inputs.map((t) => this.tokens.id(t));
    const details = this.detailsOf(seq);
    if (details !== undefined) ev.details = details;
    return ev;
  }

  /** Raw transition states of event `seq` (the `states` argument it was appended with). */
  statesOf(seq: number): number {
    return this.cols.states(seq);
  }
  /** Step of event `seq`. */
  stepOf(seq: number): number {
    return this.cols.step(seq);
  }
  /** Node index of event `seq`. */
  nodeOf(seq: number): number {
    return this.cols.node(seq);
  }
  /** Operation code of event `seq`. */
  opOf(seq: number): OpCode {
    return this.cols.op(seq) as OpCode;
  }
  /** Input token index of event `seq`, or NONE. */
  inputOf(seq: number): number {
    return this.cols.input(seq);
  }
  /** Output token index of event `seq`, or NONE. */
  outputOf(seq: number): number {
    return this.cols.output(seq);
  }
  /** `from` state of a transition event. */
  fromOf(seq: number): string | undefined {
    const s = this.cols.states(seq);
    return s === 0 ? undefined : this.stateNames[Math.floor(s / 65536) - 1];
  }
  /** `to` state of a transition event. */
  toOf(seq: number): string | undefined {
    const s = this.cols.states(seq);
    return s === 0 ? undefined : this.stateNames[(s % 65536) - 1];
  }
  /** Number of tokens merge event `seq` consumed (0 when it is not a merge). */
  inputCountOf(seq: number): number {
    const ref = this.cols.inputs(seq);
    return ref === 0 ? 0 : this.listPool.data[ref - 1]!;
  }
  /** The `i`-th token index merge event `seq` consumed (i < `inputCountOf(seq)`). */
  inputAt(seq: number, i: number): number {
    return this.listPool.data[this.cols.inputs(seq) + i]!;
  }
  /** Token indices consumed by a merge event, or undefined. */
  inputTokensOf(seq: number): number[] | undefined {
    const ref = this.cols.inputs(seq);
    if (ref === 0) return undefined;
    const n = this.listPool.data[ref - 1]!;
    return Array.from(this.listPool.data.subarray(ref, ref + n));
  }
  /** Details of event `seq`, or undefined. */
  detailsOf(seq: number): Record<string, unknown> | undefined {
    return this.detailsTable[this.cols.details(seq)];
  }
  /** Reference of event `seq`'s details (0: none); events sharing interned details share it. */
  detailsRefOf(seq: number): number {
    return this.cols.details(seq);
  }
  /** The details stored under reference `ref`. */
  detailsAt(ref: number): Record<string, unknown> | undefined {
    return this.detailsTable[ref];
  }

  /** Seqs `[first, end)` of the events of step `step` (empty past the last step). */
  stepRange(step: number): [number, number] {
    if (step < 0 || step > this.begun) return [this.count + 1, this.count + 1];
    const first = this.firstSeqOf(step);
    const end = step + 1 <= this.begun ? this.firstSeqOf(step + 1) : this.count + 1;
    return [first, end];
  }

  /** Seq of the last event at or before step `step` (0 if none). */
  lastSeqAt(step: number): number {
    if (step + 1 <= this.begun) return this.firstSeqOf(step + 1) - 1;
    return this.count;
  }

  /** Seqs of the events of node `node` up to seq `upTo`, oldest first (binary search, no scan). */
  seqsOfNode(node: number, upTo = this.count): Int32Array {
    return this.byNode[node]!.data.slice(0, this.nodeEventCount(node, upTo));
  }

  /** Number of events of node `node` with seq `<= upTo` (binary search). */
  nodeEventCount(node: number, upTo = this.count): number {
    const list = this.byNode[node]!;
    return lowerBound(0, list.length, (i) => list.data[i]! <= upTo);
  }

  /** Seq of the `i`-th event (from 0) of node `node`. */
  nodeEventSeq(node: number, i: number): number {
    return this.byNode[node]!.data[i]!;
  }

  /** Seqs of the events that touched token `token` (input, output or consumed) up to `upTo`. */
  seqsOfToken(token: number, upTo = this.count): number[] {
    return this.byToken.values(token, upTo);
  }

  /** Seqs of the events that touched a token carrying `correlationId`, up to `upTo`, oldest first. */
  seqsOfCorrelation(correlationId: string, upTo = this.count): number[] {
    const key = this.table.findCorrelation(correlationId);
    return key < 0 ? [] : this.byCorrelation.values(key, upTo);
  }

  /** The correlation id event `seq` was posted under by `postCorrelation` (not by its tokens), or undefined. */
  postedKeyOf(seq: number): string | undefined {
    const seqs = this.postedSeqs;
    const lo = lowerBound(0, seqs.length, (i) => seqs.data[i]! < seq);
    return lo < seqs.length && seqs.data[lo] === seq
      ? this.table.correlationName(this.postedKeys.data[lo]!)
      : undefined;
  }

  /** Node index of `nodeId`, or undefined. */
  nodeIndex(nodeId: string): number | undefined {
    return this.nodeIndexById.get(nodeId);
  }

  // ——— canonical form and hash ———

  /** The canonical NDJSON line (with its newline) of event `seq`. */
  line(seq: number): string {
    return this.writer.line(seq);
  }

  /** `line(seq)`, with where its run-wide numbers stand in `marks` (see `LineWriter.markedLine`). */
  markedLine(seq: number, marks: number[]): string {
    return this.writer.markedLine(seq, marks);
  }

  /** Canonical NDJSON of the events `[from, to]` (default: all). */
  toNdjson(from = 1, to = this.count): string {
    return this.ndjsonChunks(from, to).join('');
  }

  /**
   * The same text as `toNdjson`, in chunks of about 64 KiB that are never joined: a ledger at the
   * documented bounds (tens of millions of events) is longer than the longest string JavaScript can
   * hold, so exports are written and answered chunk by chunk.
   */
  ndjsonChunks(from = 1, to = this.count): string[] {
    return [...this.ndjsonStream(from, to)];
  }

  /** `ndjsonChunks` one chunk at a time, so a writer holds one chunk, not the whole ledger. */
  *ndjsonStream(from = 1, to = this.count): Generator<string> {
    const ready: string[] = [];
    const sink = new ChunkSink({ update: (text) => void ready.push(text), digestHex: () => '' });
    for (let seq = from; seq <= to; seq++) {
      this.writer.write(seq, sink);
      if (ready.length > 0) yield ready.pop()!;
    }
    sink.flush();
    if (ready.length > 0) yield ready.pop()!;
  }

  /** SHA-256 hex of the canonical NDJSON of the whole ledger; incremental over calls. */
  hash(): string {
    // Lines are gathered into chunks of tens of kilobytes: one hash update per chunk, whatever the
    // hash (a native one pays a fixed cost per call).
    const chunk = new ChunkSink(this.hasher);
    for (let seq = this.hashedThrough + 1; seq <= this.count; seq++) this.writer.write(seq, chunk);
    chunk.flush();
    this.hashedThrough = this.count;
    return this.hasher.digestHex();
  }

  /** Rough bytes held by the columns and indexes (capacity), the token table's included (not its interned strings and data kept as objects). */
  columnBytes(): number {
    let bytes = this.cols.bytes();
    bytes += this.byToken.bytes() + this.byCorrelation.bytes() + this.listPool.data.byteLength + this.table.bytes();
    bytes += this.postedSeqs.data.byteLength + this.postedKeys.data.byteLength;
    bytes += this.firstSteps.data.byteLength + this.firstSeqs.data.byteLength;
    for (const l of this.byNode) bytes += l.data.byteLength;
    return bytes;
  }

  // ——— loading ———

  /**
   * Appends a materialised event (e.g. read back from storage); its seq must be `size + 1`.
   * `postedKey` is the correlation id the original ledger posted it under without a token
   * (`postedKeyOf`): an event does not record it, so a caller that wants the same correlation index
   * must keep it next to the event. Without it, a tokenless FSM timer transition is left out of the
   * index (the events, lines and hash are the same either way).
   */
  appendEvent(ev: LedgerEvent, postedKey?: string): number {
    if (ev.seq !== this.count + 1)
      throw new Error(`event ${ev.eventId} has seq ${ev.seq}, the ledger expects ${this.count + 1}`);
    const node = this.nodeIndexById.get(ev.nodeId);
    if (node === undefined) throw new Error(`event ${ev.eventId} names unknown node "${ev.nodeId}"`);
    this.beginStep(ev.step);
    const inTok = ev.inputToken ? this.table.adopt(ev.inputToken) : NONE;
    const outTok = ev.outputToken ? this.table.adopt(ev.outputToken) : NONE;
    const states = ev.from !== undefined && ev.to !== undefined ? this.transitionStates(ev.from, ev.to) : 0;
    let inputs = 0;
    if (ev.inputTokens) {
      const idx = ev.inputTokens.map((id) => {
        const t = this.tokenIndexOf(id);
        if (t === NONE) throw new Error(`event ${ev.eventId} consumes unknown token "${id}"`);
        return t;
      });
      inputs = this.tokenList(idx);
    }
    const details = ev.details ? this.addDetails(ev.details) : 0;
    const seq = this.append(node, OP[ev.operation], inTok, outTok, states, inputs, details);
    if (postedKey !== undefined) this.postCorrelation(seq, postedKey);
    return seq;
  }

  private postCorrelations(tok: number, seq: number): void {
    const table = this.table;
    const pool = table.pool.data;
    for (let i = table.corrStart[tok]!, end = table.corrEnd[tok]!; i < end; i++) {
      const key = pool[i]!;
      if (this.byCorrelation.last(key) !== seq) this.byCorrelation.add(key, seq);
    }
  }

  private stateKey(name: string): number {
    let key = this.stateKeyByName.get(name);
    if (key === undefined) {
      key = this.stateNames.length;
      // The loader refuses a scenario past this bound (DSL_LIMITS.maxStateNames), so only a
      // ledger built by hand reaches it.
      if (key >= 0xfffe) throw new Error('a ledger records at most 65534 distinct state names');
      this.stateNames.push(name);
      this.stateKeyByName.set(name, key);
    }
    return key;
  }
}
