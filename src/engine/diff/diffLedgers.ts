/**
 * Drives a comparison over two sources of ledger lines — a file read in chunks, an in-memory ledger
 * written line by line — pulling one line from each side in lockstep. Sources hand over batches of
 * lines, so a source that reads a file or yields to other work awaits once per batch, not once per
 * line; nothing holds more than a batch of each side. Blank lines are skipped; a line's trailing
 * newline does not count.
 */
import type { LedgerDiff, InputDifferences } from '../../contract/diff';
import type { Ledger } from '../ledger/ledger';
import { LedgerDiffer, LedgerLineError, type DiffOptions, type Side } from './ledgerDiffer';

/** Ledger lines in batches, from memory or read as they come. */
export type LineSource = Iterable<readonly string[]> | AsyncIterable<readonly string[]>;

/** The comparison, or the first line that is not a ledger event (its 1-based line number on its side, blank lines counted). */
export type DiffOutcome =
  { ok: true; value: LedgerDiff } | { ok: false; error: { side: Side; line: number; message: string } };

/** Lines of one side, taken one at a time across batches. */
class Cursor {
  private batch: readonly string[] = [];
  private i = 0;
  private ended = false;
  /** Lines taken so far, blank ones included. */
  line = 0;
  private readonly it: Iterator<readonly string[]> | AsyncIterator<readonly string[]>;

  constructor(source: LineSource) {
    this.it =
      Symbol.asyncIterator in source
        ? (source as AsyncIterable<readonly string[]>)[Symbol.asyncIterator]()
        : (source as Iterable<readonly string[]>)[Symbol.iterator]();
  }

  /** The next non-blank line, or undefined at the end; awaits only when a batch is used up. */
  async next(): Promise<string | undefined> {
    for (;;) {
      while (this.i < this.batch.length) {
        let text = this.batch[this.i++]!;
        this.line++;
        if (text.endsWith('\n')) text = text.slice(0, text.endsWith('\r\n') ? -2 : -1);
        else if (text.endsWith('\r')) text = text.slice(0, -1);
        if (text === '' || (text.charCodeAt(0) <= 32 && text.trim() === '')) continue;
        return text;
      }
      if (this.ended) return undefined;
      const r = await this.it.next();
      if (r.done) this.ended = true;
      else {
        this.batch = r.value;
        this.i = 0;
      }
    }
  }

  /** The next line if the current batch still holds one (no await), else null. */
  nextInBatch(): string | undefined | null {
    while (this.i < this.batch.length) {
      const text = this.batch[this.i]!;
      if (text === '' || text.charCodeAt(0) <= 32 || text.endsWith('\n') || text.endsWith('\r')) return null;
      this.i++;
      this.line++;
      return text;
    }
    return this.ended ? undefined : null;
  }
}

/**
 * Not pure (consumes the sources): compares ledger `a` with ledger `b` in one pass; `why` (which
 * input differs, when known) is carried into the answer.
 */
export async function diffLedgers(
  a: LineSource,
  b: LineSource,
  options: DiffOptions & { why?: InputDifferences | null } = {},
): Promise<DiffOutcome> {
  const differ = new LedgerDiffer(options);
  const ca = new Cursor(a);
  const cb = new Cursor(b);
  try {
    for (;;) {
      // The common case — a plain line in each current batch — takes no await.
      let la = ca.nextInBatch();
      if (la === null) la = await ca.next();
      let lb = cb.nextInBatch();
      if (lb === null) lb = await cb.next();
      if (la === undefined && lb === undefined) break;
      differ.push(la, lb);
    }
  } catch (err) {
    if (!(err instanceof LedgerLineError)) throw err;
    const line = (err.side === 'a' ? ca : cb).line;
    return { ok: false, error: { side: err.side, line, message: `line ${line}: ${err.reason}` } };
  }
  return { ok: true, value: differ.result(options.why ?? null) };
}

/** Not pure (reads the ledger as it stands): the canonical lines of `ledger`, `size` to a batch. */
export function* ledgerLineBatches(ledger: Pick<Ledger, 'size' | 'line'>, size = 4096): Generator<string[]> {
  const total = ledger.size;
  for (let from = 1; from <= total; from += size) {
    const to = Math.min(total, from + size - 1);
    const batch: string[] = new Array<string>(to - from + 1);
    // The line without its newline (a slice shares the text), so the cursor takes it without an await.
    for (let seq = from; seq <= to; seq++) batch[seq - from] = ledger.line(seq).slice(0, -1);
    yield batch;
  }
}
