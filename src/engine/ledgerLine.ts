/**
 * The canonical NDJSON line of a ledger event, written straight from the ledger's columns (no
 * `LedgerEvent` object is built). Keys are in sorted order at every depth — the fixed event and
 * token keys by hand, token data and details through `canonicalJson` — so the bytes, and the ledger
 * hash over them, never depend on how an object was constructed.
 */
import { canonicalJson } from './canonical';
import type { Ledger } from './ledger';
import { LEDGER_OPERATIONS } from './types';

const CACHE_SIZE = 4096;

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

/** Not pure (caches): writes event lines of one ledger. */
export class LineWriter {
  private readonly ledger: Ledger;
  private nodePart: string[] | undefined;
  private readonly opPart = LEDGER_OPERATIONS.map((op) => `,"operation":${JSON.stringify(op)}`);
  // A token appears as the output of one event and the input of a few following ones: a small
  // direct-mapped cache of token JSON avoids serialising it again.
  private readonly cacheKey = new Int32Array(CACHE_SIZE).fill(-1);
  private readonly cacheText: string[] = new Array<string>(CACHE_SIZE).fill('');
  private readonly detailsKey = new Int32Array(CACHE_SIZE).fill(-1);
  private readonly detailsText: string[] = new Array<string>(CACHE_SIZE).fill('');

  constructor(ledger: Ledger) {
    this.ledger = ledger;
  }

  /** The canonical JSON line of event `seq`, newline included. */
  line(seq: number): string {
    const sink = new StringSink();
    this.write(seq, sink);
    return sink.text;
  }

  /**
   * Writes the canonical JSON line of event `seq` (newline included) to `sink` piece by piece:
   * hashing appends the pieces straight to the hash, never building the line.
   */
  write(seq: number, sink: TextSink): void {
    const l = this.ledger;
    const nodePart = (this.nodePart ??= l.nodes.map((n) => `,"nodeId":${JSON.stringify(n.nodeId)},"nodeType":${JSON.stringify(n.nodeType)}`));
    const detailsRef = l.detailsRefOf(seq);
    if (detailsRef !== 0) {
      sink.append('{"details":');
      sink.append(this.details(detailsRef));
      sink.append(',"eventId":"e');
    } else sink.append('{"eventId":"e');
    sink.append(String(seq));
    sink.append('"');
    const from = l.fromOf(seq);
    if (from !== undefined) sink.append(`,"from":${JSON.stringify(from)}`);
    const inTok = l.inputOf(seq);
    if (inTok >= 0) {
      sink.append(',"inputToken":');
      sink.append(this.token(inTok));
    }
    const inputs = l.inputTokensOf(seq);
    if (inputs !== undefined) {
      sink.append(',"inputTokens":[');
      for (let i = 0; i < inputs.length; i++) sink.append((i > 0 ? ',' : '') + JSON.stringify(l.tokens[inputs[i]!]!.id));
      sink.append(']');
    }
    sink.append(nodePart[l.nodeOf(seq)]!);
    sink.append(this.opPart[l.opOf(seq)]!);
    const outTok = l.outputOf(seq);
    if (outTok >= 0) {
      sink.append(',"outputToken":');
      sink.append(this.token(outTok));
    }
    const step = l.stepOf(seq);
    sink.append(`,"seq":${seq},"step":${step},"timestamp":${canonicalJson(l.startTime + step * l.tickMs)}`);
    const to = l.toOf(seq);
    if (to !== undefined) sink.append(`,"to":${JSON.stringify(to)}`);
    sink.append('}\n');
  }

  /** Canonical JSON of details `ref`; interned details repeat, so the text is cached like tokens. */
  private details(ref: number): string {
    const slot = ref & (CACHE_SIZE - 1);
    if (this.detailsKey[slot] === ref) return this.detailsText[slot]!;
    const text = canonicalJson(this.ledger.detailsAt(ref));
    this.detailsKey[slot] = ref;
    this.detailsText[slot] = text;
    return text;
  }

  private token(t: number): string {
    const slot = t & (CACHE_SIZE - 1);
    if (this.cacheKey[slot] === t) return this.cacheText[slot]!;
    const token = this.ledger.tokens[t]!;
    let text = '{"correlationIds":[';
    const ids = token.correlationIds;
    for (let i = 0; i < ids.length; i++) text += (i > 0 ? ',' : '') + JSON.stringify(ids[i]);
    text += `],"data":${canonicalJson(token.data)},"id":${JSON.stringify(token.id)}}`;
    this.cacheKey[slot] = t;
    this.cacheText[slot] = text;
    return text;
  }
}
