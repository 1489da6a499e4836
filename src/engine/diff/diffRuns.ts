/**
 * The comparison of two runs held in memory, read straight from their ledgers' columns — the path
 * the worker and `flowledger diff <scenario>` take, and the one benchmark C1 measures. It answers
 * exactly what the line-by-line comparison (ledgerDiffer.ts) answers over the same ledgers' NDJSON
 * (a property test holds the two together), without writing or parsing a single line:
 *
 * - up to the divergence, event `seq` of both ledgers is compared field by field as its canonical
 *   line would be (step, timestamp, node id and kind, operation, states, tokens by id, correlation
 *   ids and canonical data, consumed token ids, canonical details);
 * - every event of both sides is tallied from the columns (node, operation, collected value, state);
 * - only the two events at the divergence are written out (and parsed back) to be shown.
 *
 * Nothing is copied: each ledger is held once, by its run. `pace` is awaited first, then every 16,384
 * events, so a caller can yield to other work or stop (by throwing).
 */
import { SINK_VALUES_SHOWN, type InputDifferences, type LedgerDiff } from '../../contract/diff';
import { canonicalJson } from '../ledger/canonical';
import type { Ledger } from '../ledger/ledger';
import { OP } from '../ledger/operations';
import { divergenceOf, parseEvent } from './ledgerDiffer';
import { RunTally, type NodeTally } from './runTally';
import { summaryRows } from './summaryRows';

/** What the comparison reads of a ledger (an engine's `LedgerView` has it). */
export type LedgerColumns = Pick<
  Ledger,
  | 'size'
  | 'nodes'
  | 'tokens'
  | 'startTime'
  | 'tickMs'
  | 'stepOf'
  | 'nodeOf'
  | 'opOf'
  | 'inputOf'
  | 'outputOf'
  | 'fromOf'
  | 'toOf'
  | 'inputCountOf'
  | 'inputAt'
  | 'detailsRefOf'
  | 'detailsAt'
  | 'line'
>;

/** Events between two awaits of `pace`. */
const PACE_EVERY = 1 << 14;
/** Slots of the cache of token pairs found the same (a power of two). */
const PAIR_SLOTS = 1 << 12;

/**
 * Not pure (awaits `pace`): compares run `a`'s ledger with run `b`'s; nodes are declared in each
 * ledger's scenario order. `why` is carried into the answer.
 */
export async function diffRuns(
  a: LedgerColumns,
  b: LedgerColumns,
  options: { why?: InputDifferences | null; pace?: () => Promise<void> } = {},
): Promise<LedgerDiff> {
  await options.pace?.();
  const same = new EventComparer(a, b);
  const common = Math.min(a.size, b.size);
  let k = 0; // the first seq that differs (0: none found yet)
  for (let seq = 1; seq <= common && k === 0; seq++) {
    if (!same.at(seq)) k = seq;
    if (options.pace && seq % PACE_EVERY === 0) await options.pace();
  }
  if (k === 0 && a.size !== b.size) k = common + 1;

  const tallyA = new RunTally(a.nodes);
  const tallyB = new RunTally(b.nodes);
  await tally(a, tallyA, options.pace);
  await tally(b, tallyB, options.pace);

  const shown = (l: LedgerColumns) => (k <= l.size ? parseEvent(l.line(k), 'a', k) : null);
  const at = k === 0 ? null : divergenceOf(shown(a), shown(b), k);
  return {
    identical: at === null,
    firstDivergentStep: at === null ? null : at.step,
    at,
    ledgers: { a: tallyA.side, b: tallyB.side },
    ...summaryRows(tallyA, tallyB),
    why: options.why ?? null,
  };
}

/** Not pure: counts every event of `l` into `t`. */
async function tally(l: LedgerColumns, t: RunTally, pace: (() => Promise<void>) | undefined): Promise<void> {
  const nodes: NodeTally[] = l.nodes.map((n) => t.node(n.nodeId, n.nodeType));
  for (let seq = 1; seq <= l.size; seq++) {
    const op = l.opOf(seq);
    const node = nodes[l.nodeOf(seq)]!;
    const collected = op === OP.TOKEN_COLLECTED;
    const value =
      collected && node.sink
        ? asWritten(l.inputOf(seq) >= 0 ? l.tokens.data(l.inputOf(seq))['value'] : undefined, node)
        : undefined;
    t.count(node, l.stepOf(seq), collected, value, op === OP.STATE_TRANSITION ? l.toOf(seq) : undefined);
    if (pace && seq % PACE_EVERY === 0) await pace();
  }
}

/**
 * Pure: a collected value as the ledger line holds it — a non-finite number is `null`, and an object
 * listed among the Sink's values is read back from its canonical JSON (so nested non-finite numbers
 * and `undefined` members read as the line has them).
 */
function asWritten(value: unknown, node: NodeTally): unknown {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value !== 'object' || value === null || node.sink!.values.length >= SINK_VALUES_SHOWN) return value;
  return JSON.parse(canonicalJson(value)) as unknown;
}

/** Not pure (caches): whether event `seq` of ledger `a` and of ledger `b` have the same canonical line. */
class EventComparer {
  private readonly sameClock: boolean;
  /** `pairs[ta & MASK] === tb + 1`: token ta of a was found the same as token tb of b (a token is an output, then an input). */
  private readonly pairs = new Int32Array(PAIR_SLOTS);
  private readonly pairedA = new Int32Array(PAIR_SLOTS).fill(-1);
  private readonly detailsA = new Map<number, string>();
  private readonly detailsB = new Map<number, string>();

  constructor(
    private readonly a: LedgerColumns,
    private readonly b: LedgerColumns,
  ) {
    this.sameClock = a.startTime === b.startTime && a.tickMs === b.tickMs;
  }

  at(seq: number): boolean {
    const { a, b } = this;
    const step = a.stepOf(seq);
    if (step !== b.stepOf(seq) || a.opOf(seq) !== b.opOf(seq)) return false;
    if (
      !this.sameClock &&
      canonicalJson(a.startTime + step * a.tickMs) !== canonicalJson(b.startTime + step * b.tickMs)
    )
      return false;
    const na = a.nodes[a.nodeOf(seq)]!;
    const nb = b.nodes[b.nodeOf(seq)]!;
    if (na.nodeId !== nb.nodeId || na.nodeType !== nb.nodeType) return false;
    if (a.fromOf(seq) !== b.fromOf(seq) || a.toOf(seq) !== b.toOf(seq)) return false;
    if (!this.sameToken(a.inputOf(seq), b.inputOf(seq)) || !this.sameToken(a.outputOf(seq), b.outputOf(seq)))
      return false;
    const consumed = a.inputCountOf(seq);
    if (consumed !== b.inputCountOf(seq)) return false;
    for (let i = 0; i < consumed; i++)
      if (a.tokens.id(a.inputAt(seq, i)) !== b.tokens.id(b.inputAt(seq, i))) return false;
    const ra = a.detailsRefOf(seq);
    const rb = b.detailsRefOf(seq);
    if (ra === 0 || rb === 0) return ra === rb;
    return details(a, ra, this.detailsA) === details(b, rb, this.detailsB);
  }

  /** Token `ta` of a and `tb` of b (or none) as the line writes them: id, correlation ids, canonical data. */
  private sameToken(ta: number, tb: number): boolean {
    if (ta < 0 || tb < 0) return ta < 0 && tb < 0;
    const slot = ta & (PAIR_SLOTS - 1);
    if (this.pairs[slot] === tb + 1 && this.pairedA[slot] === ta) return true;
    const x = this.a.tokens.get(ta);
    const y = this.b.tokens.get(tb);
    if (x.id !== y.id) return false;
    const cx = x.correlationIds;
    const cy = y.correlationIds;
    if (cx.length !== cy.length) return false;
    for (let i = 0; i < cx.length; i++) if (cx[i] !== cy[i]) return false;
    if (!sameData(x.data, y.data)) return false;
    this.pairs[slot] = tb + 1;
    this.pairedA[slot] = ta;
    return true;
  }
}

/**
 * Pure: whether two token data objects have the same canonical JSON. The common case — the same
 * keys, each holding a string or a finite number — is decided member by member; anything else
 * (nested values, non-finite numbers, `undefined` members) by the canonical texts.
 */
function sameData(x: Record<string, unknown>, y: Record<string, unknown>): boolean {
  if (x === y) return true;
  const keys = Object.keys(x);
  if (keys.length === Object.keys(y).length) {
    let plain = true;
    for (let i = 0; i < keys.length; i++) {
      const v = x[keys[i]!];
      if (typeof v === 'string' || (typeof v === 'number' && Number.isFinite(v))) {
        // Every key of x holds this value in y as well, and y has no more keys: the same members.
        if (!Object.hasOwn(y, keys[i]!) || y[keys[i]!] !== v) return false;
      } else {
        plain = false;
        break;
      }
    }
    if (plain) return true;
  }
  return canonicalJson(x) === canonicalJson(y);
}

/** Interned details repeat: their canonical text is kept per ref (for the first few thousand refs). */
function details(l: LedgerColumns, ref: number, cache: Map<number, string>): string {
  let text = cache.get(ref);
  if (text === undefined) {
    text = canonicalJson(l.detailsAt(ref));
    if (cache.size < 4096) cache.set(ref, text);
  }
  return text;
}
