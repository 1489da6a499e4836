/**
 * Lineage of a correlation id (DSL.md §6, seed 2.8): every ledger event up to a step that touched
 * a token carrying the id — as input, output or one of the tokens a merge consumed — ordered source
 * → sink (by step, then seq; seq order is both). It is read from the ledger's correlation index (a
 * chained posting list per id, filled as events are appended), so the cost is the length of the
 * answer, not the size of the ledger (TARGETS.md E5).
 *
 * Each element shows one token: the event's output token, else its input token, else the first
 * consumed token that carries the id (a merge that failed) — with its data. A transition also shows
 * `from` and `to`, and an event with details shows them (the output a Multiplexer chose, why a
 * token was dropped). A per-correlation-id FSM's timer transition touches no token: the FSM posts
 * it to the index under its instance's key, and its element has `tokenId` and `data` null.
 */
import type { Ledger } from '../ledger/ledger';
import type { LiveRun } from '../replay/liveRun';
import { operationName } from '../ledger/operations';
import type { Lineage, LineageElement, QueryResult } from '../../contract/queries';
import { checkStep, failure, ok } from './queryErrors';

/** Reads only: the lineage of `correlationId` up to `step` (default: the current step). */
export function lineage(run: LiveRun, correlationId: string, step?: number): QueryResult<Lineage> {
  const ledger = run.ledger;
  const key = typeof correlationId === 'string' ? ledger.table.findCorrelation(correlationId) : -1;
  if (key < 0) {
    return failure(
      'UNKNOWN_CORRELATION_ID',
      `no token of this run carries the correlation id "${String(correlationId)}"`,
      { correlationId },
    );
  }
  const checked = checkStep(step, run.step);
  if (!checked.ok) return checked;
  const seqs = ledger.seqsOfCorrelation(correlationId, ledger.lastSeqAt(checked.value));
  const path: LineageElement[] = new Array(seqs.length);
  for (let i = 0; i < seqs.length; i++) path[i] = lineageElement(ledger, seqs[i]!, key);
  return ok({ correlationId, step: checked.value, path });
}

/** Reads only: event `seq` as a lineage element, for the correlation id of key `key`. */
function lineageElement(ledger: Ledger, seq: number, key: number): LineageElement {
  const node = ledger.nodes[ledger.nodeOf(seq)]!;
  const step = ledger.stepOf(seq);
  let tok = ledger.outputOf(seq);
  if (tok < 0) tok = ledger.inputOf(seq);
  if (tok < 0 && ledger.inputCountOf(seq) > 0) tok = consumedCarrying(ledger, seq, key);
  // No token at all: an FSM timer transition posted under its instance's key (tokenId and data null).
  const token = tok < 0 ? null : ledger.tokens.get(tok);
  const element: LineageElement = {
    nodeId: node.nodeId,
    timestamp: ledger.startTime + step * ledger.tickMs,
    operation: operationName(ledger.opOf(seq)),
    data: token === null ? null : token.data,
    step,
    tokenId: token === null ? null : token.id,
    seq,
  };
  const from = ledger.fromOf(seq);
  if (from !== undefined) {
    element.from = from;
    element.to = ledger.toOf(seq)!;
  }
  const details = ledger.detailsOf(seq);
  if (details !== undefined) element.details = details;
  // What the shown token was made from (the Lineage panel's "what changed" compares with it).
  const output = ledger.outputOf(seq);
  if (output >= 0) {
    const input = ledger.inputOf(seq);
    const parents =
      input >= 0 && input !== output
        ? [input]
        : input < 0
          ? (ledger.inputTokensOf(seq) ?? []).filter((t) => t !== output)
          : [];
    if (parents.length > 0) element.parentTokenIds = parents.map((t) => ledger.tokens.id(t));
  }
  return element;
}

/** The first token consumed by merge event `seq` that carries correlation key `key` (else the first consumed). */
function consumedCarrying(ledger: Ledger, seq: number, key: number): number {
  const list = ledger.inputTokensOf(seq)!;
  const table = ledger.table;
  for (const t of list) {
    for (let k = table.corrStart[t]!; k < table.corrEnd[t]!; k++) if (table.pool.data[k] === key) return t;
  }
  return list[0]!;
}
