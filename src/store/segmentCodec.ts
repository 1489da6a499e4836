/**
 * The stored form of a ledger: chunks of `SEGMENT_SIZE` events, columnar. Integer columns become
 * typed arrays (IndexedDB stores them as raw bytes), the tokens a chunk introduces one JSON string,
 * and the rare per-event extras (FSM states, consumed tokens, details) another. This is what makes
 * persisting fast (TARGETS.md B2): one structured-clone-friendly row per thousand events, no object
 * per event, no canonical serialisation on the write path.
 *
 * Every segment has a checksum over exactly what is stored. The encoding is a pure function of the
 * ledger prefix, so a deterministic re-run reproduces it byte for byte and a restore compares
 * checksums to prove that the re-run is the stored run (a fast 64-bit mix, for divergence
 * detection; the ledger's SHA-256 is the audit hash).
 */
import { Ledger, operationName, type LedgerNodeInfo, type LedgerView } from '../engine';
import type { LedgerEvent, Token } from '../engine/types';
import type { CheckpointRow, LedgerSegmentRow } from './AppDB';

/** Ledger events per stored row. */
export const SEGMENT_SIZE = 1000;

export interface EncodedSegment {
  row: LedgerSegmentRow;
  checkpoint: CheckpointRow;
}

/** Pure: number of segments (complete or not) a ledger of `size` events occupies. */
export function segmentCount(size: number): number {
  return Math.ceil(size / SEGMENT_SIZE);
}

/** Where the sealed part of a stored ledger ends: complete segments never change again. */
export interface SealMark {
  /** Complete segments; the next one (if any) is open and rewritten whole on each commit. */
  sealedSegments: number;
  /** Tokens introduced by the sealed segments (the open segment's `tokenStart`). */
  sealedTokens: number;
}

/**
 * Pure over the ledger prefix: encodes every segment of `ledger` from the open one of `mark` on,
 * and the new mark (the sealing rule is `encodeSegmentsFrom`'s).
 */
export function encodeFrom(
  ledger: LedgerView,
  executionId: string,
  mark: SealMark,
): { segments: EncodedSegment[]; mark: SealMark } {
  const segments: EncodedSegment[] = [];
  let last = mark;
  for (const next of encodeSegmentsFrom(ledger, executionId, mark)) {
    segments.push(next.encoded);
    last = next.mark;
  }
  return { segments, mark: last };
}

/**
 * Pure over the ledger prefix: each segment from `mark` on, encoded, with the mark after it — THE
 * sealing rule: a segment is sealed once it holds `SEGMENT_SIZE` events; the last one may be open.
 * Writing a commit (`encodeFrom`) and verifying a restore (the worker's `StoredRun`) both walk it.
 */
export function* encodeSegmentsFrom(
  ledger: LedgerView,
  executionId: string,
  mark: SealMark,
): Generator<{ segment: number; encoded: EncodedSegment; mark: SealMark }> {
  let { sealedSegments, sealedTokens } = mark;
  let tokenStart = mark.sealedTokens;
  for (let segment = mark.sealedSegments; segment < segmentCount(ledger.size); segment++) {
    const encoded = encodeSegment(ledger, executionId, segment, tokenStart);
    tokenStart = encoded.checkpoint.tokenEnd;
    if (encoded.row.count === SEGMENT_SIZE) {
      sealedSegments = segment + 1;
      sealedTokens = tokenStart;
    }
    yield { segment, encoded, mark: { sealedSegments, sealedTokens } };
  }
}

/**
 * Pure over the ledger prefix: encodes segment `segment` of `ledger` — its events so far, which may
 * be fewer than `SEGMENT_SIZE` for the last one. `tokenStart` is the previous segment's `tokenEnd`.
 */
export function encodeSegment(
  ledger: LedgerView,
  executionId: string,
  segment: number,
  tokenStart: number,
): EncodedSegment {
  const firstSeq = segment * SEGMENT_SIZE + 1;
  const lastSeq = Math.min(ledger.size, firstSeq + SEGMENT_SIZE - 1);
  const count = Math.max(0, lastSeq - firstSeq + 1);
  const step = new Int32Array(count);
  const node = new Uint16Array(count);
  const op = new Uint8Array(count);
  const input = new Int32Array(count);
  const output = new Int32Array(count);
  const extras: unknown[] = [];
  let maxToken = tokenStart - 1;
  for (let i = 0; i < count; i++) {
    const seq = firstSeq + i;
    step[i] = ledger.stepOf(seq);
    node[i] = ledger.nodeOf(seq);
    op[i] = ledger.opOf(seq);
    const inTok = (input[i] = ledger.inputOf(seq));
    const outTok = (output[i] = ledger.outputOf(seq));
    if (inTok > maxToken) maxToken = inTok;
    if (outTok > maxToken) maxToken = outTok;
    const from = ledger.fromOf(seq);
    const consumed = ledger.inputTokensOf(seq);
    const details = ledger.detailsOf(seq);
    if (from !== undefined || consumed !== undefined || details !== undefined) {
      extras.push([i, from ?? null, ledger.toOf(seq) ?? null, consumed ?? null, details ?? null]);
      if (consumed) for (const t of consumed) if (t > maxToken) maxToken = t;
    }
  }
  const tokenEnd = maxToken + 1;
  const row: LedgerSegmentRow = {
    executionId,
    segment,
    firstSeq,
    count,
    step,
    node,
    op,
    input,
    output,
    tokenStart,
    tokenEnd,
    tokens: JSON.stringify(ledger.tokens.slice(tokenStart, tokenEnd)),
    extras: extras.length === 0 ? '' : JSON.stringify(extras),
  };
  const checkpoint: CheckpointRow = {
    executionId,
    segment,
    lastSeq,
    lastStep: count === 0 ? 0 : step[count - 1]!,
    tokenEnd,
    checksum: checksumOf(row),
  };
  return { row, checkpoint };
}

/** Pure: the 64-bit checksum (16 hex digits) of everything a segment row stores. */
export function checksumOf(row: LedgerSegmentRow): string {
  const h = new Mix();
  h.int(row.segment);
  h.int(row.firstSeq);
  h.int(row.count);
  h.int(row.tokenStart);
  h.int(row.tokenEnd);
  h.ints(row.step);
  h.ints(row.node);
  h.ints(row.op);
  h.ints(row.input);
  h.ints(row.output);
  h.text(row.tokens);
  h.text(row.extras);
  return h.hex();
}

/**
 * Pure: the events of stored segments (in segment order, from segment 0) as ledger events.
 * `nodes` are the scenario's nodes in order.
 */
export function* decodeSegments(
  rows: Iterable<LedgerSegmentRow>,
  nodes: readonly LedgerNodeInfo[],
  startTime: number,
  tickMs: number,
): Generator<LedgerEvent> {
  const tokens: Token[] = [];
  for (const row of rows) {
    if (row.tokenStart !== tokens.length)
      throw new Error(`segment ${row.segment} starts at token ${row.tokenStart}, expected ${tokens.length}`);
    if (row.tokens !== '') tokens.push(...(JSON.parse(row.tokens) as Token[]));
    const extras = new Map<
      number,
      [number, string | null, string | null, number[] | null, Record<string, unknown> | null]
    >();
    if (row.extras !== '') for (const e of JSON.parse(row.extras)) extras.set(e[0], e);
    for (let i = 0; i < row.count; i++) {
      const info = nodes[row.node[i]!];
      if (!info)
        throw new Error(`segment ${row.segment} names node index ${row.node[i]}, the scenario has ${nodes.length}`);
      const step = row.step[i]!;
      const ev: LedgerEvent = {
        eventId: `e${row.firstSeq + i}`,
        timestamp: startTime + step * tickMs,
        nodeId: info.nodeId,
        operation: operationName(row.op[i]!),
        seq: row.firstSeq + i,
        step,
        nodeType: info.nodeType,
      };
      if (row.input[i]! >= 0) ev.inputToken = tokens[row.input[i]!]!;
      if (row.output[i]! >= 0) ev.outputToken = tokens[row.output[i]!]!;
      const extra = extras.get(i);
      if (extra) {
        const [, from, to, consumed, details] = extra;
        if (from !== null && to !== null) {
          ev.from = from;
          ev.to = to;
        }
        if (consumed !== null) ev.inputTokens = consumed.map((t) => tokens[t]!.id);
        if (details !== null) ev.details = details;
      }
      yield ev;
    }
  }
}

/** Pure: rebuilds a ledger from stored segments (canonical lines and hash as the original run's). */
export function ledgerFromSegments(
  rows: Iterable<LedgerSegmentRow>,
  nodes: readonly LedgerNodeInfo[],
  startTime: number,
  tickMs: number,
): Ledger {
  const ledger = new Ledger(nodes, startTime, tickMs);
  for (const ev of decodeSegments(rows, nodes, startTime, tickMs)) ledger.appendEvent(ev);
  return ledger;
}

const encoder = new TextEncoder();
let scratch = new Uint8Array(1 << 16);

/**
 * Two independent 32-bit lanes (FNV-1a and a Murmur-style multiply-rotate) over integers. Text is
 * mixed as its UTF-8 bytes, four at a time (TextEncoder is native and ~10× faster than a loop over
 * code units); the words are read in the platform's byte order, which is little-endian wherever
 * this runs, and a database is never moved between machines of different byte order.
 */
class Mix {
  private a = 0x811c9dc5;
  private b = 0x9747b28c;

  int(x: number): void {
    this.a = Math.imul(this.a ^ x, 0x01000193);
    let k = Math.imul(x, 0xcc9e2d51);
    k = (k << 15) | (k >>> 17);
    this.b ^= Math.imul(k, 0x1b873593);
    this.b = Math.imul((this.b << 13) | (this.b >>> 19), 5) + 0xe6546b64;
  }

  ints(xs: ArrayLike<number>): void {
    this.int(xs.length);
    for (let i = 0; i < xs.length; i++) this.int(xs[i]!);
  }

  text(s: string): void {
    this.int(s.length);
    if (scratch.length < s.length * 3 + 4) scratch = new Uint8Array(s.length * 3 + 4);
    const { written } = encoder.encodeInto(s, scratch);
    const words = (written + 3) >>> 2;
    scratch.fill(0, written, words * 4);
    const view = new Int32Array(scratch.buffer, 0, words);
    for (let i = 0; i < words; i++) this.int(view[i]!);
  }

  hex(): string {
    const a = this.a >>> 0;
    const b = (this.b ^ (this.b >>> 16)) >>> 0;
    return a.toString(16).padStart(8, '0') + b.toString(16).padStart(8, '0');
  }
}
