/**
 * A page of the ledger, filtered by node, operation, correlation id and step range. The candidate
 * events come from the most selective index the filter allows — a node's seq list, a correlation
 * id's postings, or the step index (a plain seq range) — so a page of an unfiltered or per-node
 * ledger is found by binary search, from anywhere in a million-event run, in time proportional to
 * the page. Only an operation filter (no index) reads the candidates' operation column once.
 */
import type { Ledger } from '../ledger/ledger';
import type { LiveRun } from '../replay/liveRun';
import { lowerBound } from '../lowerBound';
import { OP } from '../ledger/operations';
import type { LedgerPage, LedgerPageQuery, QueryResult } from '../../contract/queries';
import { failure, ok } from './queryErrors';
import { LEDGER_OPERATIONS, type LedgerEvent } from '../types';

export type { LedgerPageQuery } from '../../contract/queries';

/** Default and largest page size. */
export const LEDGER_PAGE = { defaultLimit: 100, maxLimit: 1000 } as const;

/**
 * Reads only: the events of `run` matching `query`, `offset` into them, at most `limit`. An
 * unknown node or operation, or a step range that is reversed, is INVALID_FILTER naming the
 * parameter; steps past the current one simply match nothing.
 */
export function ledgerPage(run: LiveRun, query: LedgerPageQuery = {}): QueryResult<LedgerPage> {
  const { ledger } = run;
  const offset = query.offset ?? 0;
  const limit = Math.min(query.limit ?? LEDGER_PAGE.defaultLimit, LEDGER_PAGE.maxLimit);
  if (!isCount(offset)) return bad('offset', offset, 'must be a whole number of at least 0');
  if (!isCount(limit) || limit < 1) return bad('limit', query.limit, 'must be a whole number of at least 1');
  const node = query.nodeId === undefined ? undefined : ledger.nodeIndex(query.nodeId);
  if (query.nodeId !== undefined && node === undefined)
    return bad('nodeId', query.nodeId, `names no node of this scenario`);
  if (query.operation !== undefined && !LEDGER_OPERATIONS.includes(query.operation))
    return bad('operation', query.operation, `must be one of ${LEDGER_OPERATIONS.join(', ')}`);
  for (const key of ['fromStep', 'toStep'] as const) {
    const v = query[key];
    if (v !== undefined && !isCount(v)) return bad(key, v, 'must be a whole number of at least 0');
  }
  if (query.fromStep !== undefined && query.toStep !== undefined && query.fromStep > query.toStep)
    return bad('toStep', query.toStep, `is before fromStep (${query.fromStep})`);

  // The seq range of the step range: [lo, hi].
  const lo = query.fromStep === undefined || query.fromStep === 0 ? 1 : ledger.lastSeqAt(query.fromStep - 1) + 1;
  const hi = query.toStep === undefined ? ledger.size : ledger.lastSeqAt(query.toStep);
  const op = query.operation === undefined ? -1 : OP[query.operation];
  const events: LedgerEvent[] = [];
  if (hi < lo) return ok({ total: 0, offset, limit, events });

  if (query.correlationId !== undefined) {
    const all = ledger.seqsOfCorrelation(query.correlationId, hi);
    const start = lowerBound(0, all.length, (i) => all[i]! < lo);
    const accept = (seq: number) =>
      (node === undefined || ledger.nodeOf(seq) === node) && (op < 0 || ledger.opOf(seq) === op);
    return ok(collect(ledger, all.length - start, (i) => all[start + i]!, accept, offset, limit));
  }
  if (node !== undefined) {
    const start = ledger.nodeEventCount(node, lo - 1);
    const count = ledger.nodeEventCount(node, hi) - start;
    const at = (i: number) => ledger.nodeEventSeq(node, start + i);
    return ok(collect(ledger, count, at, op < 0 ? null : (seq) => ledger.opOf(seq) === op, offset, limit));
  }
  return ok(
    collect(ledger, hi - lo + 1, (i) => lo + i, op < 0 ? null : (seq) => ledger.opOf(seq) === op, offset, limit),
  );
}

/**
 * Reads only: the page of the candidates `seqAt(0 … count-1)` (in seq order) that `accept` (null:
 * all), skipping `offset` matches. Without a predicate the page is addressed directly.
 */
function collect(
  ledger: Ledger,
  count: number,
  seqAt: (i: number) => number,
  accept: ((seq: number) => boolean) | null,
  offset: number,
  limit: number,
): LedgerPage {
  const events: LedgerEvent[] = [];
  if (accept === null) {
    for (let i = offset; i < count && events.length < limit; i++) events.push(ledger.get(seqAt(i)));
    return { total: count, offset, limit, events };
  }
  let total = 0;
  for (let i = 0; i < count; i++) {
    const seq = seqAt(i);
    if (!accept(seq)) continue;
    if (total >= offset && events.length < limit) events.push(ledger.get(seq));
    total++;
  }
  return { total, offset, limit, events };
}

function isCount(v: unknown): v is number {
  return typeof v === 'number' && Number.isSafeInteger(v) && v >= 0;
}

function bad<T>(parameter: string, value: unknown, rule: string): QueryResult<T> {
  return failure('INVALID_FILTER', `"${parameter}" ${rule}; got ${JSON.stringify(value) ?? String(value)}`, {
    parameter,
    value,
  });
}
