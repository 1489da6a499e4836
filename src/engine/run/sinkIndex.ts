/**
 * Per-Sink prefix indexes over what a Sink collected, so a sink aggregate or a snapshot's sink
 * totals at any step cost a binary search, not a scan. For one Sink and one data path it keeps,
 * for the first n collected tokens: their seqs, the running sum and count of numeric values, and
 * the running min and max. Built on first use and extended as the ledger grows (the ledger is
 * append-only, so what is indexed never changes); nothing is paid on the run's hot path.
 *
 * Sums are accumulated in ledger order, exactly as a scan would add them, so they are bit for bit
 * the totals `flowledger run` prints.
 */
import { IntList } from '../ledger/columns';
import type { Ledger } from '../ledger/ledger';
import { OP } from '../ledger/operations';
import { compilePath, readPath, type DataPath } from '../behaviors/tokenData';
import { lowerBound } from '../lowerBound';

/** Not pure: the index of one Sink over one data path. */
export class SinkIndex {
  private readonly ledger: Ledger;
  private readonly node: number;
  private readonly path: DataPath;
  private readonly seqs = new IntList(64);
  /** Prefix arrays, index n = over the first n collected tokens. */
  private readonly sums: number[] = [0];
  private readonly numbers: number[] = [0];
  private readonly mins: number[] = [Infinity];
  private readonly maxs: number[] = [-Infinity];
  /** Node events scanned so far. */
  private scanned = 0;

  constructor(ledger: Ledger, node: number, field: string) {
    this.ledger = ledger;
    this.node = node;
    this.path = compilePath(field);
  }

  /** Tokens collected by seq `upTo` (indexes new events first). */
  countAt(upTo: number): number {
    this.update();
    const data = this.seqs.data;
    return lowerBound(0, this.seqs.length, (i) => data[i]! <= upTo);
  }

  /** Sum of the numeric values of the first `n` collected tokens (0 for none). */
  sum(n: number): number {
    return this.sums[n]!;
  }

  /** How many of the first `n` collected values are numbers. */
  numericCount(n: number): number {
    return this.numbers[n]!;
  }

  /** Smallest numeric value of the first `n`, or null when none is a number. */
  min(n: number): number | null {
    return this.numbers[n] === 0 ? null : this.mins[n]!;
  }

  /** Largest numeric value of the first `n`, or null when none is a number. */
  max(n: number): number | null {
    return this.numbers[n] === 0 ? null : this.maxs[n]!;
  }

  /** The value at the path of the `i`-th collected token (from 0); null when missing. */
  value(i: number): unknown {
    const tok = this.ledger.inputOf(this.seqs.data[i]!);
    const v = readPath(this.ledger.tokens.data(tok), this.path);
    return v === undefined ? null : v;
  }

  /** The id and first correlation id of the `i`-th collected token (from 0). */
  token(i: number): { id: string; correlationId: string | null } {
    const tok = this.ledger.tokens.get(this.ledger.inputOf(this.seqs.data[i]!));
    return { id: tok.id, correlationId: tok.correlationIds[0] ?? null };
  }

  private update(): void {
    const l = this.ledger;
    const end = l.nodeEventCount(this.node);
    for (let i = this.scanned; i < end; i++) {
      const seq = l.nodeEventSeq(this.node, i);
      if (l.opOf(seq) !== OP.TOKEN_COLLECTED) continue;
      const n = this.seqs.length;
      this.seqs.push(seq);
      const v = readPath(l.tokens.data(l.inputOf(seq)), this.path);
      const isNumber = typeof v === 'number';
      this.sums.push(isNumber ? this.sums[n]! + v : this.sums[n]!);
      this.numbers.push(this.numbers[n]! + (isNumber ? 1 : 0));
      this.mins.push(isNumber && v < this.mins[n]! ? v : this.mins[n]!);
      this.maxs.push(isNumber && v > this.maxs[n]! ? v : this.maxs[n]!);
    }
    this.scanned = end;
  }
}

/** Not pure: the sink indexes of one run, made on demand per (Sink, path). */
export class SinkIndexes {
  private readonly ledger: Ledger;
  private readonly byKey = new Map<string, SinkIndex>();

  constructor(ledger: Ledger) {
    this.ledger = ledger;
  }

  /** The index of Sink node `node` over `field` (a dotted data path). */
  of(node: number, field: string): SinkIndex {
    const key = `${node}\u0000${field}`;
    let index = this.byKey.get(key);
    if (index === undefined) {
      index = new SinkIndex(this.ledger, node, field);
      this.byKey.set(key, index);
    }
    return index;
  }
}
