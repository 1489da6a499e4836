/**
 * The order key of each line of a shard's ledger: where that line stands in the single run, so a
 * k-way merge of the shards restores the single run's order exactly.
 *
 * Inside a step the scheduler (run/scheduler.ts) first lets the due DataSources emit (node order,
 * each its events in queue order), then runs each node in node order over its inbox in arrival
 * order — and a node's inbox at step t holds what was emitted during step t − 1, in emission
 * order. So a line's place is:
 *   - a DataSource's TOKEN_GENERATED: `[t, 0, node, external event index]` (the index is global:
 *     a shard run keeps other shards' events as masked placeholders);
 *   - the lines a node writes while processing a delivered token T: `[t, 1, node, …key of the line
 *     that emitted T at step t − 1]` — the emitter's key orders the inbox.
 * Keys are compared element by element; they are written as text (`keyText`: 8 hex digits a
 * number) so that plain string comparison is that order. Lines of one delivery share a key and keep their order
 * inside their shard; two shards never share a key (every chain of keys starts at a distinct
 * external event), so the merge needs no tie-break between shards. Wake-ups (FSM timers) and
 * end-of-run flushes have no delivered token; templates using them are not shardable
 * (`shardable.ts`) and a line of that kind is refused here. So is the delivery of a token that
 * lines of two different keys sent on in the step before (two Multiplexers or pass-through
 * ProcessNodes that both got it from one fan-out): the ledger does not say which of them delivered
 * it, nor where one delivery's lines end, and keying it by either would misplace it.
 */
import { OP } from '../ledger/operations';
import type { LedgerColumns } from '../ledger/ledgerLine';

/** A line's place in the single run (see the module comment), as numbers. */
export type OrderKey = number[];

/**
 * Pure: `key` as text whose order (plain string comparison) is the keys' order: every number
 * (0 ≤ n < 2³²) as 8 lower-case hex digits. The merge compares these strings, never arrays.
 */
export function keyText(key: readonly number[]): string {
  let out = '';
  for (const n of key) out += (n >>> 0).toString(16).padStart(8, '0');
  return out;
}

/** Pure: negative, zero or positive as `a` comes before, with or after `b`. */
export function compareKeys(a: readonly number[], b: readonly number[]): number {
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) {
    const d = a[i]! - b[i]!;
    if (d !== 0) return d;
  }
  return a.length - b.length;
}

/** The key kept for a token that lines of different keys output in one step: no key is empty. */
const SENT_BY_MANY = '';

/** Pure: `n` (0 ≤ n < 2³²) as 8 lower-case hex digits. */
function hex(n: number): string {
  return (n >>> 0).toString(16).padStart(8, '0');
}

/**
 * Not pure (reads the ledger, keeps per-token tables): the order key of every event of `ledger`,
 * in seq order, as `keyText` gives it (strings that compare in the single run's order). Throws on
 * a line it cannot place (a wake-up or an end flush).
 */
export function* orderKeys(ledger: LedgerColumns & { readonly size: number }): Generator<string> {
  // Per token: the last two (step, key) at which a line output it — a delivery at step t reads the
  // one of step t − 1 even if another node re-emitted the token earlier in step t.
  const tokens = ledger.tokens.length;
  const lastStep = new Int32Array(tokens).fill(-1);
  const prevStep = new Int32Array(tokens).fill(-1);
  const lastKey: string[] = new Array<string>(tokens);
  const prevKey: string[] = new Array<string>(tokens);
  const nodes = ledger.nodes;
  const nodeText = nodes.map((_, i) => hex(i));
  let groupStep = -1;
  let groupNode = -1;
  let groupTok = -2;
  let key = '';
  let stepOfText = -1;
  let stepText = '';
  for (let seq = 1; seq <= ledger.size; seq++) {
    const step = ledger.stepOf(seq);
    if (step !== stepOfText) {
      stepOfText = step;
      stepText = hex(step);
    }
    const node = ledger.nodeOf(seq);
    const inTok = ledger.inputOf(seq);
    if (nodes[node]!.nodeType === 'DataSource' && ledger.opOf(seq) === OP.TOKEN_GENERATED) {
      const ev = ledger.detailsAt(ledger.detailsRefOf(seq))?.['externalEvent'];
      if (typeof ev !== 'number') throw new Error(`e${seq}: a generated token, not an external event's`);
      key = stepText + '00000000' + nodeText[node]! + hex(ev);
      groupStep = step;
      groupNode = node;
      groupTok = -2;
    } else if (inTok >= 0 && (step !== groupStep || node !== groupNode || inTok !== groupTok)) {
      const parent =
        lastStep[inTok] === step - 1 ? lastKey[inTok] : prevStep[inTok] === step - 1 ? prevKey[inTok] : undefined;
      if (parent === undefined)
        throw new Error(`e${seq}: token ${ledger.tokens.id(inTok)} was not emitted in step ${step - 1}`);
      if (parent === SENT_BY_MANY)
        throw new Error(
          `e${seq}: token ${ledger.tokens.id(inTok)} was sent on by more than one delivery in step ${step - 1}, so which one delivered it is unknown and a shard cannot place it`,
        );
      key = stepText + '00000001' + nodeText[node]! + parent;
      groupStep = step;
      groupNode = node;
      groupTok = inTok;
    } else if (step !== groupStep || node !== groupNode) {
      throw new Error(
        `e${seq}: node "${nodes[node]!.nodeId}" wrote an event with no delivered token (a wake-up or end flush), which a shard cannot place`,
      );
    }
    const outTok = ledger.outputOf(seq);
    if (outTok >= 0) {
      if (lastStep[outTok] === step) {
        if (lastKey[outTok] !== key) lastKey[outTok] = SENT_BY_MANY;
      } else {
        if (lastStep[outTok]! >= 0) {
          prevStep[outTok] = lastStep[outTok]!;
          prevKey[outTok] = lastKey[outTok]!;
        }
        lastStep[outTok] = step;
        lastKey[outTok] = key;
      }
    }
    yield key;
  }
}
