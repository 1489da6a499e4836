/**
 * A shard thread's ledger lines written straight to UTF-8 bytes, with the byte offsets of their
 * run-wide numbers, for `run --workers` (lineBatch.ts). The line is the engine's canonical line
 * (`LineWriter.write`) piece for piece — the same pieces in the same order, each piece's text from
 * the engine's own `LineWriter`, its caches included — written into one buffer (`Buffer.write`,
 * no array per piece) and the fixed pieces (keys, a state, a node, an operation, a step) kept encoded, so a line costs a few byte copies instead of a string built
 * by concatenation, flattened and encoded again (most of a shard thread's time, and its garbage).
 * The merge checks nothing of this: the tests compare the merged ledger with the single run's bytes.
 */
import { LineWriter, type LedgerColumns } from '../../engine/ledger/ledgerLine';

const encoder = new TextEncoder();
const bytesOf = (text: string): Uint8Array => encoder.encode(text);

const DETAILS = bytesOf('{"details":');
const EVENT_ID_AFTER = bytesOf(',"eventId":"e');
const EVENT_ID_FIRST = bytesOf('{"eventId":"e');
const QUOTE = bytesOf('"');
const FROM = bytesOf(',"from":');
const INPUT = bytesOf(',"inputToken":');
const INPUTS = bytesOf(',"inputTokens":[');
const COMMA = bytesOf(',');
const CLOSE_LIST = bytesOf(']');
const OUTPUT = bytesOf(',"outputToken":');
const SEQ = bytesOf(',"seq":');
const TO = bytesOf(',"to":');
const END = bytesOf('}\n');

/** Where a line's run-wide numbers stand (byte offsets from the line's start); token ids as [start, end, token]. */
export interface LineMarks {
  eventId: [number, number];
  seq: [number, number];
  /** Per token id, in line order: start and end of its number, and the token index (3 numbers each). */
  tokens: number[];
  /** How many numbers of `tokens` are this line's. */
  tokenCount: number;
}

/** Not pure (caches): writes canonical ledger lines of one ledger as UTF-8 bytes. */
export class ByteLineWriter {
  private readonly text: LineWriter;
  private readonly states = new Map<string, Uint8Array>();
  private readonly nodes: Uint8Array[] = [];
  private readonly ops: Uint8Array[] = [];
  private stepOf = -1;
  private stepBytes: Uint8Array = new Uint8Array(0);
  /** The buffer lines are written to; grows (a new buffer) when a line does not fit. */
  out: Buffer = Buffer.allocUnsafeSlow(1 << 20);
  used = 0;

  constructor(
    private readonly ledger: LedgerColumns,
    /** The number of digits at the end of token `t`'s id (`<nodeId>#<n>`). */
    private readonly digitsOf: (t: number) => number,
  ) {
    this.text = new LineWriter(ledger);
  }

  /** Appends the line of event `seq` (newline included) at `used`; its marks go to `marks`, relative to the line's start. */
  write(seq: number, marks: LineMarks): void {
    const l = this.ledger;
    this.ensure(4096);
    const start = this.used;
    const ref = l.detailsRefOf(seq);
    if (ref !== 0) {
      this.put(DETAILS);
      this.putText(this.text.details(ref));
      this.put(EVENT_ID_AFTER);
    } else this.put(EVENT_ID_FIRST);
    marks.eventId[0] = this.used - start;
    this.digits(seq);
    marks.eventId[1] = this.used - start;
    this.put(QUOTE);
    const from = l.fromOf(seq);
    if (from !== undefined) {
      this.put(FROM);
      this.put(this.state(from));
    }
    marks.tokenCount = 0;
    const inTok = l.inputOf(seq);
    if (inTok >= 0) {
      this.put(INPUT);
      this.token(inTok, start, marks);
    }
    const consumed = l.inputCountOf(seq);
    if (consumed > 0) {
      this.put(INPUTS);
      for (let i = 0; i < consumed; i++) {
        if (i > 0) this.put(COMMA);
        const t = l.inputAt(seq, i);
        this.putText(JSON.stringify(l.tokens.id(t)));
        this.mark(marks, this.used - 1 - start, t);
      }
      this.put(CLOSE_LIST);
    }
    const node = l.nodeOf(seq);
    this.put((this.nodes[node] ??= bytesOf(this.text.nodeText(node))));
    const op = l.opOf(seq);
    this.put((this.ops[op] ??= bytesOf(this.text.opText(op))));
    const outTok = l.outputOf(seq);
    if (outTok >= 0) {
      this.put(OUTPUT);
      this.token(outTok, start, marks);
    }
    this.put(SEQ);
    marks.seq[0] = this.used - start;
    this.digits(seq);
    marks.seq[1] = this.used - start;
    const step = l.stepOf(seq);
    if (step !== this.stepOf) {
      this.stepOf = step;
      this.stepBytes = bytesOf(this.text.stepText(step));
    }
    this.put(this.stepBytes);
    const to = l.toOf(seq);
    if (to !== undefined) {
      this.put(TO);
      this.put(this.state(to));
    }
    this.put(END);
  }

  /** Makes room for `n` more bytes (plus a margin for a line's fixed parts). */
  ensure(n: number): void {
    if (this.used + n + 1024 <= this.out.length) return;
    const bigger = Buffer.allocUnsafeSlow(Math.max(this.out.length * 2, this.used + n + 4096));
    this.out.copy(bigger, 0, 0, this.used);
    this.out = bigger;
  }

  private put(bytes: Uint8Array): void {
    const n = bytes.length;
    if (this.used + n > this.out.length) this.ensure(n);
    const out = this.out;
    let at = this.used;
    if (n < 32) for (let i = 0; i < n; i++) out[at++] = bytes[i]!;
    else {
      out.set(bytes, at);
      at += n;
    }
    this.used = at;
  }

  /** Writes `text` (the texts that seldom repeat: a token, details) as UTF-8. */
  private putText(text: string): void {
    if (this.used + text.length * 3 > this.out.length) this.ensure(text.length * 3);
    this.used += this.out.write(text, this.used, 'utf8');
  }

  private digits(n: number): void {
    if (this.used + 16 > this.out.length) this.ensure(16);
    let count = 1;
    for (let v = n; v >= 10; v = Math.floor(v / 10)) count++;
    const out = this.out;
    let at = this.used + count;
    this.used = at;
    for (let v = n; count > 0; count--, v = Math.floor(v / 10)) out[--at] = 48 + (v % 10);
  }

  private token(t: number, start: number, marks: LineMarks): void {
    this.putText(this.text.token(t));
    // The token ends with `,"id":"<id>"}`: its number ends before the last two bytes.
    this.mark(marks, this.used - 2 - start, t);
  }

  private mark(marks: LineMarks, end: number, t: number): void {
    const k = marks.tokenCount;
    marks.tokens[k] = end - this.digitsOf(t);
    marks.tokens[k + 1] = end;
    marks.tokens[k + 2] = t;
    marks.tokenCount = k + 3;
  }

  private state(name: string): Uint8Array {
    let bytes = this.states.get(name);
    if (bytes === undefined) {
      bytes = bytesOf(this.text.state(name));
      this.states.set(name, bytes);
    }
    return bytes;
  }
}
