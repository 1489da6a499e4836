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
 * Keys are compared element by element. Lines of one delivery share a key and keep their order
 * inside their shard; two shards never share a key (every chain of keys starts at a distinct
 * external event), so the merge needs no tie-break between shards. Wake-ups (FSM timers) and
 * end-of-run flushes have no delivered token; templates using them are not shardable
 * (`shardable.ts`) and a line of that kind is refused here.
 */
import { OP } from '../ledger/operations';
import type { LedgerColumns } from '../ledger/ledgerLine';

/** A line's place in the single run (see the module comment). */
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

/**
 * Not pure (reads the ledger, keeps per-token tables): the order key of every event of `ledger`,
 * in seq order. Throws on a line it cannot place (a wake-up or an end flush).
 */
export function* orderKeys(ledger: LedgerColumns & { readonly size: number }): Generator<OrderKey> {
  // Per token: the last two (step, key) at which a line output it — a delivery at step t reads the
  // one of step t − 1 even if another node re-emitted the token earlier in step t.
  const lastStep = new Map<number, number>();
  const lastKey = new Map<number, OrderKey>();
  const prevStep = new Map<number, number>();
  const prevKey = new Map<number, OrderKey>();
  const setEmit = (tok: number, step: number, key: OrderKey): void => {
    const s = lastStep.get(tok);
    if (s !== undefined && s !== step) {
      prevStep.set(tok, s);
      prevKey.set(tok, lastKey.get(tok)!);
    }
    lastStep.set(tok, step);
    lastKey.set(tok, key);
  };
  const emittedAt = (tok: number, step: number): OrderKey | undefined => {
    if (lastStep.get(tok) === step) return lastKey.get(tok);
    if (prevStep.get(tok) === step) return prevKey.get(tok);
    return undefined;
  };
  const nodes = ledger.nodes;
  let groupStep = -1;
  let groupNode = -1;
  let groupTok = -2;
  let key: OrderKey = [];
  for (let seq = 1; seq <= ledger.size; seq++) {
    const step = ledger.stepOf(seq);
    const node = ledger.nodeOf(seq);
    const inTok = ledger.inputOf(seq);
    if (nodes[node]!.nodeType === 'DataSource' && ledger.opOf(seq) === OP.TOKEN_GENERATED) {
      const ev = ledger.detailsAt(ledger.detailsRefOf(seq))?.['externalEvent'];
      if (typeof ev !== 'number') throw new Error(`e${seq}: a generated token, not an external event's`);
      key = [step, 0, node, ev];
      groupStep = step;
      groupNode = node;
      groupTok = -2;
    } else if (inTok >= 0 && (step !== groupStep || node !== groupNode || inTok !== groupTok)) {
      const parent = emittedAt(inTok, step - 1);
      if (parent === undefined)
        throw new Error(`e${seq}: token ${ledger.tokens[inTok]!.id} was not emitted in step ${step - 1}`);
      key = [step, 1, node, ...parent];
      groupStep = step;
      groupNode = node;
      groupTok = inTok;
    } else if (step !== groupStep || node !== groupNode) {
      throw new Error(
        `e${seq}: node "${nodes[node]!.nodeId}" wrote an event with no delivered token (a wake-up or end flush), which a shard cannot place`,
      );
    }
    const outTok = ledger.outputOf(seq);
    if (outTok >= 0) setEmit(outTok, step, key);
    yield key;
  }
}
