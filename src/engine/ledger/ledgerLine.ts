/**
 * The canonical NDJSON line of a ledger event, written straight from the ledger's columns (no
 * `LedgerEvent` object is built). Keys are in sorted order at every depth — the fixed event and
 * token keys by hand, token data and details through `canonicalData`/`canonicalJson` — so the bytes,
 * and the ledger hash over them, never depend on how an object was constructed.
 *
 * Speed matters (the hash of a million-event ledger serialises ~300 MB): each line is built as one
 * string and handed to the sink once; the texts that repeat — a token (output of one event, input
 * of the next few), interned details, a state name, the step and timestamp of consecutive events,
 * a data key — are cached.
 */
import { canonicalJson } from './canonical';
import type { IncrementalHash } from './hashing';
import { LEDGER_OPERATIONS } from '../types';
import type { TokenReader } from './tokenTable';

const CACHE_SIZE = 4096;
/** Distinct data keys whose quoted text is cached (data keys are few; arbitrary ones stop being cached). */
const KEY_CACHE_LIMIT = 4096;

/** Where a line's text goes: a string being built, or a running hash. */
export interface TextSink {
  append(text: string): void;
}

class StringSink implements TextSink {
  text = '';
  append(text: string): void {
    this.text += text;
  }
}

const CHUNK_CHARS = 1 << 16;

/**
 * Not pure: gathers text into flat chunks of about 64 KiB and feeds each one to a hash. Pieces are
 * joined once per chunk (a flat string) rather than concatenated (a rope every reader must flatten
 * again, and which keeps every piece alive until then).
 */
export class ChunkSink implements TextSink {
  private readonly parts: string[] = [];
  private chars = 0;
  private readonly hash: IncrementalHash;

  constructor(hash: IncrementalHash) {
    this.hash = hash;
  }

  append(text: string): void {
    this.parts.push(text);
    this.chars += text.length;
    if (this.chars >= CHUNK_CHARS) this.flush();
  }

  /** Feeds what is gathered to the hash. */
  flush(): void {
    if (this.chars === 0) return;
    this.hash.update(this.parts.join(''));
    this.parts.length = 0;
    this.chars = 0;
  }
}

/**
 * The columns of a ledger a line is written from (the `Ledger` class has them). Declared here, not
 * imported, so the ledger can own a writer without the two modules importing each other.
 */
export interface LedgerColumns {
  readonly tokens: TokenReader;
  readonly nodes: readonly { readonly nodeId: string; readonly nodeType: string }[];
  readonly startTime: number;
  readonly tickMs: number;
  stepOf(seq: number): number;
  nodeOf(seq: number): number;
  opOf(seq: number): number;
  inputOf(seq: number): number;
  outputOf(seq: number): number;
  fromOf(seq: number): string | undefined;
  toOf(seq: number): string | undefined;
  inputCountOf(seq: number): number;
  inputAt(seq: number, i: number): number;
  detailsRefOf(seq: number): number;
  detailsAt(ref: number): Record<string, unknown> | undefined;
}

/** Not pure (caches): writes event lines of one ledger. */
export class LineWriter {
  private readonly ledger: LedgerColumns;
  private nodePart: string[] | undefined;
  private readonly opPart = LEDGER_OPERATIONS.map((op) => `,"operation":${JSON.stringify(op)}`);
  // A token appears as the output of one event and the input of a few following ones: a small
  // direct-mapped cache of token JSON avoids serialising it again.
  private readonly cacheKey = new Int32Array(CACHE_SIZE).fill(-1);
  private readonly cacheText: string[] = new Array<string>(CACHE_SIZE).fill('');
  private readonly detailsKey = new Int32Array(CACHE_SIZE).fill(-1);
  private readonly detailsText: string[] = new Array<string>(CACHE_SIZE).fill('');
  private readonly keyText = new Map<string, string>();
  private readonly stateText = new Map<string, string>();
  /** `,"step":S,"timestamp":T` of the step last written. */
  private stepPartOf = -1;
  private stepPart = '';

  constructor(ledger: LedgerColumns) {
    this.ledger = ledger;
  }

  /** The canonical JSON line of event `seq`, newline included. */
  line(seq: number): string {
    const sink = new StringSink();
    this.write(seq, sink);
    return sink.text;
  }

  /** Writes the canonical JSON line of event `seq` (newline included) to `sink`, in one piece. */
  write(seq: number, sink: TextSink): void {
    const l = this.ledger;
    const nodePart = (this.nodePart ??= l.nodes.map(
      (n) => `,"nodeId":${JSON.stringify(n.nodeId)},"nodeType":${JSON.stringify(n.nodeType)}`,
    ));
    const detailsRef = l.detailsRefOf(seq);
    let s =
      detailsRef !== 0
        ? '{"details":' + this.details(detailsRef) + ',"eventId":"e' + seq + '"'
        : '{"eventId":"e' + seq + '"';
    const from = l.fromOf(seq);
    if (from !== undefined) s += ',"from":' + this.state(from);
    const inTok = l.inputOf(seq);
    if (inTok >= 0) s += ',"inputToken":' + this.token(inTok);
    const consumed = l.inputCountOf(seq);
    if (consumed > 0) {
      s += ',"inputTokens":[';
      for (let i = 0; i < consumed; i++) s += (i > 0 ? ',' : '') + JSON.stringify(l.tokens.id(l.inputAt(seq, i)));
      s += ']';
    }
    s += nodePart[l.nodeOf(seq)]! + this.opPart[l.opOf(seq)]!;
    const outTok = l.outputOf(seq);
    if (outTok >= 0) s += ',"outputToken":' + this.token(outTok);
    s += ',"seq":' + seq + this.stepText(l.stepOf(seq));
    const to = l.toOf(seq);
    if (to !== undefined) s += ',"to":' + this.state(to);
    sink.append(s + '}\n');
  }

  /**
   * The canonical line of event `seq` (newline included), and in `marks` (cleared first) where the
   * numbers only a whole run can give stand, as [start, end) offset pairs in line order: the seq in
   * `"eventId":"e…"`, the seq in `"seq":…`, then every token id string (quotes included). A shard
   * merge renumbers them by slicing (engine/shard/mergeShards.ts), without parsing the line.
   */
  markedLine(seq: number, marks: number[]): string {
    const text = this.line(seq);
    const l = this.ledger;
    marks.length = 0;
    const seqText = String(seq);
    const ref = l.detailsRefOf(seq);
    let pos =
      ref !== 0 ? '{"details":'.length + this.details(ref).length + ',"eventId":"e'.length : '{"eventId":"e'.length;
    marks.push(pos, pos + seqText.length, 0, 0);
    pos += seqText.length + 1;
    const from = l.fromOf(seq);
    if (from !== undefined) pos += ',"from":'.length + this.state(from).length;
    const tokenMark = (t: number): void => {
      const text = this.token(t);
      const idLength = JSON.stringify(l.tokens.id(t)).length;
      marks.push(pos + text.length - 1 - idLength, pos + text.length - 1);
      pos += text.length;
    };
    const inTok = l.inputOf(seq);
    if (inTok >= 0) {
      pos += ',"inputToken":'.length;
      tokenMark(inTok);
    }
    const consumed = l.inputCountOf(seq);
    if (consumed > 0) {
      pos += ',"inputTokens":['.length;
      for (let i = 0; i < consumed; i++) {
        const idLength = JSON.stringify(l.tokens.id(l.inputAt(seq, i))).length;
        marks.push(pos, pos + idLength);
        pos += idLength + 1;
      }
    }
    pos += this.nodePart![l.nodeOf(seq)]!.length + this.opPart[l.opOf(seq)]!.length;
    const outTok = l.outputOf(seq);
    if (outTok >= 0) {
      pos += ',"outputToken":'.length;
      tokenMark(outTok);
    }
    pos += ',"seq":'.length;
    marks[2] = pos;
    marks[3] = pos + seqText.length;
    return text;
  }

  /** `,"nodeId":…,"nodeType":…` of node `node` (a part of every line). */
  nodeText(node: number): string {
    this.nodePart ??= this.ledger.nodes.map(
      (n) => `,"nodeId":${JSON.stringify(n.nodeId)},"nodeType":${JSON.stringify(n.nodeType)}`,
    );
    return this.nodePart[node]!;
  }

  /** `,"operation":…` of operation code `op`. */
  opText(op: number): string {
    return this.opPart[op]!;
  }

  /** `,"step":S,"timestamp":T` of step `step`. */
  stepText(step: number): string {
    if (step !== this.stepPartOf) {
      const l = this.ledger;
      this.stepPartOf = step;
      this.stepPart = `,"step":${step},"timestamp":${canonicalJson(l.startTime + step * l.tickMs)}`;
    }
    return this.stepPart;
  }

  /** The JSON string of state `name`. */
  state(name: string): string {
    let text = this.stateText.get(name);
    if (text === undefined) {
      text = JSON.stringify(name);
      this.stateText.set(name, text);
    }
    return text;
  }

  /** Canonical JSON of details `ref`; interned details repeat, so the text is cached like tokens. */
  details(ref: number): string {
    const slot = ref & (CACHE_SIZE - 1);
    if (this.detailsKey[slot] === ref) return this.detailsText[slot]!;
    const text = canonicalJson(this.ledger.detailsAt(ref));
    this.detailsKey[slot] = ref;
    this.detailsText[slot] = text;
    return text;
  }

  /** Canonical JSON of token `t` (its id last: `…,"id":"<id>"}`). */
  token(t: number): string {
    const slot = t & (CACHE_SIZE - 1);
    if (this.cacheKey[slot] === t) return this.cacheText[slot]!;
    const tokens = this.ledger.tokens;
    let text = '{"correlationIds":[';
    const ids = tokens.correlationIds(t);
    for (let i = 0; i < ids.length; i++) text += (i > 0 ? ',' : '') + JSON.stringify(ids[i]);
    text += '],"data":' + tokens.dataJson(t, this.dataText) + ',"id":' + JSON.stringify(tokens.id(t)) + '}';
    this.cacheKey[slot] = t;
    this.cacheText[slot] = text;
    return text;
  }

  /**
   * Canonical JSON of token data. Token data is nearly always a flat object of numbers and strings
   * with a handful of recurring keys: that case is written here with the keys' quoted text cached;
   * anything else (nested values, other types) goes through `canonicalJson`, member by member.
   */
  private readonly dataText = (data: Record<string, unknown>): string => this.data(data);

  private data(data: Record<string, unknown>): string {
    const keys = Object.keys(data);
    if (keys.length > 1) keys.sort();
    let out = '{';
    let first = true;
    for (let i = 0; i < keys.length; i++) {
      const key = keys[i]!;
      const v = data[key];
      let text: string;
      if (typeof v === 'number') text = Number.isFinite(v) ? '' + v : 'null';
      else if (typeof v === 'string') text = JSON.stringify(v);
      else if (v === undefined || typeof v === 'function' || typeof v === 'symbol') continue;
      else text = canonicalJson(v);
      out += (first ? '' : ',') + this.key(key) + text;
      first = false;
    }
    return out + '}';
  }

  private key(key: string): string {
    let text = this.keyText.get(key);
    if (text === undefined) {
      text = JSON.stringify(key) + ':';
      if (this.keyText.size < KEY_CACHE_LIMIT) this.keyText.set(key, text);
    }
    return text;
  }
}
