/**
 * Order keys for a merge that runs while the shards run (`run --workers K`, cli/shard/workers.ts):
 * the same places as `orderKeys.ts`, written as three numbers instead of a growing chain of hex.
 *
 * `orderKeys` keys a delivered token's lines by the whole key of the line that emitted it. A merge
 * that numbers lines as it goes knows more: that emitting line (always a line of the same shard, one
 * step earlier) has already been merged, and its global seq orders it exactly as its key would. So
 * a line's key here is `[step, phase·2¹⁶ + node, x]`, where for a DataSource's generated token
 * (phase 0) x is the external event index, and for a delivery (phase 1) x is the local seq of the
 * first line of the group that emitted the token — the merge swaps it for that line's global seq
 * before comparing (`parentSeq`). Lines of one delivery share their key, as in `orderKeys`.
 * Wake-ups and end flushes cannot be placed and throw, as there — when they start a group: one that
 * follows a delivery at the same node in the same step is read as that delivery's line (no op code
 * tells them apart here). Templates with timers are refused as unshardable (`shardable.ts`) before
 * any key is computed, so no run reaches that case.
 */
import { OP } from '../ledger/operations';
import type { LedgerColumns } from '../ledger/ledgerLine';

/** Phase·2¹⁶ + node of a delivery's lines; a DataSource's generated tokens are below it. */
export const DELIVERY_PHASE = 1 << 16;

/** Not pure (keeps per-token tables): the keys of a growing ledger's lines, one seq after the other. */
export class DeliveryKeys {
  private readonly ledger: LedgerColumns;
  private lastStep = new Int32Array(1024).fill(-1);
  private prevStep = new Int32Array(1024).fill(-1);
  private lastLeader = new Int32Array(1024);
  private prevLeader = new Int32Array(1024);
  private groupStep = -1;
  private groupNode = -1;
  private groupTok = -2;
  private leader = 0;
  /** The key of the last line `next` read: step, phase·2¹⁶ + node, x (see the module comment). */
  step = 0;
  phaseNode = 0;
  x = 0;

  constructor(ledger: LedgerColumns) {
    this.ledger = ledger;
  }

  /** Reads line `seq` (lines must come in seq order, from 1); its key is left in `step`, `phaseNode`, `x`. */
  next(seq: number): void {
    const l = this.ledger;
    const step = l.stepOf(seq);
    const node = l.nodeOf(seq);
    const inTok = l.inputOf(seq);
    if (l.opOf(seq) === OP.TOKEN_GENERATED && l.nodes[node]!.nodeType === 'DataSource') {
      const ev = l.detailsAt(l.detailsRefOf(seq))?.['externalEvent'];
      if (typeof ev !== 'number') throw new Error(`e${seq}: a generated token, not an external event's`);
      this.phaseNode = node;
      this.x = ev;
      this.groupStep = step;
      this.groupNode = node;
      this.groupTok = -2;
      this.leader = seq;
    } else if (inTok >= 0 && (step !== this.groupStep || node !== this.groupNode || inTok !== this.groupTok)) {
      this.ensure(inTok);
      const parent =
        this.lastStep[inTok] === step - 1
          ? this.lastLeader[inTok]!
          : this.prevStep[inTok] === step - 1
            ? this.prevLeader[inTok]!
            : -1;
      if (parent < 0) throw new Error(`e${seq}: token ${l.tokens.id(inTok)} was not emitted in step ${step - 1}`);
      this.phaseNode = DELIVERY_PHASE + node;
      this.x = parent;
      this.groupStep = step;
      this.groupNode = node;
      this.groupTok = inTok;
      this.leader = seq;
    } else if (step !== this.groupStep || node !== this.groupNode) {
      throw new Error(
        `e${seq}: node "${l.nodes[node]!.nodeId}" wrote an event with no delivered token (a wake-up or end flush), which a shard cannot place`,
      );
    }
    this.step = step;
    const outTok = l.outputOf(seq);
    if (outTok >= 0) {
      this.ensure(outTok);
      if (this.lastStep[outTok] !== step && this.lastStep[outTok]! >= 0) {
        this.prevStep[outTok] = this.lastStep[outTok]!;
        this.prevLeader[outTok] = this.lastLeader[outTok]!;
      }
      this.lastStep[outTok] = step;
      this.lastLeader[outTok] = this.leader;
    }
  }

  private ensure(tok: number): void {
    if (tok < this.lastStep.length) return;
    let n = this.lastStep.length;
    while (n <= tok) n *= 2;
    const grow = (a: Int32Array<ArrayBuffer>, fill: number): Int32Array<ArrayBuffer> => {
      const b = new Int32Array(n).fill(fill);
      b.set(a);
      return b;
    };
    this.lastStep = grow(this.lastStep, -1);
    this.prevStep = grow(this.prevStep, -1);
    this.lastLeader = grow(this.lastLeader, 0);
    this.prevLeader = grow(this.prevLeader, 0);
  }
}
