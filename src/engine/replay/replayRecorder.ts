/**
 * The recorder of a replay: a scratch simulation re-executes steps the live run has already
 * executed, so every event it appends and every token it makes already exist in the live ledger.
 * Instead of writing, it walks the live ledger: an appended event returns the next seq after
 * checking it is the event the live run recorded there (node, operation, tokens, step), and a new
 * token is the next token index of the live table. Nothing of the live run is written.
 *
 * A difference means the replay diverged from the run — a broken determinism invariant — and
 * throws, naming both sides.
 */
import type { Ledger } from '../ledger/ledger';
import type { OpCode } from '../ledger/operations';
import type { Recorder, TokenFactory } from '../ledger/recorder';
import { operationName } from '../ledger/operations';
import type { TokenReader } from '../ledger/tokenTable';

/** Not pure: a cursor over the live run's tokens, handing out the indices a re-execution makes. */
class ReplayTokens implements TokenFactory {
  next = 0;
  private readonly count: () => number;

  constructor(count: () => number) {
    this.count = count;
  }

  create(): number {
    return this.take();
  }
  createSource(): number {
    return this.take();
  }
  derive(): number {
    return this.take();
  }
  merge(): number {
    return this.take();
  }

  private take(): number {
    const t = this.next++;
    if (t >= this.count()) throw new Error(`replay made token index ${t}, but the run has only ${this.count()} tokens`);
    return t;
  }
}

/** Not pure: replays over `live`, positioned with `reset` at a checkpoint. */
export class ReplayRecorder implements Recorder {
  readonly tickMs: number;
  readonly tokens: TokenReader;
  readonly table: ReplayTokens;
  /** Seq of the last event replayed. */
  seq = 0;
  private step = 0;
  private readonly live: Ledger;

  constructor(live: Ledger) {
    this.live = live;
    this.tickMs = live.tickMs;
    this.tokens = live.tokens;
    this.table = new ReplayTokens(() => live.tokens.length);
  }

  /** Positions the replay after event `seq`, with `tokenCount` tokens made, at step `step`. */
  reset(seq: number, tokenCount: number, step: number): void {
    this.seq = seq;
    this.table.next = tokenCount;
    this.step = step;
  }

  /** Events replayed so far: the live ledger's size right after the same point of the run. */
  get size(): number {
    return this.seq;
  }

  /** Tokens made so far (the live table's count at this point of the run). */
  get tokenCount(): number {
    return this.table.next;
  }

  beginStep(step: number): void {
    this.step = step;
  }

  append(node: number, op: OpCode, inTok: number, outTok: number): number {
    const seq = ++this.seq;
    const l = this.live;
    if (
      seq > l.size ||
      l.nodeOf(seq) !== node ||
      l.opOf(seq) !== op ||
      l.inputOf(seq) !== inTok ||
      l.outputOf(seq) !== outTok ||
      l.stepOf(seq) !== this.step
    ) {
      const have =
        seq > l.size
          ? 'nothing'
          : `node ${l.nodeOf(seq)} ${operationName(l.opOf(seq))} ${l.inputOf(seq)} -> ${l.outputOf(seq)} in step ${l.stepOf(seq)}`;
      throw new Error(
        `replay diverged at event e${seq}: it made node ${node} ${operationName(op)} ${inTok} -> ${outTok} in step ${this.step}; the run recorded ${have}`,
      );
    }
    return seq;
  }

  postCorrelation(): void {
    // The live ledger's index already has the posting; a replay only checks events.
  }

  tokenList(): number {
    // Any non-zero reference: behaviours tell "a list" from "none" by it, and `append` ignores it.
    return 1;
  }

  internDetails(): number {
    return 0;
  }

  addDetails(): number {
    return 0;
  }

  transitionStates(): number {
    return 0;
  }
}
